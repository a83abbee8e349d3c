// The packing slip as the packer reads it (pdftotext): the order, its slot, where it goes, what
// to collect, and each line with its reference and quantity.
import fs from "node:fs";
import * as fontkit from "fontkit";
import { describe, expect, it } from "vitest";
import { pdfLayoutText } from "../../../tests/pdf-text.ts";
import { giftFields, giftOf } from "../../domain/gift-form.ts";
import { printsOnGiftSlip } from "../../domain/gift-print.ts";
import { projectPath } from "../project-root.server.ts";
import type { OrderView } from "../shop/port.server.ts";
import { scriptRuns } from "./invoice.server.ts";
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
  // The number people see (decision 065), not the id.
  number: 5,
  invoice: null,
  creditNotes: [],
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
    expect(text).toContain("Order #5");
    expect(text).not.toContain("#77");
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

// Issue 41 item 7: a gift message holds only what the card can print (domain/gift-print.ts), and
// the card prints all of it: nothing the shopper wrote is dropped.
describe("the gift card", () => {
  it("has a glyph, in the font and weight it is written with, for every character a gift message may hold", () => {
    const font = (file: string) => fontkit.create(fs.readFileSync(projectPath("app", "server", "invoice", "fonts", file))) as fontkit.Font;
    const fonts = {
      latin: [font("NotoSans-Regular.ttf"), font("NotoSans-Bold.ttf")],
      devanagari: [font("NotoSansDevanagari-Regular.ttf"), font("NotoSansDevanagari-Bold.ttf")],
    };
    const missing: string[] = [];
    let allowed = 0;
    for (let cp = 0; cp <= 0x10ffff; cp++) {
      if (cp >= 0xd800 && cp <= 0xdfff) continue;
      const char = String.fromCodePoint(cp);
      if (char === "\n" || !printsOnGiftSlip(char)) continue;
      allowed++;
      for (const f of fonts[scriptRuns(char)[0]!.script]) if (!f.hasGlyphForCodePoint(cp)) missing.push(`U+${cp.toString(16)} in ${f.postscriptName}`);
    }
    expect(allowed).toBeGreaterThan(1000);
    expect(missing).toEqual([]);
  });

  it("prints a Hindi message and its sender as they were written", async () => {
    const gift = giftOf(
      giftFields.parse({
        gift_message: "प्रिय मीरा,\nदीपावली की हार्दिक शुभकामनाएँ! आपका घर सुख-समृद्धि से भरा रहे।\nZoë & François: “Шубх Дипавали”, ₹501.",
        gift_from: "आशा और रवि",
      }),
    );
    const card = pdfLayoutText(await packingSlipPdf({ ...order, gift }))
      .split("\f")
      .filter((p) => p.trim())
      .at(-1)!;
    expect(card).toContain("A gift for you");
    expect(card).toContain("प्रिय मीरा,");
    expect(card).toContain("दीपावली की हार्दिक शुभकामनाएँ! आपका घर सुख-समृद्धि से भरा रहे।");
    expect(card).toContain("Zoë & François: “Шубх Дипавали”, ₹501.");
    expect(card).toContain("From: आशा और रवि");
  });
});
