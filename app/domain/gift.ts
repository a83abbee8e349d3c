// Gift messages (issue 29, decision 054): an order that holds a Gifting product can carry a
// message for its recipient, the sender's name, and whether the packing slip leaves out prices.
// Printed on the packing slip, shown to staff and on the shopper's order; never on the tax invoice.
// The form's fields are gift-form.ts.

/** The catalogue's Gifting category (Specification: Catalogue): its products may carry a gift message. */
export const GIFTING_CATEGORY = "gifting";
export const GIFT_MESSAGE_MAX = 200;
export const GIFT_FROM_MAX = 60;

export const GIFT_MESSAGES = {
  saved: /*i18n*/ "Gift message saved.",
  removed: /*i18n*/ "Gift message removed.",
  notGift: /*i18n*/ "A gift message goes with an order that holds a Gifting product.",
  messageRequired: /*i18n*/ "Write the gift message.",
  // The limits written out (a catalogue's message is a literal): GIFT_MESSAGE_MAX and GIFT_FROM_MAX, as gift.test.ts checks.
  messageTooLong: /*i18n*/ "Gift message: at most 200 characters.",
  fromTooLong: /*i18n*/ "From: at most 60 characters.",
  // What the slip's fonts cannot print (gift-print.ts), named: {characters}.
  messageUnprintable: /*i18n*/ "Your gift message can only use letters, numbers and punctuation the gift slip can print: please remove {characters}.",
  fromUnprintable: /*i18n*/ "The sender's name can only use letters, numbers and punctuation the gift slip can print: please remove {characters}.",
  unavailable: /*i18n*/ "Gift messages are not offered with this shop's order system.",
} as const;

export interface Gift {
  message: string;
  /** The sender's name as the recipient should read it ("" when not given). */
  from: string;
  /** The packing slip leaves out the line prices (a cash on delivery amount is still printed: the recipient pays it). */
  hidePrices: boolean;
}

/** The gift kept on an order's row (orders.gift_message, gift_from, gift_hide_prices), or null: not a gift. */
export function giftOfRow(row: { giftMessage: string | null; giftFrom: string | null; giftHidePrices: boolean }): Gift | null {
  return row.giftMessage ? { message: row.giftMessage, from: row.giftFrom ?? "", hidePrices: row.giftHidePrices } : null;
}

/** Whether a product of this category may carry a gift message. */
export function isGifting(categorySlug: string): boolean {
  return categorySlug === GIFTING_CATEGORY;
}

/** Whether an order (or cart) with these lines may carry a gift message: one Gifting line is enough. */
export function mayCarryGift(lines: readonly { gifting?: boolean }[]): boolean {
  return lines.some((l) => l.gifting === true);
}
