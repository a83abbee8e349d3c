// Gift messages (issue 29, decision 054), on PGlite and PostgreSQL: set on a cart that holds a
// Gifting product (through the one use case the page and the API call), placed with the order,
// printed on the packing slip's gift card (any script), never on the tax invoice; refused for a
// cart without a Gifting product, and left behind when the Gifting product leaves the cart.
import { describe, expect, it } from "vitest";
import { slotDates } from "../../app/domain/delivery.ts";
import { giftFields, giftOf } from "../../app/domain/gift-form.ts";
import { GIFT_MESSAGES } from "../../app/domain/gift.ts";
import { orderSummaryPdf } from "../../app/server/invoice/invoice.server.ts";
import { packingSlipPdf } from "../../app/server/invoice/packing-slip.server.ts";
import type { Customer } from "../../app/server/shop/port.server.ts";
import { setGift } from "../../app/server/use-cases/gift.server.ts";
import { say } from "../../app/domain/i18n/messages.ts";
import type { FormReply } from "../../app/domain/form-reply.ts";
import { API_CALLS } from "../../app/server/api/calls.server.ts";
import { answerCall } from "../../app/server/api/pipeline.server.ts";
import { reviewOrderForm } from "../../app/server/forms/review-order.server.ts";
import { pdfLayoutText } from "../pdf-text.ts";
import { targets } from "./databases.ts";
import { home, refusal, routeContext, shopOn } from "./fixtures.ts";

const DIYAS = "GF-SET-BDS-S4"; // Brass Diya Gift Set, in Gifting
const RICE = "FB-TOM-500G"; // tomatoes: not a gift

