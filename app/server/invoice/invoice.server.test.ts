// The GST tax invoice as a reader gets it: rendered by pdfkit, read back by pdftotext
// (issue 11 points 8 and 9). Every figure is checked, in its row and column order.
import { describe, expect, it } from "vitest";
import { pdfLayoutText, pdfWords } from "../../../tests/pdf-text.ts";
import { priceOrder } from "../../domain/pricing.ts";
import { store } from "../../domain/store-config.ts";
import { creditLines, currentSupplier, invoiceDocumentOf } from "../../domain/invoice.ts";
import type { IssuedInvoice, OrderLineView, OrderView } from "../shop/port.server.ts";
import { creditNotePdf, invoicePdf, orderSummaryPdf, scriptRuns } from "./invoice.server.ts";

type Item = Pick<OrderLineView, "title" | "titleHi" | "attribute" | "internalReference" | "hsn" | "quantity" | "unitPricePaise" | "mrpPaise" | "taxRate">;

/** An order as placing it would fix it: lines priced (coupon spread, tax inside) by the one pricing function. */
function orderOf(items: Item[], options: { state: string; couponPaise?: number; name?: string; id?: number; cancelled?: boolean }): OrderView {
  const pricing = priceOrder(
    items.map((i) => ({ ...i, pricePaise: i.unitPricePaise })),
    options.couponPaise ?? 0,
  );
  return {
    id: options.id ?? 42,
    // The number people see, its own series (decision 065): not the id.
    number: 7,
    state: options.cancelled ? "cancelled" : "confirmed",
    placedAt: new Date("2026-11-23T10:00:00Z"),
    invoice: null,
    creditNotes: [],
    cancelledAt: null,
    paymentMethod: "cod",
    payment: { state: "cod", method: null, providerPaymentId: null },
    slot: null,
    stage: "placed",
    events: [],
    prepaidDiscountPaise: 0,
    couponCode: options.couponPaise ? "WELCOME10" : null,
    subtotalPaise: pricing.subtotalPaise,
    discountPaise: pricing.couponPaise,
    taxPaise: pricing.taxPaise,
    totalPaise: pricing.totalPaise,
    deliveryAddress: {
      name: options.name ?? "राम शर्मा",
      phone: "9876543210",
      email: "ram@example.in",
      street: "12 Golf Course Road",
      street2: "",
      city: options.state === "Haryana" ? "Gurgaon" : "Bengaluru",
      state: options.state,
      zip: options.state === "Haryana" ? "122002" : "560001",
      country: "India",
    },
    lines: pricing.lines.map((l, n) => ({
      id: n + 1,
      title: l.title,
      ...(l.titleHi ? { titleHi: l.titleHi } : {}),
      attribute: l.attribute,
      internalReference: l.internalReference,
      hsn: l.hsn,
      image: "",
      quantity: l.quantity,
      unitPricePaise: l.unitPricePaise,
      mrpPaise: l.mrpPaise,
      taxRate: l.taxRate,
      discountPaise: l.discountPaise,
      taxPaise: l.taxPaise,
      productId: n + 1,
    })),
  };
}

/** The order's tax invoice as issued when it left the shop, two days after it was placed. */
function issued(order: OrderView): IssuedInvoice {
  return { number: "HT/26-27/0000042", issuedAt: new Date("2026-11-25T06:00:00Z"), document: invoiceDocumentOf(order, currentSupplier()) };
}

const items: Item[] = [
  {
    title: "Haat Select Masoor Dal (Malka)",
    attribute: "Net Weight 1 kg",
    internalReference: "GP-PUL-MSR-1KG",
    hsn: "0713",
    quantity: 2,
    unitPricePaise: 12_900,
    mrpPaise: 14_000,
    taxRate: 5,
  },
  {
    title: "Clearcut Stemmed Wine Glasses",
    attribute: "Set Size 2",
    internalReference: "GM-BAR-WINE-2",
    hsn: "7013",
    quantity: 1,
    unitPricePaise: 59_900,
    mrpPaise: 59_900,
    taxRate: 18,
  },
  { title: "Aravalli Farms Desi Tomatoes", attribute: "Net Weight 1 kg", internalReference: "FB-TOM-1KG", hsn: "0702", quantity: 3, unitPricePaise: 4_000, mrpPaise: 4_500, taxRate: 0 },
];

