// Produce sold by weight (issue 29 part 1, decision 055): a variant is sold in packs of about
// `unitGrams` ('Tomatoes, about 500 g'); the shopper pays an estimate (the pack price times the
// packs) and, once staff weigh what they packed, the weight's price: in proportion to the
// estimate, never above it plus the catalogue's tolerance, and rounded down to the rupee. Staff
// may only enter a weight within the tolerance (a pack far off is re-packed or marked short).
// Stock stays counted in packs; what weighing adds or takes is kept in grams below one pack
// (`balanceGrams`), so nothing is lost to rounding. Pure.
import { say } from "./i18n/messages.ts";
import { downToRupee } from "./money.ts";

export interface SoldByWeight {
  /** The weight one pack is sold as. */
  unitGrams: number;
  /** How far the packed weight (and so the final price) may be from the estimate, in percent. */
  tolerancePercent: number;
}

export const WEIGHT_UNIT_MAX_GRAMS = 50_000;
/** The tolerance a catalogue file or the staff form means when it gives none. */
export const DEFAULT_WEIGHT_TOLERANCE = 10;
export const WEIGHT_TOLERANCE_MAX = 25;

export const WEIGHT_MESSAGES = {
  /** Beside a weighed product's price and its cart line (`weight`: how the page says a weight, pack-size.ts weightIn). */
  estimate: (byWeight: SoldByWeight, quantity: number, weight: (grams: number) => string = formatGrams) =>
    say(/*i18n*/ "Estimated price for about {weight}: the final price follows the weight packed, within ±{tolerance}%.", {
      weight: weight(estimateGrams(byWeight, quantity)),
      tolerance: byWeight.tolerancePercent,
    }),
  /** A weighed line on the shopper's order: what it was estimated at, what it weighed, what it costs. */
  weighed: (estimate: string, grams: number, final: string, weight: (grams: number) => string = formatGrams) =>
    say(/*i18n*/ "Estimated {estimate}; weighed {weight}: {final}", { estimate, weight: weight(grams), final }),
  awaiting: /*i18n*/ "Estimated: the final price follows when it is weighed.",
  estimatedTotal: /*i18n*/ "The total is an estimate until what is sold by weight is weighed.",
  // Staff's words (the staff side is English, decision 052).
  outOfRange: (title: string, min: number, max: number, estimate: number, tolerance: number) =>
    `${title}: enter a weight between ${formatGrams(min)} and ${formatGrams(max)} (estimated ${formatGrams(estimate)}, ±${tolerance}%). A pack far off is re-packed, or marked short.`,
  notPacked: (number: number) => `Mark order #${number} Packed first, then enter what its items weighed.`,
  tooLate: (number: number) => `Order #${number} has left the shop: its weights can no longer be entered.`,
  already: (number: number) => `Order #${number}'s items are already weighed.`,
  nothing: "This order has no items sold by weight.",
  shortWeighed: (title: string) => `${title} is already weighed: mark items short before weighing them.`,
  enterGrams: "Enter the weight packed, in whole grams.",
  missing: (title: string) => `Enter the weight packed for ${title}.`,
  note: (title: string, grams: number, estimate: string, final: string) => `${title}: ${formatGrams(grams)} packed; ${estimate} estimated, ${final} charged`,
  done: (number: number, total: string) => `Order #${number} weighed; its total is now ${total}.`,
  // Out for delivery is refused until every line sold by weight is weighed (issue 46).
  unweighed: (number: number, titles: readonly string[]) =>
    `Order #${number} cannot leave unweighed: enter what ${titles.join(", ")} weighed under “Weigh before it leaves”, then mark it Out for delivery.`,
  // Catalogue files and the staff catalogue.
  badUnit: `The weight of a pack sold by weight: whole grams from 1 to ${WEIGHT_UNIT_MAX_GRAMS}.`,
  badTolerance: `The weight tolerance: a whole percent from 0 to ${WEIGHT_TOLERANCE_MAX}.`,
} as const;

/** 950 g, 1 kg, 1.25 kg: how a weight reads on pages, mails and the invoice (Latin digits, decision 052). */
export function formatGrams(grams: number): string {
  if (grams < 1000) return `${grams} g`;
  return `${Number((grams / 1000).toFixed(3))} kg`;
}

/** What `quantity` packs are estimated to weigh. */
export function estimateGrams(byWeight: SoldByWeight, quantity: number): number {
  return byWeight.unitGrams * quantity;
}

/** The weights staff may enter for a line: the estimate less and plus the tolerance, in whole grams. */
export function weightRange(byWeight: SoldByWeight, quantity: number): { min: number; max: number; estimate: number } {
  const estimate = estimateGrams(byWeight, quantity);
  return {
    estimate,
    min: Math.ceil((estimate * (100 - byWeight.tolerancePercent)) / 100),
    max: Math.floor((estimate * (100 + byWeight.tolerancePercent)) / 100),
  };
}

