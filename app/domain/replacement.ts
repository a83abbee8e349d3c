// Replacements the shopper chose (issue 29 part 2, decision 056): what should happen to an item
// out of stock at packing, for the whole order and, where it matters, per line; which in-stock
// products staff are offered in its place; and what a replacement costs (never more than the
// item it replaces). Pure.
import { packAmount } from "./pack-size.ts";

export const REPLACEMENT_CHOICES = ["replace", "call", "refund"] as const;
export type ReplacementChoice = (typeof REPLACEMENT_CHOICES)[number];

/** Until the shopper says otherwise: a call, so nothing they did not choose is packed or dropped. */
export const DEFAULT_REPLACEMENT: ReplacementChoice = "call";

export const REPLACEMENT_LABELS: Readonly<Record<ReplacementChoice, string>> = {
  replace: /*i18n*/ "Replace with a similar item",
  call: /*i18n*/ "Call me",
  refund: /*i18n*/ "Don't replace, refund it",
};

export const REPLACEMENT_MESSAGES = {
  legend: /*i18n*/ "If an item is out of stock at packing",
  sameAsOrder: /*i18n*/ "As for the rest of the order",
  save: /*i18n*/ "Save replacement choices",
  saved: /*i18n*/ "Your replacement choices are saved.",
  notInCart: /*i18n*/ "That item is not in your cart.",
  unavailable: /*i18n*/ "Replacement choices are not offered with this shop's order system.",
  // Staff's words (the staff side is English, decision 052).
  asked: (label: string) => `If out of stock: ${label}`,
  noRefuse: (title: string) => `The shopper asked not to replace ${title}: mark it short instead.`,
  weighed: (title: string) => `${title} is already weighed: it can no longer be replaced.`,
  noVariant: "That product could not be found.",
  sameProduct: "Choose another product: this is the one out of stock.",
  inOrder: (title: string) => `${title} is already in this order: mark the item short instead.`,
  notEnough: (title: string, quantity: number) => `${title}: fewer than ${quantity} in stock; choose another.`,
  none: "No similar product is in stock: mark the item short, or call the shopper.",
  choose: "Choose the product to pack in its place.",
  callFirst: (phone: string) => `Call the shopper first (${phone}): they asked to be called.`,
  note: (from: string, to: string) => `${from} replaced by ${to}`,
  done: (orderId: number, total: string) => `Replaced; order #${orderId}'s total is now ${total}.`,
} as const;

/** The item a line was placed with, before staff replaced it. */
export interface ReplacedFrom {
  title: string;
  internalReference: string;
  attribute: string;
  unitPricePaise: number;
}

/** A line's choice, else the order's. */
export function choiceFor(order: ReplacementChoice, line: ReplacementChoice | null | undefined): ReplacementChoice {
  return line ?? order;
}

/** A replacement is charged its own price, or the replaced item's if that is lower: never more. */
export function replacementPricePaise(replacedUnitPaise: number, replacementPaise: number): number {
  return Math.min(replacedUnitPaise, replacementPaise);
}

export interface Candidate {
  title: string;
  attribute: string;
  pricePaise: number;
}

/**
 * In-stock products like the one out of stock, closest first: by price, then pack size, each
 * as a share of the original's (a different kind of pack counts as far off).
 */
export function rankReplacements<C extends Candidate>(original: Omit<Candidate, "title">, candidates: readonly C[], limit = 3): C[] {
  const size = packAmount(original.attribute);
  const distance = (c: Candidate) => {
    const price = original.pricePaise > 0 ? Math.abs(c.pricePaise - original.pricePaise) / original.pricePaise : 0;
    const other = packAmount(c.attribute);
    const pack = size && other && size.base === other.base && size.amount > 0 ? Math.abs(other.amount - size.amount) / size.amount : 1;
    return price + pack;
  };
  return [...candidates]
    .map((c) => ({ c, d: distance(c) }))
    .sort((a, b) => a.d - b.d || a.c.title.localeCompare(b.c.title))
    .slice(0, limit)
    .map((x) => x.c);
}
