import { describe, expect, it } from "vitest";
import { creditLines, creditNoteNumber, financialYear, invoiceLines, invoiceNumber, MAX_INVOICE_SERIAL, splitGst, taxBreakup, type FiguredLine } from "./invoice.ts";

describe("invoice numbers", () => {
  it("follow India's April-to-March financial year, in India's time", () => {
    expect(financialYear(new Date("2026-11-23T10:00:00Z"))).toBe("2026-27");
    expect(financialYear(new Date("2027-03-31T18:30:00Z"))).toBe("2027-28");
    expect(financialYear(new Date("2027-03-31T18:29:00Z"))).toBe("2026-27");
  });
  it("are HT/, the financial year's two-digit years and a seven-digit serial", () => {
    expect(invoiceNumber(financialYear(new Date("2026-11-23T10:00:00Z")), 42)).toBe("HT/26-27/0000042");
    expect(invoiceNumber("2099-00", 1)).toBe("HT/99-00/0000001");
    expect(invoiceNumber("2026-27", MAX_INVOICE_SERIAL)).toBe("HT/26-27/9999999");
  });
  it("never exceed GST's 16 characters of letters, digits, '-' and '/', up to serial 9,999,999", () => {
    const serials = [1, MAX_INVOICE_SERIAL];
    for (let top = 10; top <= MAX_INVOICE_SERIAL + 1; top *= 10) serials.push(top - 1, top);
    for (let s = 1; s <= MAX_INVOICE_SERIAL; s += 9_973) serials.push(s);
    for (const fy of ["2026-27", "2099-00", "2100-01"]) {
      for (const serial of serials.filter((s) => s <= MAX_INVOICE_SERIAL)) {
        const number = invoiceNumber(fy, serial);
        expect(number.length).toBeLessThanOrEqual(16);
        expect(number).toMatch(/^[A-Za-z0-9/-]{1,16}$/);
      }
    }
  });
  it("refuse a serial they cannot hold, and a year that is not one", () => {
    expect(() => invoiceNumber("2026-27", MAX_INVOICE_SERIAL + 1)).toThrow(RangeError);
    expect(() => invoiceNumber("2026-27", 0)).toThrow(RangeError);
    expect(() => invoiceNumber("2026-27", 1.5)).toThrow(RangeError);
    expect(() => invoiceNumber("26-27", 1)).toThrow(RangeError);
  });
});

describe("credit notes (decision 065)", () => {
  it("are numbered CN/, a series of their own in GST's 16 characters", () => {
    expect(creditNoteNumber("2026-27", 1)).toBe("CN/26-27/0000001");
    expect(creditNoteNumber("2026-27", MAX_INVOICE_SERIAL)).toHaveLength(16);
    expect(() => creditNoteNumber("2026-27", 0)).toThrow(RangeError);
  });
  it("credit per line what it came to before less what it comes to now; unchanged lines are left out", () => {
    const line = (id: number, quantity: number, discountPaise: number, taxPaise: number, extra: Partial<FiguredLine> = {}): FiguredLine => ({
      id,
      title: `Item ${id}`,
      attribute: "",
      internalReference: `REF-${id}`,
      hsn: "0713",
      quantity,
      unitPricePaise: 10_000,
      taxRate: 5,
      discountPaise,
      taxPaise,
      ...extra,
    });
    const before = [line(1, 3, 300, 1_414), line(2, 1, 100, 471), line(3, 1, 0, 476, { weighedPaise: 9_000, unitPricePaise: 10_000 })];
    // Two of the first taken back, the third (weighed) taken back whole, the coupon's share moved.
    const after = [line(1, 1, 100, 471), line(2, 1, 100, 471)];
    expect(creditLines(before, after)).toEqual([
      { title: "Item 1", attribute: "", internalReference: "REF-1", hsn: "0713", taxRate: 5, quantity: 2, amountPaise: 19_800, taxPaise: 943 },
      { title: "Item 3", attribute: "", internalReference: "REF-3", hsn: "0713", taxRate: 5, quantity: 1, amountPaise: 9_000, taxPaise: 476 },
    ]);
  });
});

