import { describe, expect, it } from "vitest";
import { orderCancelledMail, orderPlacedMail, orderShortMail, orderTakenBackMail, orderWeighedMail, type MailedOrder } from "./order-mail.ts";
import { i18nFor } from "./i18n/registry.ts";

const en = i18nFor("en");

const order: MailedOrder = {
  id: 42,
  // The number people see (decision 065); the links name the order by its id.
  number: 3,
  paymentMethod: "cod",
  couponCode: "WELCOME10",
  subtotalPaise: 358_800,
  discountPaise: 20_000,
  taxPaise: 17_000,
  totalPaise: 338_800,
  deliveryAddress: {
    name: "Asha Verma",
    phone: "9876543210",
    email: "asha@example.in",
    street: "12 Golf Course Road",
    street2: "",
    city: "Gurgaon",
    state: "Haryana",
    zip: "122002",
    country: "India",
  },
  lines: [
    { title: "Masoor Dal", attribute: "1 kg", quantity: 2, unitPricePaise: 14_900 },
    { title: "Dinner Set", attribute: "", quantity: 1, unitPricePaise: 329_000 },
  ],
};

describe("order mails", () => {
  it("confirms an order with its lines, coupon, delivery, tax, what is to pay, the address and a link", () => {
    const mail = orderPlacedMail(order, "Asha", "Haat", "https://shop.haat.in", en);
    expect(mail.subject).toBe("Your Haat order #3 is confirmed");
    for (const line of [
      "  Masoor Dal (1 kg) × 2: ₹298",
      "  Dinner Set × 1: ₹3,290",
      "  Items: ₹3,588",
      "  Coupon WELCOME10: −₹200",
      "  Delivery: Free",
      "  Tax included: ₹170",
      "  To pay on delivery (cash on delivery): ₹3,388",
      "Delivering to: Asha Verma, 12 Golf Course Road, Gurgaon, Haryana 122002, phone 9876543210",
      "See your order: https://shop.haat.in/ordersuccess?order=42",
    ]) {
      expect(mail.text.split("\n")).toContain(line);
    }
  });

  it("shows a paid order's prepaid discount and the delivery slot", () => {
    const paid = { ...order, paymentMethod: "razorpay" as const, prepaidDiscountPaise: 16_940, totalPaise: 321_860, slot: { label: "Wed, 25 Nov, Morning 8-12" } };
    const lines = orderPlacedMail(paid, "Asha", "Haat", "https://shop.haat.in", en).text.split("\n");
    expect(lines).toContain("  Prepaid discount: −₹169");
    expect(lines).toContain("  Delivery: Free");
    expect(lines).toContain("  Paid online: ₹3,219");
    expect(lines).toContain("Delivery slot: Wed, 25 Nov, Morning 8-12");
  });

  it("tells the shopper what was short, the new total and the refund", () => {
    const cash = orderShortMail({ title: "Masoor Dal", ordered: 2, packed: 1, refundPaise: 0 })(order, "Asha", "Haat", "https://shop.haat.in", en);
    expect(cash.subject).toBe("Your Haat order #3: some items were short");
    expect(cash.text.split("\n")).toEqual(expect.arrayContaining(["  Masoor Dal: 1 of 2", "  Total: ₹3,388", "To pay on delivery (cash on delivery): ₹3,388"]));
    const paid = orderShortMail({ title: "Masoor Dal", ordered: 2, packed: 0, refundPaise: 14_900 })(
      { ...order, paymentMethod: "razorpay" },
      "Asha",
      "Haat",
      "https://shop.haat.in",
      en,
    );
    expect(paid.text.split("\n")).toEqual(expect.arrayContaining(["  Masoor Dal: none of 2 (taken off your order)", "₹149.00 is refunded to your payment method."]));
  });

  it("tells the shopper what their produce weighed, both totals, and the refund or what to pay", async () => {
    const byWeight = { unitGrams: 500, tolerancePercent: 10 };
    const tomatoes = { title: "Desi Tomatoes", attribute: "Net Weight 500 g", quantity: 2, unitPricePaise: 3_500, byWeight };
    const weighed: MailedOrder = {
      ...order,
      subtotalPaise: 6_300,
      discountPaise: 0,
      taxPaise: 0,
      totalPaise: 6_300,
      couponCode: null,
      lines: [{ ...tomatoes, packedGrams: 900, weighedPaise: 6_300 }],
    };
    const cash = orderWeighedMail({ estimatePaise: 7_000, refundPaise: 0 })(weighed, "Asha", "Haat", "https://shop.haat.in", en);
    expect(cash.subject).toBe("Your Haat order #3 is weighed");
    expect(cash.text.split("\n")).toEqual(
      expect.arrayContaining([
        "  Desi Tomatoes (Net Weight 500 g) × 2, weighed 900 g: ₹63 (estimated ₹70)",
        "  Total: ₹63 (estimated ₹70)",
        "To pay on delivery (cash on delivery): ₹63",
      ]),
    );
    const { registerCatalogue } = await import("./i18n/registry.ts");
    registerCatalogue("hi", (await import("../locales/hi.json", { with: { type: "json" } })).default as never);
    const paid = orderWeighedMail({ estimatePaise: 6_650, refundPaise: 665 })({ ...weighed, paymentMethod: "razorpay" }, "Asha", "Haat", "https://shop.haat.in", i18nFor("hi"));
    expect(paid.subject).toBe("आपका Haat ऑर्डर #3 तौल लिया गया है");
    expect(paid.text).toContain("तौल 900 ग्राम: ₹63 (अनुमानित ₹70)");
    // Before weighing, a placed order's line says its amount is an estimate.
    const placed = orderPlacedMail({ ...order, lines: [tomatoes] }, "Asha", "Haat", "https://shop.haat.in", en);
    expect(placed.text).toContain("  Desi Tomatoes (Net Weight 500 g) × 2: ₹70 (estimated)");
  });

  it("says a cancellation and that nothing is to pay for cash on delivery", () => {
    const mail = orderCancelledMail(order, "Asha", "Haat", "https://shop.haat.in", en);
    expect(mail.subject).toBe("Your Haat order #3 is cancelled");
    expect(mail.text).toContain("Your order #3 has been cancelled, as you asked. Nothing will be delivered.\nNothing is to pay.");
    expect(mail.text).toContain("  Total: ₹3,388");
  });
});