/** Words drawn over one another (pdftotext -bbox): none on a readable page. */
function clashes(pdf: Uint8Array): string[] {
  const words = pdfWords(pdf);
  const clash: string[] = [];
  for (let i = 0; i < words.length; i++) {
    for (let j = i + 1; j < words.length; j++) {
      const a = words[i]!;
      const b = words[j]!;
      if (a.page !== b.page) continue;
      const dx = Math.min(a.xMax, b.xMax) - Math.max(a.xMin, b.xMin);
      const dy = Math.min(a.yMax, b.yMax) - Math.max(a.yMin, b.yMin);
      if (dx > 0.5 && dy > 0.5) clash.push(`${a.text} / ${b.text} on page ${a.page}`);
    }
  }
  return clash;
}

/** The text line that holds `marker`, with runs of spaces made one. */
function rowOf(text: string, marker: string): string {
  const line = text
    .split("\n")
    .map((l) => ` ${l.replace(/\s+/g, " ").trim()} `)
    .find((l) => l.includes(marker));
  expect(line, `a line with ${marker}`).toBeDefined();
  return line!.trim();
}

describe("the tax invoice, as pdftotext reads it", () => {
  it("within Haryana: the Devanagari name, GSTIN, place of supply, HSN codes and CGST + SGST, every figure", async () => {
    const text = pdfLayoutText(await invoicePdf(issued(orderOf(items, { state: "Haryana", couponPaise: 1_000 }))));
    expect(text).toContain("TAX INVOICE");
    expect(text).toContain(store.company.legalName);
    expect(text).toContain("GSTIN: 06AAACH0000A1ZV");
    expect(text).toContain("State: Haryana (06)");
    expect(text).toContain("Invoice number: HT/26-27/0000042");
    expect(text).toContain("Invoice date: 25 Nov 2026");
    expect(text).toContain("Order number: #7");
    expect(text).toContain("Order date: 23 Nov 2026");
    expect(text).toContain("Reverse charge: No");
    // The buyer's name in Devanagari, in logical order (conjuncts shaped, text extractable).
    expect(text).toContain("राम शर्मा");
    expect(text).toContain("12 Golf Course Road, Gurgaon, Haryana 122002");
    expect(text).toContain("Place of supply: Haryana (06)");

    expect(rowOf(text, "Item")).toBe("Item HSN Qty Unit price Discount Taxable value GST CGST SGST Amount");
    expect(text).not.toContain("IGST");
    // HSN, quantity, unit price (incl. GST), discount, taxable value, rate, CGST, SGST, amount.
    // (The item's description wraps within its column; the figures sit on its first line.)
    expect(rowOf(text, "Masoor Dal")).toMatch(/^Haat Select Masoor Dal .* 0713 2 ₹129\.00 ₹2\.64 ₹243\.20 5% ₹6\.08 ₹6\.08 ₹255\.36$/);
    expect(rowOf(text, "Wine Glasses")).toMatch(/^Clearcut Stemmed Wine Glasses .* 7013 1 ₹599\.00 ₹6\.13 ₹502\.43 18% ₹45\.22 ₹45\.22 ₹592\.87$/);
    expect(rowOf(text, "Desi Tomatoes")).toMatch(/^Aravalli Farms Desi Tomatoes .* 0702 3 ₹40\.00 ₹1\.23 ₹118\.77 0% ₹0\.00 ₹0\.00 ₹118\.77$/);
    expect(rowOf(text, "Total ")).toBe("Total 6 ₹10.00 ₹864.40 ₹51.30 ₹51.30 ₹967.00");

    // The tax by rate, and the order's totals beside it.
    expect(rowOf(text, "Tax breakup")).toBe("Tax breakup (CGST + SGST: supply within the state) Items total (incl. GST) ₹977.00");
    expect(rowOf(text, "GST rate Taxable")).toBe("GST rate Taxable value CGST SGST Total tax Coupon WELCOME10 -₹10.00");
    expect(rowOf(text, "Delivery")).toBe("0% ₹118.77 ₹0.00 ₹0.00 ₹0.00 Delivery Free");
    expect(rowOf(text, " 5% ₹243.20")).toBe("5% ₹243.20 ₹6.08 ₹6.08 ₹12.16");
    expect(rowOf(text, " 18% ₹502.43")).toBe("18% ₹502.43 ₹45.22 ₹45.22 ₹90.44 Grand total ₹967.00");
    expect(rowOf(text, "Total ₹864.40")).toBe("Total ₹864.40 ₹51.30 ₹51.30 ₹102.60");
    expect(text).toContain("Supply within Haryana: GST is charged as CGST and SGST, half each.");
    expect(text).toContain("HT/26-27/0000042 | Page 1 of 1");
  });

  it("to Karnataka: IGST instead of CGST + SGST, every figure", async () => {
    const text = pdfLayoutText(await invoicePdf(issued(orderOf(items, { state: "Karnataka", couponPaise: 1_000 }))));
    expect(text).toContain("राम शर्मा");
    expect(text).toContain("GSTIN: 06AAACH0000A1ZV");
    expect(text).toContain("Supplier's state: Haryana (06)");
    expect(text).toContain("12 Golf Course Road, Bengaluru, Karnataka 560001");
    expect(text).toContain("Place of supply: Karnataka (29)");
    expect(rowOf(text, "Item")).toBe("Item HSN Qty Unit price Discount Taxable value GST IGST Amount");
    expect(text).not.toMatch(/CGST|SGST/);
    expect(rowOf(text, "Masoor Dal")).toMatch(/^Haat Select Masoor Dal .* 0713 2 ₹129\.00 ₹2\.64 ₹243\.20 5% ₹12\.16 ₹255\.36$/);
    expect(rowOf(text, "Wine Glasses")).toMatch(/^Clearcut Stemmed Wine Glasses .* 7013 1 ₹599\.00 ₹6\.13 ₹502\.43 18% ₹90\.44 ₹592\.87$/);
    expect(rowOf(text, "Desi Tomatoes")).toMatch(/^Aravalli Farms Desi Tomatoes .* 0702 3 ₹40\.00 ₹1\.23 ₹118\.77 0% ₹0\.00 ₹118\.77$/);
    expect(rowOf(text, "Total ")).toBe("Total 6 ₹10.00 ₹864.40 ₹102.60 ₹967.00");
    expect(rowOf(text, "Tax breakup")).toBe("Tax breakup (IGST: supply to another state) Items total (incl. GST) ₹977.00");
    expect(rowOf(text, "GST rate Taxable")).toBe("GST rate Taxable value IGST Total tax Coupon WELCOME10 -₹10.00");
    expect(rowOf(text, "Delivery")).toBe("0% ₹118.77 ₹0.00 ₹0.00 Delivery Free");
    expect(rowOf(text, " 5% ₹243.20")).toBe("5% ₹243.20 ₹12.16 ₹12.16");
    expect(rowOf(text, " 18% ₹502.43")).toBe("18% ₹502.43 ₹90.44 ₹90.44 Grand total ₹967.00");
    expect(rowOf(text, "Total ₹864.40")).toBe("Total ₹864.40 ₹102.60 ₹102.60");
    expect(text).toContain("Inter-state supply from Haryana to Karnataka: GST is charged as IGST.");
  });

  it("a long order: long names wrap in their column, pages break with the header again, Indian digit grouping, and no two words overlap", async () => {
    const many: Item[] = Array.from({ length: 40 }, (_, i) => ({
      title: `Kiln & Co. Bone China Dinner Set, hand-painted with a gold rim, microwave-safe, for twelve people (${i + 1})`,
      attribute: "Set Size 18",
      internalReference: `GM-DIN-BONE-18-${i + 1}`,
      hsn: "6911",
      quantity: 3,
      unitPricePaise: 12_49_900,
      mrpPaise: 12_49_900,
      taxRate: 18,
    }));
    const pdf = await invoicePdf(issued(orderOf(many, { state: "Karnataka", name: "Asha Verma" })));
    const text = pdfLayoutText(pdf);
    const pages = text.split("\f").filter((p) => p.trim());
    expect(pages.length).toBeGreaterThan(1);
    pages.forEach((page, i) => {
      expect(page).toContain(`Page ${i + 1} of ${pages.length}`);
      if (page.includes("Kiln & Co.")) expect(page).toMatch(/Item\s+HSN\s+Qty/);
    });
    // 40 × 3 × ₹12,499.00 = ₹14,99,880.00, in lakhs and crores.
    expect(rowOf(text, "Grand total")).toMatch(/Grand total ₹14,99,880\.00$/);
    expect(rowOf(text, "Total ₹")).toMatch(/^Total ₹12,71,084\.80 ₹2,28,795\.20 ₹2,28,795\.20/);
    // The 40th name wrapped: its end is on a line of its own, below the row's figures.
    expect(rowOf(text, "(40)")).toBe("people (40) (Set Size 18)");
    expect(text).toContain("₹37,497.00");

    expect(pdfWords(pdf).length).toBeGreaterThan(1000);
    expect(clashes(pdf)).toEqual([]);
  });

  it("prints a product's Hindi name under its English one, in English's invoice (issue 27)", async () => {
    const text = pdfLayoutText(await invoicePdf(issued(orderOf([{ ...items[0]!, titleHi: "हाट सिलेक्ट मसूर दाल (मलका)" }, items[1]!], { state: "Haryana" }))));
    expect(text).toContain("TAX INVOICE");
    expect(rowOf(text, "Masoor Dal")).toMatch(/^Haat Select Masoor Dal .* 0713 2 ₹129\.00/);
    expect(text).toContain("हाट सिलेक्ट मसूर दाल (मलका)");
    // Only where the catalogue has a Hindi name.
    expect(text.split("\n").filter((l) => /[\u0900-\u097f]/.test(l) && !l.includes("राम शर्मा"))).toHaveLength(1);
  });

  it("says when the order was cancelled, and prints a missing HSN code as a dash", async () => {
    const text = pdfLayoutText(await invoicePdf(issued(orderOf([{ ...items[0]!, hsn: "" }], { state: "HR", cancelled: true }))));
    expect(text).toContain("This order was cancelled.");
    expect(text).toContain("Place of supply: Haryana (06)");
    expect(rowOf(text, "Masoor Dal")).toContain(" - 2 ₹129.00");
  });

  it("is frozen: it prints what was issued, whatever the order became since (decision 065)", async () => {
    const order = orderOf(items, { state: "Haryana" });
    const invoice = issued(order);
    order.lines[0]!.quantity = 1;
    order.totalPaise = 1;
    order.deliveryAddress.name = "Someone Else";
    const text = pdfLayoutText(await invoicePdf(invoice));
    expect(rowOf(text, "Masoor Dal")).toMatch(/ 0713 2 ₹129\.00 /);
    expect(rowOf(text, "Grand total")).toMatch(/Grand total ₹977\.00$/);
    expect(text).toContain("राम शर्मा");
    expect(text).not.toContain("Someone Else");
  });
});

