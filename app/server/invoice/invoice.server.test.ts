import { describe, expect, it } from "vitest";
import type { OrderView } from "../shop/port.server.ts";
import { invoicePdf } from "./invoice.server.ts";
import { pdfText } from "./pdf.server.ts";

const order: OrderView = {
  id: 42,
  state: "confirmed",
  placedAt: new Date("2026-11-23T10:00:00Z"),
  cancelledAt: null,
  paymentMethod: "cod",
  couponCode: "WELCOME10",
  subtotalPaise: 85_700,
  discountPaise: 1_000,
  taxPaise: 10_318,
  totalPaise: 84_700,
  deliveryAddress: {
    name: "Asha Verma",
    phone: "9876543210",
    email: "",
    street: "12 Golf Course Road",
    street2: "",
    city: "Gurgaon",
    state: "Haryana",
    zip: "122002",
    country: "India",
  },
  lines: [
    {
      title: "Masoor Dal (Malka)",
      attribute: "Net Weight 1 kg",
      internalReference: "A",
      image: "",
      quantity: 2,
      unitPricePaise: 12_900,
      mrpPaise: 14_000,
      taxRate: 5,
      discountPaise: 1_000,
      taxPaise: 1_181,
      productId: 1,
    },
    {
      title: "Wine Glasses",
      attribute: "",
      internalReference: "B",
      image: "",
      quantity: 1,
      unitPricePaise: 59_900,
      mrpPaise: 59_900,
      taxRate: 18,
      discountPaise: 0,
      taxPaise: 9_137,
      productId: 2,
    },
  ],
};

describe("invoicePdf", () => {
  it("is a PDF with the invoice and order numbers, the GST split and the total", () => {
    const pdf = invoicePdf(order);
    const text = pdf.toString("latin1");
    expect(text.startsWith("%PDF-1.4")).toBe(true);
    expect(text.trimEnd().endsWith("%%EOF")).toBe(true);
    for (const s of ["TAX INVOICE", "HAAT/2026-27/000042", "Order number: #42", "Asha Verma", "CGST", "SGST", "Rs. 847.00", "Masoor Dal \\(Malka\\) \\(Net Weight 1 kg\\)"]) {
      expect(text).toContain(s);
    }
    // The cross-reference table points at each object.
    const xref = Number(/startxref\n(\d+)/.exec(text)![1]);
    expect(text.slice(xref, xref + 4)).toBe("xref");
  });

  it("keeps text inside the standard fonts' characters", () => {
    expect(pdfText("₹1,299 – (best)")).toBe("Rs. 1,299 - \\(best\\)");
    expect(pdfText("Café")).toBe("Cafe");
  });
});