/** Whether `grams` may be entered as the line's packed weight. */
export function inRange(byWeight: SoldByWeight, quantity: number, grams: number): boolean {
  const { min, max } = weightRange(byWeight, quantity);
  return Number.isSafeInteger(grams) && grams >= min && grams <= max && grams > 0;
}

/**
 * What the packed weight costs: the estimate in proportion, rounded down to the rupee (every
 * amount a shopper reads stays whole), and never above the estimate plus the tolerance (the most
 * the shopper was told it could be). Paid ahead online, never above the estimate: the shopper
 * paid it, and the shop does not ask for a second payment.
 */
export function weighedPaise(line: { pricePaise: number; quantity: number; byWeight: SoldByWeight }, grams: number, { paidAhead = false } = {}): number {
  const estimatePaise = line.pricePaise * line.quantity;
  const most = paidAhead ? estimatePaise : mostPaise(estimatePaise, line.byWeight);
  return Math.min(downToRupee((estimatePaise * grams) / estimateGrams(line.byWeight, line.quantity)), most);
}

/** The most an estimate may become once weighed: what the shopper is told before they pay. */
export function mostPaise(estimatePaise: number, byWeight: SoldByWeight): number {
  return downToRupee((estimatePaise * (100 + byWeight.tolerancePercent)) / 100);
}

/**
 * The stock after weighing: the packs held for the line were `estimate` grams; `packed` went out.
 * Packs and the grams below a pack are moved as one amount, never below nothing.
 */
export function stockAfterWeighing(stock: { packs: number; balanceGrams: number }, unitGrams: number, estimate: number, packed: number): { packs: number; balanceGrams: number } {
  const grams = Math.max(0, stock.packs * unitGrams + stock.balanceGrams + estimate - packed);
  const packs = Math.floor(grams / unitGrams);
  return { packs, balanceGrams: grams - packs * unitGrams };
}

/** A variant's weight fields as a catalogue or the staff form give them: both or neither. */
export function soldByWeightOf(unitGrams: number | null | undefined, tolerancePercent: number | null | undefined): SoldByWeight | null {
  if (unitGrams === null || unitGrams === undefined) return null;
  return { unitGrams, tolerancePercent: tolerancePercent ?? DEFAULT_WEIGHT_TOLERANCE };
}

/** `{ byWeight }` for a row sold by weight, `{}` otherwise: views carry the field only where it means something. */
export function withWeight(row: { weightUnitGrams: number | null; weightTolerance: number | null }): { byWeight?: SoldByWeight } {
  const byWeight = soldByWeightOf(row.weightUnitGrams, row.weightTolerance);
  return byWeight ? { byWeight } : {};
}

/** An order's lines sold by weight and not weighed yet (rows keep null, views leave the field out). */
export function linesToWeigh<L extends { weightUnitGrams?: number | null; byWeight?: SoldByWeight; packedGrams?: number | null }>(lines: readonly L[]): L[] {
  return lines.filter((l) => (l.weightUnitGrams != null || l.byWeight !== undefined) && l.packedGrams == null);
}

/** Whether an order still has a line sold by weight to weigh: its total is an estimate. */
export function awaitsWeighing(lines: readonly { byWeight?: SoldByWeight; packedGrams?: number }[]): boolean {
  return linesToWeigh(lines).length > 0;
}

/** A pack's weight a variant may be sold by: whole grams from 1 to the most. The one rule the staff form, catalogue files and the Shop read. */
export function validUnitGrams(n: number): boolean {
  return Number.isSafeInteger(n) && n >= 1 && n <= WEIGHT_UNIT_MAX_GRAMS;
}

/** A weight tolerance: a whole percent from 0 to the most. */
export function validTolerance(n: number): boolean {
  return Number.isSafeInteger(n) && n >= 0 && n <= WEIGHT_TOLERANCE_MAX;
}

/** Why a variant's weight fields are refused, or null when they hold. */
export function weightProblem(byWeight: SoldByWeight | null): string | null {
  if (!byWeight) return null;
  if (!validUnitGrams(byWeight.unitGrams)) return WEIGHT_MESSAGES.badUnit;
  if (!validTolerance(byWeight.tolerancePercent)) return WEIGHT_MESSAGES.badTolerance;
  return null;
}

/**
 * Why an order may not leave the shop yet: its lines sold by weight still unweighed (a
 * replacement sold by weight too), by title. Null when there are none (issue 46).
 */
export function leaveRefusal(number: number, lines: readonly { title: string | null; weightUnitGrams: number | null; packedGrams: number | null }[]): string | null {
  const unweighed = linesToWeigh(lines).map((l) => l.title ?? "");
  return unweighed.length > 0 ? WEIGHT_MESSAGES.unweighed(number, unweighed) : null;
}
