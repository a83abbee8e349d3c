// The packing slip as the packer reads it (pdftotext): the order, its slot, where it goes, what
// to collect, and each line with its reference and quantity.
import { describe, expect, it } from "vitest";
import { pdfLayoutText } from "../../../tests/pdf-text.ts";
import type { OrderView } from "../shop/port.server.ts";
import { collectLine, packingSlipPdf } from "./packing-slip.server.ts";

const line = (id: number, title: string, attribute: string, internalReference: string, quantity: number) => ({
  id,
  title,
  attribute,
  internalReference,
  quantity,
  image: "",
  unitPricePaise: 10_000,
  mrpPaise: 10_000,
  taxRate: 5,
  discountPaise: 0,
  taxPaise: 476,
  hsn: "",
  productId: id,
});

const order: OrderView = {
  id: 77,
  state: "confirmed",
  placedAt: new Date("2026-11-23T10:00:00Z"),
  invoiceNumber: "HT/26-27/0000077",
  cancelledAt: null,
  paymentMethod: "cod",
  payment: { state: "cod", method: null, providerPaymentId: null },
  slot: { date: "2026-11-25", kind: "morning", label: "Wed, 25 Nov, Morning 8-12" },
  stage: "confirmed",
  events: [],
  prepaidDiscountPaise: 0,
  couponCode: null,
  subtotalPaise: 50_000,
  discountPaise: 0,
  taxPaise: 2_380,
  totalPaise: 50_050,
  deliveryAddress: {
    name: "राम शर्मा",
    phone: "9876501234",
    email: "ram@example.in",
    street: "9 MG Road",
    street2: "",
    city: "Gurgaon",
    state: "Haryana",
    zip: "122002",
    country: "India",
  },
  lines: [line(1, "Haat Select Jowar Flour", "Net Weight 1 kg", "GP-FLR-JWR-1KG", 3), line(2, "Aravalli Farms Desi Tomatoes", "Net Weight 1 kg", "FB-TOM-1KG", 2)],
};

describe("the packing slip", () => {
  it("gives the packer the slot, the address and phone, what to collect and every line to tick", async () => {
    const text = pdfLayoutText(await packingSlipPdf(order));
    expect(text).toContain("PACKING SLIP");
    expect(text).toContain("Order #77");
    expect(text).toContain("Delivery slot: Wed, 25 Nov, Morning 8-12");
    expect(text).toContain("Cash on delivery: collect ₹500.50");
    expect(text).toContain("Deliver to: राम शर्मा, 9 MG Road, Gurgaon, Haryana 122002");
    expect(text).toContain("Phone: 9876501234");
    expect(text).toMatch(/Haat Select Jowar Flour \(Net Weight 1 kg\)\s+GP-FLR-JWR-1KG\s+3/);
    expect(text).toMatch(/Aravalli Farms Desi Tomatoes \(Net Weight 1 kg\)\s+FB-TOM-1KG\s+2/);
    expect(text).toContain("5 items in 2 lines");
  });

  it("says a cancelled order is not to be packed", async () => {
    expect(pdfLayoutText(await packingSlipPdf({ ...order, state: "cancelled" }))).toContain("CANCELLED: DO NOT PACK");
  });

  it("says a paid order has nothing to collect", () => {
    expect(collectLine({ ...order, payment: { state: "paid", method: "upi", providerPaymentId: "pay_1" } })).toBe("Paid online (UPI): nothing to collect");
  });
});