describe.each(targets)("gift messages on $name", (target) => {
  const on = shopOn(target, { catalog: true }, { razorpay: null, publicOrigin: "https://shop.example.in", prepaidPercent: 0 });
  let n = 0;

  async function shopper(items: string[]): Promise<Customer> {
    const customer = await on.shop.accounts.register({ name: "Gift Giver", email: `gift${n++}@example.in`, phone: "9876543210", password: "password-1" });
    for (const internalReference of items) await on.shop.cart.add(customer, { internalReference, quantity: 1 });
    return customer;
  }

  async function place(customer: Customer) {
    const address = await on.shop.addresses.create(customer, home);
    const { orderId } = await on.shop.orders.place(customer, {
      cartId: (await on.shop.cart.get(customer)).id!,
      addressId: address.id,
      paymentMethod: "cod",
      slot: { date: slotDates(new Date())[1]!, kind: "evening" },
    });
    return (await on.shop.orders.get(customer, orderId))!;
  }

  const gift = (fields: Record<string, unknown>) => giftOf(giftFields.parse(fields));

  it("goes with the order onto the packing slip's gift card, in any script, and never onto the invoice", async () => {
    const customer = await shopper([DIYAS, RICE]);
    const message = "दिवाली की शुभकामनाएँ!\nWith love from all of us.";
    expect((await setGift(on.shop, customer, gift({ gift_message: message, gift_from: " Asha  and Ravi " }))).message).toBe(GIFT_MESSAGES.saved);
    const cart = await on.shop.cart.get(customer);
    expect(cart.gift).toEqual({ message, from: "Asha and Ravi", hidePrices: false });
    expect(cart.lines.find((l) => l.internalReference === DIYAS)?.gifting).toBe(true);

    const order = await place(customer);
    expect(order.gift).toEqual({ message, from: "Asha and Ravi", hidePrices: false });
    const slip = pdfLayoutText(await packingSlipPdf(order));
    expect(slip).toContain("GIFT: put the gift card (the last page) in the box.");
    const card = slip
      .split("\f")
      .filter((p) => p.trim())
      .at(-1)!;
    expect(card).toContain("A gift for you");
    expect(card).toContain("दिवाली की शुभकामनाएँ!");
    expect(card).toContain("With love from all of us.");
    expect(card).toContain("From: Asha and Ravi");
    expect(card).not.toContain("₹");
    // Prices shown on the slip's lines when not hidden.
    expect(slip).toContain("Amount");
    const invoice = pdfLayoutText(await orderSummaryPdf(order));
    expect(invoice).not.toContain("With love from all of us.");
    expect(invoice).not.toContain("Asha and Ravi");
  });

  it("leaves the prices off the slip when asked, but not what a cash on delivery recipient pays", async () => {
    const customer = await shopper([DIYAS]);
    await setGift(on.shop, customer, gift({ gift_message: "Happy housewarming!", hide_prices: "on" }));
    const order = await place(customer);
    expect(order.gift).toEqual({ message: "Happy housewarming!", from: "", hidePrices: true });
    const slip = pdfLayoutText(await packingSlipPdf(order));
    expect(slip).toContain("GIFT: put the gift card (the last page) in the box; no prices on this slip.");
    expect(slip).not.toContain("Amount");
    const lines = slip.split("\n").filter((l) => l.includes("₹"));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain("Cash on delivery: collect");
    expect(slip).not.toContain("From:");
  });

  it("is refused for a cart without a Gifting product, and nothing is kept", async () => {
    const customer = await shopper([RICE]);
    expect((await refusal(setGift(on.shop, customer, gift({ gift_message: "Hi" })))).message).toBe(GIFT_MESSAGES.notGift);
    expect((await on.shop.cart.get(customer)).gift).toBeNull();
    const empty = await shopper([]);
    expect((await refusal(setGift(on.shop, empty, gift({ gift_message: "Hi" })))).code).toBe("invalid");
  });

  // Issue 41 item 7: what the slip cannot print is refused, named, by the page and the JSON API alike.
  it("refuses a message or sender the slip cannot print, naming what to remove, on the page and through the API, and keeps nothing", async () => {
    const customer = await shopper([DIYAS]);
    const page = async (fields: Record<string, string>) => {
      const url = new URL("http://localhost:3000/revieworder");
      const request = new Request(url, { method: "POST", body: new URLSearchParams({ intent: "gift", ...fields }) });
      const answer = await reviewOrderForm.run({ request, context: routeContext(on.shop, customer), url });
      // Saved: back to the page (a redirect); refused: the page again with the reason.
      if (answer instanceof Response) return { status: answer.status, reply: null };
      const refused = answer as unknown as { data: FormReply; init: ResponseInit | null };
      return { status: refused.init?.status ?? 200, reply: refused.data };
    };
    const { accessToken } = await on.shop.tokens.issue(customer.id);
    const api = async (params: Record<string, unknown>) => {
      const request = new Request("http://localhost/api/cart/gift", {
        method: "POST",
        headers: { "Content-Type": "application/json", Authorization: `Bearer ${accessToken}` },
        body: JSON.stringify({ params }),
      });
      const response = await answerCall(API_CALLS["/api/cart/gift"]!, {}, request, routeContext(on.shop, null));
      return { status: response.status, body: (await response.json()) as { error?: string } };
    };
    const emoji = say(GIFT_MESSAGES.messageUnprintable, { characters: "🪔 🎉" });
    expect(emoji).toBe("Your gift message can only use letters, numbers and punctuation the gift slip can print: please remove 🪔 🎉.");

    const refused = await page({ gift_message: "Happy Diwali 🪔🎉", gift_from: "Asha" });
    expect(refused.status).toBe(400);
    expect(refused.reply).toMatchObject({ ok: false, intent: "gift", error: emoji });
    const overridden = await page({ gift_message: "Happy Diwali", gift_from: "Asha\u202E" });
    expect(overridden.reply).toMatchObject({ ok: false, error: say(GIFT_MESSAGES.fromUnprintable, { characters: "U+202E" }) });
    expect((await on.shop.cart.get(customer)).gift).toBeNull();

    const byApi = await api({ gift_message: "Happy Diwali 🪔🎉", gift_from: "Asha" });
    expect(byApi.status).toBe(400);
    expect(byApi.body.error).toBe(emoji);
    expect((await on.shop.cart.get(customer)).gift).toBeNull();

    // What the slip prints is saved, through either way in.
    expect((await page({ gift_message: "दिवाली मुबारक!", gift_from: "Asha" })).status).toBe(303);
    expect((await on.shop.cart.get(customer)).gift).toEqual({ message: "दिवाली मुबारक!", from: "Asha", hidePrices: false });
    expect((await api({ gift_message: "Shubh Deepavali!", gift_from: "आशा" })).status).toBe(200);
    expect((await on.shop.cart.get(customer)).gift).toEqual({ message: "Shubh Deepavali!", from: "आशा", hidePrices: false });
  });

  it("stays behind when the Gifting product leaves the cart, and is taken off on request", async () => {
    const customer = await shopper([DIYAS, RICE]);
    await setGift(on.shop, customer, gift({ gift_message: "For you" }));
    await on.shop.cart.remove(customer, DIYAS);
    expect((await on.shop.cart.get(customer)).gift).toBeNull();
    expect((await place(customer)).gift).toBeNull();

    const again = await shopper([DIYAS]);
    await setGift(on.shop, again, gift({ gift_message: "For you" }));
    expect((await setGift(on.shop, again, null)).message).toBe(GIFT_MESSAGES.removed);
    expect((await on.shop.cart.get(again)).gift).toBeNull();
  });
});