describe("items taken back after the order left the shop (decision 065)", () => {
  const change = { title: "Masoor Dal", quantity: 1, refundPaise: 0, creditNote: { number: "CN/26-27/0000001", totalPaise: 14_900 } };
  it("names the order's number, the credit note and its amount, and links the order by its id", () => {
    const mail = orderTakenBackMail(change)({ ...order, stage: "out_for_delivery" }, "Asha", "Haat", "https://shop.haat.in", en);
    expect(mail.subject).toBe("Your Haat order #3: items taken back");
    const lines = mail.text.split("\n");
    expect(lines).toContain("We took back 1 × Masoor Dal from your order #3 and issued credit note CN/26-27/0000001 for ₹149.00 against its tax invoice.");
    // Refused at the door: what is left is paid on delivery.
    expect(lines).toContain("To pay on delivery (cash on delivery): ₹3,388");
    expect(lines).toContain("Your order: https://shop.haat.in/orders/42");
  });
  it("gives a delivered cash order's money back in cash, a prepaid one's to its payment method", () => {
    const cash = orderTakenBackMail(change)({ ...order, stage: "delivered" }, "Asha", "Haat", "https://shop.haat.in", en);
    expect(cash.text).toContain("We give you back ₹149.00 in cash.");
    expect(cash.text).not.toContain("To pay on delivery");
    const paid = orderTakenBackMail({ ...change, refundPaise: 14_155 })({ ...order, paymentMethod: "razorpay", stage: "delivered" }, "Asha", "Haat", "https://shop.haat.in", en);
    expect(paid.text).toContain("₹141.55 is refunded to your payment method.");
  });
});

describe("the mails of an order's life", () => {
  it("tells the shopper each stage, with the slot and a link to the order", async () => {
    const { orderStageMail } = await import("./order-mail.ts");
    const order = {
      id: 42,
      number: 3,
      paymentMethod: "cod" as const,
      couponCode: null,
      subtotalPaise: 10_000,
      discountPaise: 0,
      taxPaise: 476,
      totalPaise: 10_000,
      deliveryAddress: {} as never,
      lines: [],
      slot: { label: "Wed, 25 Nov, Morning 8-12" },
    };
    const packed = orderStageMail("packed")(order, "Asha", "Haat", "https://shop.example.in", en);
    expect(packed.subject).toBe("Your Haat order #3 is packed");
    expect(packed.text).toContain("It can no longer be cancelled.");
    expect(packed.text).toContain("Delivery slot: Wed, 25 Nov, Morning 8-12");
    expect(packed.text).toContain("https://shop.example.in/orders/42");
    expect(orderStageMail("out_for_delivery")(order, "Asha", "Haat", "https://shop.example.in", en).subject).toBe("Your Haat order #3 is out for delivery");
  });
});

describe("order mails in Hindi (issue 27)", () => {
  it("says it in Hindi, with the catalogue's Hindi names and links to the Hindi pages", async () => {
    const { registerCatalogue } = await import("./i18n/registry.ts");
    const hindi = (await import("../locales/hi.json", { with: { type: "json" } })).default;
    registerCatalogue("hi", hindi as never);
    const mail = orderPlacedMail({ ...order, lines: [{ ...order.lines[0]!, titleHi: "मसूर दाल" }, order.lines[1]!] }, "Asha", "Haat", "https://shop.haat.in", i18nFor("hi"));
    expect(mail.subject).toBe("आपका Haat ऑर्डर #3 पक्का हो गया है");
    expect(mail.text).toContain("नमस्ते Asha,");
    expect(mail.text).toContain("  मसूर दाल (1 किलो) × 2: ₹298");
    expect(mail.text).toContain("  Dinner Set × 1: ₹3,290");
    expect(mail.text).toContain("https://shop.haat.in/hi/ordersuccess?order=42");
    expect(mail.text).not.toMatch(/Thank you|Delivering to/);
  });
});