describe("GST", () => {
  it("splits into CGST and SGST that sum to the tax", () => {
    expect(splitGst(1_800)).toEqual({ cgstPaise: 900, sgstPaise: 900 });
    expect(splitGst(951)).toEqual({ cgstPaise: 475, sgstPaise: 476 });
  });
  it("gives each line its rate, taxable value and tax, and totals that add up", () => {
    const { lines, totals } = invoiceLines([
      { title: "Masoor Dal", attribute: "Net Weight 1 kg", internalReference: "A", quantity: 2, unitPricePaise: 12_900, taxRate: 5, discountPaise: 1_000, taxPaise: 1_181 },
      { title: "Glass", attribute: "", internalReference: "B", quantity: 1, unitPricePaise: 59_900, taxRate: 18, discountPaise: 0, taxPaise: 9_137 },
    ]);
    expect(lines[0]).toMatchObject({ description: "Masoor Dal (Net Weight 1 kg)", ratePaise: 12_286, totalPaise: 24_800, taxableValuePaise: 23_619, cgstPaise: 590, sgstPaise: 591 });
    expect(lines[1]).toMatchObject({ description: "Glass", totalPaise: 59_900, taxableValuePaise: 50_763 });
    expect(totals.totalPaise).toBe(84_700);
    expect(totals.taxableValuePaise + totals.cgstPaise + totals.sgstPaise).toBe(totals.totalPaise);
  });
  it("carries each line's HSN code and puts the whole tax in IGST across states", () => {
    const source = [
      { title: "Masoor Dal", attribute: "Net Weight 1 kg", internalReference: "A", hsn: "0713", quantity: 2, unitPricePaise: 12_900, taxRate: 5, discountPaise: 1_000, taxPaise: 1_181 },
      { title: "Glass", attribute: "", internalReference: "B", hsn: "7013", quantity: 1, unitPricePaise: 59_900, taxRate: 18, discountPaise: 0, taxPaise: 9_137 },
      { title: "Almonds", attribute: "", internalReference: "C", quantity: 1, unitPricePaise: 11_200, taxRate: 5, discountPaise: 0, taxPaise: 533 },
    ];
    const inter = invoiceLines(source, "inter-state");
    expect(inter.lines.map((l) => l.hsn)).toEqual(["0713", "7013", ""]);
    expect(inter.lines[0]).toMatchObject({
      unitPricePaise: 12_900,
      grossPaise: 25_800,
      discountPaise: 1_000,
      taxableValuePaise: 23_619,
      igstPaise: 1_181,
      cgstPaise: 0,
      sgstPaise: 0,
      totalPaise: 24_800,
    });
    expect(inter.totals).toMatchObject({ grossPaise: 96_900, discountPaise: 1_000, igstPaise: 10_851, cgstPaise: 0, sgstPaise: 0, taxPaise: 10_851, totalPaise: 95_900 });
    const intra = invoiceLines(source);
    expect(intra.totals).toMatchObject({ cgstPaise: 590 + 4_568 + 266, sgstPaise: 591 + 4_569 + 267, igstPaise: 0, totalPaise: 95_900 });
    for (const { lines, totals } of [inter, intra]) {
      for (const l of lines) {
        expect(l.grossPaise - l.discountPaise).toBe(l.totalPaise);
        expect(l.taxableValuePaise + l.cgstPaise + l.sgstPaise + l.igstPaise).toBe(l.totalPaise);
      }
      expect(totals.taxableValuePaise + totals.taxPaise).toBe(totals.totalPaise);
    }
  });
  it("sums the tax by rate for the breakup", () => {
    const { lines } = invoiceLines([
      { title: "A", attribute: "", internalReference: "A", quantity: 1, unitPricePaise: 10_500, taxRate: 5, discountPaise: 0, taxPaise: 500 },
      { title: "B", attribute: "", internalReference: "B", quantity: 1, unitPricePaise: 11_800, taxRate: 18, discountPaise: 0, taxPaise: 1_800 },
      { title: "C", attribute: "", internalReference: "C", quantity: 2, unitPricePaise: 2_100, taxRate: 5, discountPaise: 0, taxPaise: 200 },
    ]);
    expect(taxBreakup(lines)).toEqual([
      { taxRate: 5, taxableValuePaise: 14_000, cgstPaise: 350, sgstPaise: 350, igstPaise: 0, taxPaise: 700 },
      { taxRate: 18, taxableValuePaise: 10_000, cgstPaise: 900, sgstPaise: 900, igstPaise: 0, taxPaise: 1_800 },
    ]);
  });
});