describe("the order summary, before the order leaves the shop", () => {
  it("is not a tax invoice: no invoice number, and it says when the invoice comes; the same figures", async () => {
    const pdf = await orderSummaryPdf(orderOf(items, { state: "Haryana", couponPaise: 1_000 }));
    expect(clashes(pdf)).toEqual([]);
    const text = pdfLayoutText(pdf);
    expect(text).toContain("ORDER SUMMARY");
    expect(text).toContain("Not a tax invoice");
    expect(text).not.toMatch(/TAX INVOICE|Invoice number|Invoice date|HT\//);
    expect(text).toContain("Order number: #7");
    expect(text).toContain("Order date: 23 Nov 2026");
    expect(text.replace(/\s+/g, " ")).toContain(
      "This is not a tax invoice. The tax invoice is issued once, when the order leaves the shop (Out for delivery), with what was packed and weighed.",
    );
    expect(rowOf(text, "Masoor Dal")).toMatch(/^Haat Select Masoor Dal .* 0713 2 ₹129\.00 ₹2\.64 ₹243\.20 5% ₹6\.08 ₹6\.08 ₹255\.36$/);
    expect(rowOf(text, "Grand total")).toMatch(/Grand total ₹967\.00$/);
    expect(text).toContain("Order #7 | Page 1 of 1");
    expect(text).not.toContain("Authorised signatory");
  });
});

describe("a credit note", () => {
  it("names its own number, the invoice it reduces, what was taken back and its GST, split as the invoice's", async () => {
    const before = orderOf(items, { state: "Haryana" });
    const after = orderOf([{ ...items[0]!, quantity: 1 }, items[1]!, items[2]!], { state: "Haryana" });
    const lines = creditLines(before.lines, after.lines);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ internalReference: "GP-PUL-MSR-1KG", quantity: 1, amountPaise: 12_900 });
    const tax = lines[0]!.taxPaise;
    const pdf = await creditNotePdf({
      id: 1,
      number: "CN/26-27/0000001",
      issuedAt: new Date("2026-11-26T06:00:00Z"),
      document: {
        orderId: 42,
        orderNumber: 7,
        invoiceNumber: "HT/26-27/0000042",
        invoiceDate: "2026-11-25T06:00:00.000Z",
        reason: "Goods taken back after the order left the shop",
        settlement: "cash",
        deliveryAddress: before.deliveryAddress,
        lines,
        totalPaise: 12_900,
        taxPaise: tax,
        supplier: currentSupplier(),
      },
    });
    const text = pdfLayoutText(pdf);
    expect(text).toContain("CREDIT NOTE");
    expect(text).not.toContain("TAX INVOICE");
    expect(text).toContain("Credit note number: CN/26-27/0000001");
    expect(text).toContain("Credit note date: 26 Nov 2026");
    expect(text).toContain("Against tax invoice: HT/26-27/0000042 of 25 Nov 2026");
    expect(text).toContain("Order number: #7");
    expect(text).toContain("GSTIN: 06AAACH0000A1ZV");
    expect(text).toContain("Place of supply: Haryana (06)");
    const cgst = Math.floor(tax / 2);
    const rupees = (p: number) => `₹${(p / 100).toFixed(2)}`;
    expect(rowOf(text, "Masoor Dal")).toMatch(
      new RegExp(
        `^Haat Select Masoor Dal .* 0713 1 ${rupees(12_900 - tax).replace(".", "\\.")} 5% ${rupees(cgst).replace(".", "\\.")} ${rupees(tax - cgst).replace(".", "\\.")} ₹129\\.00$`,
      ),
    );
    expect(rowOf(text, "Total credited")).toMatch(/Total credited ₹129\.00$/);
    expect(text).toContain("CN/26-27/0000001 | Page 1 of 1");
    expect(clashes(pdf)).toEqual([]);
  });
});

describe("scriptRuns", () => {
  it("cuts mixed text where the script changes, spaces staying with the run before", () => {
    expect(scriptRuns("Flat 4B, शांति निवास, Gurgaon")).toEqual([
      { text: "Flat 4B, ", script: "latin" },
      { text: "शांति निवास", script: "devanagari" },
      { text: ", Gurgaon", script: "latin" },
    ]);
    expect(scriptRuns("राम शर्मा")).toEqual([{ text: "राम शर्मा", script: "devanagari" }]);
    expect(scriptRuns("₹1,299")).toEqual([{ text: "₹1,299", script: "latin" }]);
  });
});
