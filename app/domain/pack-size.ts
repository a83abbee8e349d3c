// Specification: Product page: the product page's pack-size line is derived from the variant attribute:
// Net Weight in kg or g, Capacity in L or ml, Size in cm, mm or in, Pack Count, Set Size,
// else Pack Size. The labels are messages (the page says them in its language), and so are the
// units of the values (attributeIn, issue 41 item 12).
import type { I18n } from "./i18n/messages.ts";
import { formatGrams, type SoldByWeight } from "./weight.ts";

export interface PackSize {
  label: "Net Weight" | "Capacity" | "Size" | "Pack Count" | "Set Size" | "Pack Size";
  value: string;
}

const UNIT: Record<string, { label: PackSize["label"]; unit: string }> = {
  g: { label: /*i18n*/ "Net Weight", unit: "g" },
  gm: { label: /*i18n*/ "Net Weight", unit: "g" },
  gms: { label: /*i18n*/ "Net Weight", unit: "g" },
  gram: { label: /*i18n*/ "Net Weight", unit: "g" },
  grams: { label: /*i18n*/ "Net Weight", unit: "g" },
  kg: { label: /*i18n*/ "Net Weight", unit: "kg" },
  kgs: { label: /*i18n*/ "Net Weight", unit: "kg" },
  l: { label: /*i18n*/ "Capacity", unit: "L" },
  ltr: { label: /*i18n*/ "Capacity", unit: "L" },
  litre: { label: /*i18n*/ "Capacity", unit: "L" },
  liter: { label: /*i18n*/ "Capacity", unit: "L" },
  ml: { label: /*i18n*/ "Capacity", unit: "ml" },
  cm: { label: /*i18n*/ "Size", unit: "cm" },
  mm: { label: /*i18n*/ "Size", unit: "mm" },
  in: { label: /*i18n*/ "Size", unit: "in" },
  inch: { label: /*i18n*/ "Size", unit: "in" },
  inches: { label: /*i18n*/ "Size", unit: "in" },
};

export function packSize(attribute: string | null | undefined): PackSize | null {
  const text = (attribute ?? "").trim();
  if (!text) return null;

  const measured = text.match(/(\d+(?:\.\d+)?)\s*(kgs?|gms?|grams?|g|litre|liter|ltr|l|ml|cm|mm|inches|inch|in)\b/i);
  if (measured) {
    const unit = UNIT[measured[2].toLowerCase()];
    if (unit) return { label: unit.label, value: `${Number(measured[1])} ${unit.unit}` };
  }
  const count = text.match(/pack\s*(?:count|of)?\s*:?\s*(\d+)|(\d+)\s*(?:pcs|pieces|pack)\b/i);
  if (count) return { label: /*i18n*/ "Pack Count", value: count[1] ?? count[2] };
  const set = text.match(/set\s*(?:size|of)?\s*:?\s*(\d+)/i);
  if (set) return { label: /*i18n*/ "Set Size", value: set[1] };
  return { label: /*i18n*/ "Pack Size", value: text.replace(/^pack\s*size\s*:?\s*/i, "") };
}

/** A pack's size as a number in grams, millilitres or pieces (voice ordering fits the spoken amount to it), or null. */
export interface PackAmount {
  amount: number;
  base: "g" | "ml" | "piece";
}

export function packAmount(attribute: string | null | undefined): PackAmount | null {
  const text = (attribute ?? "").trim();
  const measured = text.match(/(\d+(?:\.\d+)?)\s*(kgs?|gms?|grams?|g|litre|liter|ltr|l|ml)\b/i);
  if (measured) {
    const n = Number(measured[1]);
    const unit = measured[2]!.toLowerCase();
    if (unit.startsWith("k")) return { amount: n * 1000, base: "g" };
    if (unit === "ml") return { amount: n, base: "ml" };
    if (unit.startsWith("l")) return { amount: n * 1000, base: "ml" };
    return { amount: n, base: "g" };
  }
  const count = text.match(/pack\s*(?:count|of)?\s*:?\s*(\d+)|(\d+)\s*(?:pcs|pieces|pack)\b/i);
  if (count) return { amount: Number(count[1] ?? count[2]), base: "piece" };
  return null;
}

/** Who says a pack's size: a page's or a mail's messages (only `_` and the language are used). */
export type PackSizeSayer = Pick<I18n, "locale" | "_">;

/** The units an attribute is written in, as a page says them: '500 g' is '500 ग्राम' in Hindi. */
const UNIT_WORDS: Record<string, string> = {
  g: /*i18n*/ "{n} g",
  kg: /*i18n*/ "{n} kg",
  ml: /*i18n*/ "{n} ml",
  L: /*i18n*/ "{n} L",
  cm: /*i18n*/ "{n} cm",
  mm: /*i18n*/ "{n} mm",
  in: /*i18n*/ "{n} in",
};

