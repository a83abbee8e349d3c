import { describe, expect, it } from "vitest";
import { financialYear, invoiceLines, invoiceNumber, splitGst } from "./invoice.ts";

describe("invoice numbers", () => {
  it("follow India's April-to-March financial year, in India's time", () => {
    expect(financialYear(new Date("2026-11-23T10:00:00Z"))).toBe("2026-27");
    expect(financialYear(new Date("2027-03-31T18:30:00Z"))).toBe("2027-28");
    expect(financialYear(new Date("2027-03-31T18:29:00Z"))).toBe("2026-27");
    expect(invoiceNumber(123, new Date("2026-11-23T10:00:00Z"))).toBe("HAAT/2026-27/000123");
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
});
