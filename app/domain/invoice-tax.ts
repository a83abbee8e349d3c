// GST on a tax invoice (issue 11 point 9): the place of supply (the delivery address's
// state, with its GST state code), and whether a line's tax is CGST + SGST (delivered in the
// supplier's own state) or IGST (delivered anywhere else). Also the GSTIN's shape and check
// character. Pure: no I/O.

/** GST state and union-territory codes, as the first two digits of a GSTIN. */
export const GST_STATE_CODES: Readonly<Record<string, string>> = {
  "01": "Jammu and Kashmir",
  "02": "Himachal Pradesh",
  "03": "Punjab",
  "04": "Chandigarh",
  "05": "Uttarakhand",
  "06": "Haryana",
  "07": "Delhi",
  "08": "Rajasthan",
  "09": "Uttar Pradesh",
  "10": "Bihar",
  "11": "Sikkim",
  "12": "Arunachal Pradesh",
  "13": "Nagaland",
  "14": "Manipur",
  "15": "Mizoram",
  "16": "Tripura",
  "17": "Meghalaya",
  "18": "Assam",
  "19": "West Bengal",
  "20": "Jharkhand",
  "21": "Odisha",
  "22": "Chhattisgarh",
  "23": "Madhya Pradesh",
  "24": "Gujarat",
  "26": "Dadra and Nagar Haveli and Daman and Diu",
  "27": "Maharashtra",
  "29": "Karnataka",
  "30": "Goa",
  "31": "Lakshadweep",
  "32": "Kerala",
  "33": "Tamil Nadu",
  "34": "Puducherry",
  "35": "Andaman and Nicobar Islands",
  "36": "Telangana",
  "37": "Andhra Pradesh",
  "38": "Ladakh",
  "97": "Other Territory",
};

/** The code for a delivery outside India (an export). */
export const FOREIGN_COUNTRY_CODE = "96";

/** Other names and the ISO 3166-2:IN letters shoppers type for a state, by its code. */
const ALIASES: Readonly<Record<string, readonly string[]>> = {
  "01": ["J&K", "JK"],
  "02": ["HP"],
  "03": ["PB"],
  "04": ["CH"],
  "05": ["Uttaranchal", "UK", "UT"],
  "06": ["HR"],
  "07": ["New Delhi", "NCT of Delhi", "National Capital Territory of Delhi", "DL"],
  "08": ["RJ"],
  "09": ["UP"],
  "10": ["BR"],
  "11": ["SK"],
  "12": ["AR"],
  "13": ["NL"],
  "14": ["MN"],
  "15": ["MZ"],
  "16": ["TR"],
  "17": ["ML"],
  "18": ["AS"],
  "19": ["WB"],
  "20": ["JH"],
  "21": ["Orissa", "OD", "OR"],
  "22": ["CG", "CT"],
  "23": ["MP"],
  "24": ["GJ"],
  "26": ["Daman and Diu", "Dadra and Nagar Haveli", "DH", "DN", "DD"],
  "27": ["MH"],
  "29": ["KA"],
  "30": ["GA"],
  "31": ["LD"],
  "32": ["KL"],
  "33": ["TN"],
  "34": ["Pondicherry", "PY"],
  "35": ["Andaman and Nicobar", "AN"],
  "36": ["TG", "TS"],
  "37": ["AP"],
  "38": ["LA"],
};

/** "Jammu & Kashmir", " jammu and  kashmir " → "jammu and kashmir". */
function normalise(name: string): string {
  return name
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
}

const BY_NAME = new Map<string, string>();
for (const [code, name] of Object.entries(GST_STATE_CODES)) {
  BY_NAME.set(normalise(name), code);
  for (const alias of ALIASES[code] ?? []) BY_NAME.set(normalise(alias), code);
}

export interface GstState {
  code: string;
  name: string;
}

/** The state a name (or its two letters) means, with its GST code; null when it names none. */
export function gstState(name: string): GstState | null {
  const code = BY_NAME.get(normalise(name));
  return code ? { code, name: GST_STATE_CODES[code]! } : null;
}

/**
 * Where the goods are supplied: the delivery address's state (IGST Act s.10(1)(b), goods
 * delivered to the buyer). `code` is null when the state is not one we know (the invoice
 * then prints the name as the shopper typed it); a delivery abroad has code 96.
 */
export interface PlaceOfSupply {
  name: string;
  code: string | null;
}

const INDIA = new Set(["", "india", "in", "bharat"]);

export function placeOfSupply(address: { state: string; country?: string }): PlaceOfSupply {
  if (!INDIA.has(normalise(address.country ?? ""))) return { name: address.country!.trim(), code: FOREIGN_COUNTRY_CODE };
  const known = gstState(address.state);
  return known ?? { name: address.state.trim(), code: null };
}

/** "Karnataka (29)", or the bare name when it has no code. */
export function formatPlace(place: PlaceOfSupply): string {
  const name = place.name || "Not given";
  return place.code ? `${name} (${place.code})` : name;
}

/** How a supply is taxed: CGST + SGST within the supplier's state, IGST across states. */
export type SupplyKind = "intra-state" | "inter-state";

/**
 * Intra-state only when the place of supply is the supplier's own state; any other place,
 * an unknown one and a delivery abroad are inter-state (IGST).
 */
export function supplyKind(supplierState: string, place: PlaceOfSupply): SupplyKind {
  const supplier = gstState(supplierState);
  if (place.code === FOREIGN_COUNTRY_CODE) return "inter-state";
  if (supplier && place.code) return supplier.code === place.code ? "intra-state" : "inter-state";
  return normalise(supplierState) !== "" && normalise(supplierState) === normalise(place.name) ? "intra-state" : "inter-state";
}

export interface TaxSplit {
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
}

/**
 * A line's GST as the invoice shows it: all of it as IGST across states; within the state,
 * half each to the Centre (CGST) and the State (SGST), an odd paisa to SGST. The parts
 * always add up to the tax.
 */
export function splitTax(taxPaise: number, kind: SupplyKind): TaxSplit {
  if (kind === "inter-state") return { cgstPaise: 0, sgstPaise: 0, igstPaise: taxPaise };
  const cgst = Math.floor(taxPaise / 2);
  return { cgstPaise: cgst, sgstPaise: taxPaise - cgst, igstPaise: 0 };
}

const GSTIN_CHARS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";

/** The 15th character of a GSTIN, from its first 14 (the GSTN's base-36 Luhn variant). */
export function gstinCheckCharacter(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const value = GSTIN_CHARS.indexOf(first14[i]!.toUpperCase());
    if (value < 0) throw new Error(`not a GSTIN character: ${first14[i]}`);
    const product = value * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return GSTIN_CHARS[(36 - (sum % 36)) % 36]!;
}

/**
 * A GSTIN of the right shape: a known state code, a PAN (five letters, four digits, a
 * letter), the registration's number, 'Z', and the right check character.
 */
export function isWellFormedGstin(gstin: string): boolean {
  if (!/^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/.test(gstin)) return false;
  if (!(gstin.slice(0, 2) in GST_STATE_CODES)) return false;
  return gstinCheckCharacter(gstin.slice(0, 14)) === gstin[14];
}

/** The state a GSTIN is registered in, from its first two digits. */
export function gstinState(gstin: string): GstState | null {
  const code = gstin.slice(0, 2);
  const name = GST_STATE_CODES[code];
  return name ? { code, name } : null;
}
