// The unit sale price beside each pack (issue 41, decision 063): what a kilogram, a litre or one
// piece of a pack comes to, so packs of different sizes can be compared. The Legal Metrology
// (Packaged Commodities) Rules, rule 6(11) (as the 2022 amendment wrote it), have the label say it
// per gram below 1 kg and per kg above, per ml / per litre, per number for what is sold by number,
// in rupees to two decimals, and not at all where it equals the pack's price. The shop shows it in
// the unit Indian shoppers compare in: per kg or litre from 100 g or 100 ml, per 100 g or 100 ml
// below that (spices, saffron: a per-kg figure there reads like a mistake), and per piece for a pack
// of several; nothing for a pack of exactly 1 kg, 1 litre or one piece, a set (its pieces differ),
// or a pack size it cannot read for certain. Pure.
import { formatRupees } from "./money.ts";
import { packAmount, type PackAmount } from "./pack-size.ts";
import type { SoldByWeight } from "./weight.ts";

export type UnitPer = "kg" | "100 g" | "litre" | "100 ml" | "piece";

export interface UnitPrice {
  /** What one `per` of the pack costs, in paise: to the paisa, or to the rupee from ₹100. */
  paise: number;
  per: UnitPer;
}

/** How each unit reads beside a price (`price` is the unit price as formatUnitPrice writes it). */
export const UNIT_PRICE_MESSAGES: Record<UnitPer, string> = {
  kg: /*i18n*/ "{price} per kg",
  "100 g": /*i18n*/ "{price} per 100 g",
  litre: /*i18n*/ "{price} per litre",
  "100 ml": /*i18n*/ "{price} per 100 ml",
  piece: /*i18n*/ "{price} per piece",
};

/** Below this many grams or millilitres a pack is priced per 100 g or 100 ml, else per kg or litre. */
export const SMALL_PACK = 100;

// One amount with its unit, as packAmount reads it (pack-size.ts), found anywhere in the attribute.
const MEASURE = /(\d+(?:\.\d+)?)\s*(kgs?|gms?|grams?|g|litre|liter|ltr|l|ml)\b/gi;
// A count of packs beside the amount: '2 x 500 g', '500 g x 2', '6 × 200 ml'.
const TIMES_BEFORE = /(\d+)\s*[x×*]\s*$/i;
const TIMES_AFTER = /^\s*[x×*]\s*(\d+)\b/i;
// A count of pieces (packAmount's reading of 'Pack of 6', '12 pcs').
const COUNT = /pack\s*(?:count|of)?\s*:?\s*\d+|\d+\s*(?:pcs|pieces|pack)\b/i;

/**
 * How much a pack holds, or null when its attribute does not say it for certain: two amounts
 * ('1 kg + 200 g free', '500-600 g'), a fraction ('1/2 kg'), a decimal comma ('1,5 kg'), or pieces
 * and an amount without saying how they go together ('500 g (Pack of 2)').
 */
function contents(attribute: string): PackAmount | null {
  // Digit grouping: '1,000 g' is a thousand grams, '1,00,000 g' a lakh of them.
  const text = attribute.trim().replace(/(\d),(?=(?:\d{2},)*\d{3}\b)/g, "$1");
  const measures = [...text.matchAll(MEASURE)];
  if (measures.length > 1) return null;
  const measure = measures[0];
  if (!measure) return /\d\s*[x×*]\s*\d/i.test(text) ? null : packAmount(text);
  const before = text.slice(0, measure.index);
  const after = text.slice(measure.index + measure[0].length);
  // '.5 kg', '1/2 kg', '1,5 kg', '500-600 g', '500 to 600 g', '500 g - 600'.
  if (/[.,/]$|[-–]\s*$|\d\s*to\s*$/i.test(before) || /^\s*(?:[-–]|to\b)\s*\d/i.test(after)) return null;
  const times = TIMES_BEFORE.exec(before)?.[1] ?? TIMES_AFTER.exec(after)?.[1];
  const rest = times ? before.replace(TIMES_BEFORE, "") + after.replace(TIMES_AFTER, "") : before + after;
  if (COUNT.test(rest) || /\d\s*[x×*]|[x×*]\s*\d/i.test(rest)) return null;
  const one = packAmount(measure[0]);
  return one && { amount: one.amount * Number(times ?? 1), base: one.base };
}

/**
 * The unit sale price of a pack from its attribute ('Net Weight 500 g', 'Capacity 1 L',
 * 'Pack Count 6') and its price: ₹30 for 500 g is ₹60 per kg. A variant sold by weight
 * (decision 055) is priced on the weight it is sold as. Null when there is nothing to show.
 */
export function unitPrice(attribute: string | null | undefined, pricePaise: number, byWeight?: SoldByWeight | null): UnitPrice | null {
  if (!Number.isFinite(pricePaise) || pricePaise <= 0) return null;
  const pack = byWeight ? { amount: byWeight.unitGrams, base: "g" as const } : contents(attribute ?? "");
  if (!pack || !Number.isFinite(pack.amount) || pack.amount <= 0) return null;
  const { per, size } = unitOf(pack);
  // The Rules' proviso: nothing to say where the unit price is the price (1 kg, 1 litre, one piece).
  if (pack.amount === size) return null;
  const paise = Math.round((pricePaise * size) / pack.amount);
  if (paise < 1) return null;
  return { paise: paise >= 10_000 ? Math.round(paise / 100) * 100 : paise, per };
}

function unitOf(pack: PackAmount): { per: UnitPer; size: number } {
  if (pack.base === "piece") return { per: "piece", size: 1 };
  const small = pack.amount < SMALL_PACK;
  if (pack.base === "g") return small ? { per: "100 g", size: 100 } : { per: "kg", size: 1000 };
  return small ? { per: "100 ml", size: 100 } : { per: "litre", size: 1000 };
}

/** ₹60, ₹6.40, ₹1,240: whole rupees where it is whole, else to the paisa as the Rules write it. */
export function formatUnitPrice(paise: number): string {
  return formatRupees(paise, { exact: paise % 100 !== 0 });
}
