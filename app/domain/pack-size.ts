// Browsing §2: the product page's pack-size line is derived from the variant attribute:
// Net Weight in kg or g, Capacity in L or ml, Size in cm, mm or in, Pack Count, Set Size,
// else Pack Size. The labels are messages (the page says them in its language); the values are
// the catalogue's.

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
