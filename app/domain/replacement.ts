// Replacements the shopper chose (issue 29 part 2, decision 056): what should happen to an item
// out of stock at packing, for the whole order and, where it matters, per line; which in-stock
// products staff are offered in its place; and what a replacement costs (never more than the
// item it replaces). Pure.
import { packAmount } from "./pack-size.ts";
import { isAvailable } from "./stock.ts";

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
  notOffered: (title: string) => `Choose one of the similar products offered in place of ${title}: nothing else can be packed instead.`,
  callFirst: (phone: string) => `Call the shopper first (${phone}): they asked to be called.`,
  note: (from: string, to: string) => `${from} replaced by ${to}`,
  done: (number: number, total: string) => `Replaced; order #${number}'s total is now ${total}.`,
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

/** How many similar products staff are offered for an item out of stock: the staff page shows them all. */
export const REPLACEMENT_OFFERS = 3;

/** What the rule knows of a product: where it is shelved, its name and its HSN code (its family). */
export interface ReplacementProduct {
  productId: number;
  title: string;
  /** "" or null when the catalogue has none. */
  hsn: string | null;
  categorySlug: string;
  subSlug: string | null;
}

/** The item out of stock: its product, the pack and price the line holds, and how many. */
export interface ReplacementOriginal extends ReplacementProduct {
  attribute: string;
  pricePaise: number;
  quantity: number;
}

/** One variant of the catalogue that might go in its place. */
export interface ReplacementCandidate extends ReplacementProduct {
  variantId: number;
  attribute: string;
  pricePaise: number;
  inStock: boolean;
  inventoryStock: number;
}

// Words of a name that say neither what it is nor what it is like: units, and the joining words.
const NOT_A_KIND = new Set(["and", "with", "for", "of", "in", "the", "mm", "cm", "g", "kg", "ml", "l"]);

/** A word as its singular, near enough to compare: tomatoes → tomato, glasses → glass, dates → date. */
function singular(word: string): string {
  if (word.length > 4 && word.endsWith("ies")) return `${word.slice(0, -3)}y`;
  if (word.length > 4 && /(?:oes|sses|shes|ches|xes)$/.test(word)) return word.slice(0, -2);
  if (word.length > 3 && word.endsWith("s") && !/(?:ss|us|is)$/.test(word)) return word.slice(0, -1);
  return word;
}

const wordsOf = (text: string) => (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).filter((w) => !/\d/.test(w) && !NOT_A_KIND.has(w)).map(singular);

/**
 * What a product is, from its name: the words of its name, and its head, the last word before
 * any bracket or 'with …' ('Aravalli Farms Desi Tomatoes' → tomato, 'Haat Select Toor Dal
 * (Unpolished)' → dal, 'Clearcut Glass Teapot with Infuser' → teapot). The brand and qualifiers
 * ('Aravalli Farms', 'Desi', 'Fresh') are never the head, so sharing them says nothing.
 */
export function kindOf(title: string): { head: string | null; words: Set<string> } {
  const main = title.replace(/\(.*?\)|\[.*?\]/g, " ").split(/\s(?:with|for)\s/i)[0]!;
  return { head: wordsOf(main).at(-1) ?? null, words: new Set(wordsOf(title)) };
}

/**
 * How far a candidate's kind is from the original's, 0 closest: 0 the same head (tomatoes and
 * cherry tomatoes; one dal and another), 1 either's head named in the other's name (Kabuli Chana
 * and Chana Dal), 2 the same HSN heading (four digits: pulses, rice), 3 the same HSN chapter (two
 * digits: vegetables, dairy), 4 nothing in common but the shelf.
 */
export function kinship(original: Pick<ReplacementProduct, "title" | "hsn">, candidate: Pick<ReplacementProduct, "title" | "hsn">): number {
  const a = kindOf(original.title);
  const b = kindOf(candidate.title);
  if (a.head && a.head === b.head) return 0;
  if ((a.head && b.words.has(a.head)) || (b.head && a.words.has(b.head))) return 1;
  const hsnA = (original.hsn ?? "").replace(/\D/g, "");
  const hsnB = (candidate.hsn ?? "").replace(/\D/g, "");
  if (hsnA.length >= 4 && hsnA.slice(0, 4) === hsnB.slice(0, 4)) return 2;
  if (hsnA.length >= 2 && hsnA.slice(0, 2) === hsnB.slice(0, 2)) return 3;
  return 4;
}

/** How far a pack and price are from the original's: the difference in each as a share of the original's (another kind of pack counts as far off). */
function packAndPrice(original: { attribute: string; pricePaise: number }, c: { attribute: string; pricePaise: number }): number {
  const size = packAmount(original.attribute);
  const price = original.pricePaise > 0 ? Math.abs(c.pricePaise - original.pricePaise) / original.pricePaise : 0;
  const other = packAmount(c.attribute);
  const pack = size && other && size.base === other.base && size.amount > 0 ? Math.abs(other.amount - size.amount) / size.amount : 1;
  return price + pack;
}

/**
 * The one rule of what staff may pack in place of an item out of stock (issue 29, issue 41): the
 * staff page offers these, and the replacing use case accepts only one of them. Another product
 * of the same category and subcategory with at least the line's quantity in stock; the closest
 * kind first (kinship), then the closest price and pack size; the first `limit`.
 */
export function replacementsFor<C extends ReplacementCandidate>(original: ReplacementOriginal, candidates: readonly C[], limit = REPLACEMENT_OFFERS): C[] {
  return candidates
    .filter(
      (c) =>
        c.productId !== original.productId &&
        c.categorySlug === original.categorySlug &&
        (c.subSlug ?? null) === (original.subSlug ?? null) &&
        isAvailable(c) &&
        c.inventoryStock >= original.quantity,
    )
    .map((c) => ({ c, kind: kinship(original, c), near: packAndPrice(original, c) }))
    .sort((a, b) => a.kind - b.kind || a.near - b.near || a.c.title.localeCompare(b.c.title) || a.c.variantId - b.c.variantId)
    .slice(0, limit)
    .map((x) => x.c);
}

/** Whether the variant staff chose is one of those offered: anything else is refused. */
export function isOffered(offers: readonly { variantId: number }[], variantId: number): boolean {
  return offers.some((o) => o.variantId === variantId);
}
