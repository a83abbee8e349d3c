import { describe, expect, it } from "vitest";
import { giftFields, giftOf } from "./gift-form.ts";
import { GIFT_FROM_MAX, GIFT_MESSAGE_MAX, GIFT_MESSAGES, giftOfRow, isGifting, mayCarryGift } from "./gift.ts";
import hindi from "../locales/hi.json" with { type: "json" };
import { say, translate } from "./i18n/messages.ts";
import { recogniseEnglish } from "./i18n/recognise.ts";

const errors = (fields: Record<string, unknown>) => giftFields.safeParse(fields).error?.issues.map((i) => i.message) ?? [];

describe("gift messages", () => {
  it("go with a cart that holds one Gifting product", () => {
    expect(isGifting("gifting")).toBe(true);
    expect(isGifting("grocers-pick")).toBe(false);
    expect(mayCarryGift([{ gifting: false }, { gifting: true }])).toBe(true);
    expect(mayCarryGift([{ gifting: false }, {}])).toBe(false);
    expect(mayCarryGift([])).toBe(false);
  });

  it("keep line breaks, drop other control characters, and tidy the sender's name", () => {
    expect(giftOf(giftFields.parse({ gift_message: "  Dear Meera,\r\nHappy Diwali!\u0007 ", gift_from: "  Asha \n Ravi ", hide_prices: "on" }))).toEqual({
      message: "Dear Meera,\nHappy Diwali!",
      from: "Asha Ravi",
      hidePrices: true,
    });
    expect(giftOf(giftFields.parse({ gift_message: "Hi" }))).toEqual({ message: "Hi", from: "", hidePrices: false });
    expect(giftOf(giftFields.parse({ gift_message: "Hi", hide_prices: false })).hidePrices).toBe(false);
    expect(giftOf(giftFields.parse({ gift_message: "Hi", hide_prices: true })).hidePrices).toBe(true);
  });

  it("name their limits in their messages", () => {
    expect(GIFT_MESSAGES.messageTooLong).toContain(String(GIFT_MESSAGE_MAX));
    expect(GIFT_MESSAGES.fromTooLong).toContain(String(GIFT_FROM_MAX));
  });

  it("say what is wrong with a message that is empty or too long", () => {
    expect(errors({ gift_message: "   " })).toEqual([GIFT_MESSAGES.messageRequired]);
    expect(errors({})).toEqual([GIFT_MESSAGES.messageRequired]);
    expect(errors({ gift_message: "x".repeat(GIFT_MESSAGE_MAX) })).toEqual([]);
    // Counted in characters as a person counts them: 200 Devanagari code points fit.
    expect(errors({ gift_message: "क".repeat(GIFT_MESSAGE_MAX + 1) })).toEqual([GIFT_MESSAGES.messageTooLong]);
    expect(errors({ gift_message: "Hi", gift_from: "y".repeat(61) })).toEqual([GIFT_MESSAGES.fromTooLong]);
  });
});

describe("what the gift slip cannot print (issue 41 item 7)", () => {
  it("is refused, named, in the message or the sender's name; what it prints is taken", () => {
    expect(errors({ gift_message: "Happy Diwali! 🪔", gift_from: "Asha" })).toEqual([say(GIFT_MESSAGES.messageUnprintable, { characters: "🪔" })]);
    expect(errors({ gift_message: "Happy Diwali!", gift_from: "Asha \u202Everma" })).toEqual([say(GIFT_MESSAGES.fromUnprintable, { characters: "U+202E" })]);
    expect(errors({ gift_message: "Thank you 谢谢", gift_from: "Asha" })).toEqual([say(GIFT_MESSAGES.messageUnprintable, { characters: "谢" })]);
    expect(errors({ gift_message: "दिवाली की शुभकामनाएँ!\nWith love, ₹501 — “Zoë”", gift_from: "आशा" })).toEqual([]);
  });

  it("says so on a Hindi page", () => {
    const refusal = errors({ gift_message: "Happy Diwali! 🪔🎉", gift_from: "Asha" })[0]!;
    expect(translate("hi", hindi, refusal, undefined, recogniseEnglish)).toBe("आपके उपहार संदेश में केवल वे अक्षर, अंक और विराम चिह्न हो सकते हैं जो उपहार स्लिप पर छप सकें: कृपया 🪔 🎉 हटाएँ।");
  });
});

describe("a gift kept on an order's row", () => {
  it("is read back, or is no gift when the row has no message", () => {
    expect(giftOfRow({ giftMessage: "For you", giftFrom: null, giftHidePrices: true })).toEqual({ message: "For you", from: "", hidePrices: true });
    expect(giftOfRow({ giftMessage: null, giftFrom: "Asha", giftHidePrices: false })).toBeNull();
  });
});