/** The label words an attribute may start with, and the message each is said as. */
const LABEL_WORDS: [RegExp, PackSize["label"]][] = [
  [/^net\s*(?:weight|wt\.?)$|^weight$/i, /*i18n*/ "Net Weight"],
  [/^(?:net\s*)?(?:capacity|volume|quantity)$/i, /*i18n*/ "Capacity"],
  [/^size$/i, /*i18n*/ "Size"],
];

const AMOUNT = String.raw`(\d+(?:\.\d+)?)\s*(kgs?|gms?|grams?|g|litres?|liters?|ltr|l|ml|cm|mm|inches|inch|in)`;

/** '500 g' in the page's words, or null when `text` is not one amount in a unit the shop knows. */
function amountIn(i18n: PackSizeSayer, text: string): string | null {
  const m = new RegExp(`^${AMOUNT}$`, "i").exec(text.trim());
  if (!m) return null;
  const unit = UNIT[m[2]!.toLowerCase().replace(/s$/, "")] ?? UNIT[m[2]!.toLowerCase()];
  return unit ? i18n._(UNIT_WORDS[unit.unit]!, { n: m[1]! }) : null;
}

/**
 * A variant's attribute ('Net Weight 1 kg', 'Pack of 6', '500 g') as the page's language says it
 * (issue 41 item 12): the one function every place that shows an attribute goes through (product
 * page, cards, cart and order lines, the voice list, the mails). English shows the catalogue's text
 * as it is. Another language says the label and the unit in its words ('शुद्ध वज़न 1 किलो', '6 का
 * पैक') when the whole attribute is one the shop can read; anything else ('Assorted', '1 kg + 200 g
 * free') is shown as the catalogue wrote it, never half translated.
 */
export function attributeIn(i18n: PackSizeSayer, attribute: string | null | undefined): string {
  const text = (attribute ?? "").trim().replace(/\s+/g, " ");
  if (i18n.locale === "en" || !text) return attribute ?? "";
  const labelled = new RegExp(`^([a-z. ]+?)\\s*:?\\s*(${AMOUNT.replace(/\((?!\?)/g, "(?:")})$`, "i").exec(text);
  if (labelled) {
    const label = LABEL_WORDS.find(([pattern]) => pattern.test(labelled[1]!.trim()))?.[1];
    const amount = amountIn(i18n, labelled[2]!);
    if (label && amount) return `${i18n._(label)} ${amount}`;
  }
  const amount = amountIn(i18n, text);
  if (amount) return amount;
  const times = new RegExp(`^(\\d+)\\s*[x×]\\s*(.+)$|^(.+?)\\s*[x×]\\s*(\\d+)$`, "i").exec(text);
  if (times) {
    const each = amountIn(i18n, times[2] ?? times[3]!);
    if (each) return times[1] ? `${times[1]} × ${each}` : `${each} × ${times[4]}`;
  }
  const pack = /^pack\s*(?:count|of)?\s*:?\s*(\d+)$|^(\d+)\s*(?:-\s*)?pack$/i.exec(text);
  if (pack) return i18n._("Pack of {n}", { n: pack[1] ?? pack[2]! });
  const pieces = /^(\d+)\s*(?:pcs|pieces|pc)$/i.exec(text);
  if (pieces) return i18n._("{n} pieces", { n: pieces[1]! });
  const set = /^set\s*(?:size|of)\s*:?\s*(\d+)$/i.exec(text);
  if (set) return i18n._("Set of {n}", { n: set[1]! });
  return attribute ?? "";
}

/** A weight as the page's language says it: '900 g', '1.25 kg'; '900 ग्राम', '1.25 किलो' in Hindi. */
export function weightIn(i18n: PackSizeSayer, grams: number): string {
  return attributeIn(i18n, formatGrams(grams));
}

/**
 * What one of a cart line's price is for (issue 41 item 12): produce sold by weight is priced for
 * the weight it is sold as ('₹75 per kg', '₹40 per 500 g'), a pack the shop can read (a weight, a
 * volume, a count of pieces) per pack, a set per set, and anything else each. Before, every line
 * said 'each', which Hindi says 'प्रति पीस' ('per piece'): a 1 kg pack of tomatoes read '₹75 प्रति पीस'.
 */
export type PriceBasis = { per: "weight"; grams: number } | { per: "pack" } | { per: "set" } | { per: "each" };

export function priceBasis(attribute: string | null | undefined, byWeight?: SoldByWeight | null): PriceBasis {
  if (byWeight) return { per: "weight", grams: byWeight.unitGrams };
  if (packAmount(attribute)) return { per: "pack" };
  if (packSize(attribute)?.label === "Set Size") return { per: "set" };
  return { per: "each" };
}

/** The words after a line's price: 'per kg', 'per 500 g', 'per pack', 'per set', 'each'. */
export function priceBasisIn(i18n: PackSizeSayer, basis: PriceBasis): string {
  switch (basis.per) {
    case "weight":
      return basis.grams === 1000 ? i18n._("per kg") : i18n._("per {weight}", { weight: weightIn(i18n, basis.grams) });
    case "pack":
      return i18n._("per pack");
    case "set":
      return i18n._("per set");
    default:
      return i18n._("each");
  }
}
