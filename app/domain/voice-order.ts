// Turning a spoken or typed shopping list into items of the catalogue (issue 15; the
// specification's /orders/audio step, done by Haat itself): "do kilo chawal, ek kilo toor dal
// aur aadha kilo badam". Quantities in digits, English and Hindi words, halves, 'dedh' and
// 'dhai'; units; names matched by the shop's own search (its synonym table knows chawal and
// badam); the variant whose pack fits the spoken quantity. Pure: the search is passed in.
import { MAX_QUANTITY_INPUT } from "./cart.ts";
import { say } from "./i18n/messages.ts";
import { packAmount, type PackAmount } from "./pack-size.ts";

export type Unit = "kg" | "g" | "l" | "ml" | "pack" | "dozen" | "piece" | "box";

/** One item of the list as it was said: its words, how many, and of what unit. */
export interface SpokenItem {
  /** The part of the list it came from, as said. */
  phrase: string;
  /** The words left for the product's name. */
  name: string;
  quantity: number;
  unit: Unit | null;
  /** Whether a quantity was said (a number, or a unit: 'kilo atta'), or only assumed to be one. */
  quantitySaid: boolean;
}

export interface VoiceVariant {
  internalReference: string;
  attribute: string;
  pricePaise: number;
  images: string[];
  inStock: boolean;
  inventoryStock: number;
}

export interface VoiceProduct {
  id: number;
  title: string;
  variants: readonly VoiceVariant[];
}

/**
 * How sure the match is (issue 41 item 14): `clear` when the shopper's words plainly name this
 * product and a quantity (it arrives ticked); `unsure` when it is found but could be a guess (a
 * misspelling, a word other products share as well, no quantity said: it arrives unticked and asks
 * 'Is this what you meant?'); `none` when nothing was found.
 */
export type Confidence = "clear" | "unsure" | "none";

/**
 * How the words of an item name one product (the shop's search index judges it,
 * app/domain/voice-names.ts): `named` when each word, or a synonym of it, is a word of the
 * product's name or category as said (not a completion, a misspelling or a word of its
 * description); `kind` when one of them says what the product is (its name's last word: the
 * 'dal' of 'Moong Dal', not of 'Moong Dal Namkeen'); `unsaid`: the words of the product's name
 * the shopper did not say.
 */
export interface NameMatch {
  named: boolean;
  kind: boolean;
  unsaid: readonly string[];
}

/** An item matched to the catalogue (found), or not. `count` is how many of the variant go in the cart. */
export interface MatchedItem extends SpokenItem {
  found: boolean;
  confidence: Confidence;
  /** Found, and for sale now (an out-of-stock product is found but cannot be added). */
  available: boolean;
  productId: number | null;
  title: string | null;
  internalReference: string | null;
  attribute: string | null;
  pricePaise: number | null;
  image: string | null;
  count: number;
}

/** A recording's cap (Specification: Voice ordering): the embedded engine, the outside service and the request's body limit all read it. */
export const VOICE_MAX_BYTES = 10 * 1024 * 1024;

/** A recording over the cap, in the shopper's words. */
export function recordingTooLarge(): string {
  return VOICE_MESSAGES.tooLarge(VOICE_MAX_BYTES / 1024 / 1024);
}

export const VOICE_MESSAGES = {
  nothingToSend: /*i18n*/ "Nothing to send. Please record or upload audio first.",
  emptyRecording: /*i18n*/ "Recording was empty. Speak for a second before stopping.",
  transcriptionFailed: /*i18n*/ "Transcription failed.",
  networkError: /*i18n*/ "Network error.",
  notConfigured: /*i18n*/ "Voice ordering is not set up on this server. Type or paste your list instead.",
  tooLarge: (mb: number) => say(/*i18n*/ "The recording is too large: at most {mb} MB.", { mb }),
  tooLong: (seconds: number) => say(/*i18n*/ "The recording is too long: at most {seconds} seconds.", { seconds }),
  notAudio: /*i18n*/ "That file is not audio or video. Please upload a recording.",
  busy: /*i18n*/ "Too many recordings are being transcribed right now. Please try again in a minute.",
  timedOut: /*i18n*/ "Transcription took too long. Please try a shorter recording.",
  // An outside speech provider failed, refused or heard nothing (issue 44): no basket is guessed.
  couldNotHear: /*i18n*/ "We could not hear that, type your list instead",
  emptyList: /*i18n*/ "Type or paste your list first.",
  listTooLong: (max: number) => say(/*i18n*/ "Your list is too long: at most {max} characters.", { max }),
  unmatched: (n: number) => say(/*i18n*/ "{n} item(s) couldn’t be matched in your system.", { n }),
  outOfStock: /*i18n*/ "Out of stock",
  // Two messages rather than a plural: `say` has {name} placeholders only.
  added: (n: number) => (n === 1 ? /*i18n*/ "1 item added to your cart." : say(/*i18n*/ "{n} items added to your cart.", { n })),
  noneChosen: /*i18n*/ "Choose at least one found item to add.",
  isThisIt: /*i18n*/ "Is this what you meant?",
  // The provider said it was unsure of the words (issue 44): nothing arrives ticked.
  heardUnsure: /*i18n*/ "We were not sure of every word we heard: check each item before you add it.",
} as const;

/**
 * A provider's confidence in its words (0 to 1) below which they are a guess: what it heard is
 * shown for checking and nothing arrives ticked (decision 075). Google's confidence for a clear
 * phrase is above 0.9; 0.8 leaves out the mishearings it flags itself.
 */
export const VOICE_TRUSTED_CONFIDENCE = 0.8;

/** Whether a transcript's words can tick items: a provider that gives no confidence is judged by the matcher alone. */
export function heardClearly(confidence: number | undefined): boolean {
  return confidence === undefined || confidence >= VOICE_TRUSTED_CONFIDENCE;
}

/** Items from words the provider was unsure of: each asked about ('Is this what you meant?'), none ticked. */
export function askedAbout<T extends { confidence: Confidence }>(items: T[]): T[] {
  return items.map((item) => (item.confidence === "clear" ? { ...item, confidence: "unsure" } : item));
}

export const LIST_MAX_CHARS = 2000;
/** More items than anyone says in one go: the rest of a long paste is left out. */
export const LIST_MAX_ITEMS = 40;

/** A table's words as the list's words are compared: NFKC, so 'ढ़' typed either way is one letter. */
function byNormalKey<T>(table: Record<string, T>): Readonly<Record<string, T>> {
  return Object.fromEntries(Object.entries(table).map(([word, value]) => [word.normalize("NFKC"), value]));
}

/** 'sawa do' is 2¼, 'paune do' 1¾, 'saadhe teen' 3½: what each adds to the number after it. */
const NUDGES: Readonly<Record<string, number>> = byNormalKey({
  sawa: 0.25,
  सवा: 0.25,
  paune: -0.25,
  पौने: -0.25,
  saadhe: 0.5,
  sadhe: 0.5,
  saade: 0.5,
  sade: 0.5,
  साढ़े: 0.5,
  साढे: 0.5,
});

const NUMBER_WORDS: Readonly<Record<string, number>> = byNormalKey({
  zero: 0,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  sixty: 60,
  seventy: 70,
  eighty: 80,
  ninety: 90,
  hundred: 100,
  half: 0.5,
  quarter: 0.25,
  // Hindi, as it is typed in Latin letters
  ek: 1,
  do: 2,
  doh: 2,
  teen: 3,
  tin: 3,
  char: 4,
  chaar: 4,
  paanch: 5,
  panch: 5,
  chhe: 6,
  chhah: 6,
  chah: 6,
  che: 6,
  saat: 7,
  sat: 7,
  aath: 8,
  ath: 8,
  nau: 9,
  das: 10,
  dus: 10,
  gyarah: 11,
  barah: 12,
  baarah: 12,
  pandrah: 15,
  bees: 20,
  pachees: 25,
  pachchees: 25,
  tees: 30,
  chalis: 40,
  chaalis: 40,
  pachas: 50,
  pachaas: 50,
  sau: 100,
  aadha: 0.5,
  adha: 0.5,
  aadhaa: 0.5,
  aada: 0.5,
  aadhi: 0.5,
  adhi: 0.5,
  paav: 0.25,
  pav: 0.25,
  pao: 0.25,
  dedh: 1.5,
  derh: 1.5,
  dhai: 2.5,
  dhaai: 2.5,
  dhaee: 2.5,
  adhai: 2.5,
  dhaiy: 2.5,
  // Hindi in Devanagari, as a provider that hears Hindi writes it (issue 44)
  एक: 1,
  दो: 2,
  तीन: 3,
  चार: 4,
  पांच: 5,
  पाँच: 5,
  छह: 6,
  छः: 6,
  छे: 6,
  सात: 7,
  आठ: 8,
  नौ: 9,
  दस: 10,
  ग्यारह: 11,
  बारह: 12,
  पंद्रह: 15,
  पन्द्रह: 15,
  बीस: 20,
  पच्चीस: 25,
  तीस: 30,
  चालीस: 40,
  पचास: 50,
  सौ: 100,
  आधा: 0.5,
  आधी: 0.5,
  आधे: 0.5,
  पाव: 0.25,
  पौवा: 0.25,
  डेढ़: 1.5,
  डेढ: 1.5,
  ढाई: 2.5,
  अढ़ाई: 2.5,
});

const UNITS: Readonly<Record<string, Unit>> = byNormalKey({
  kg: "kg",
  kgs: "kg",
  kilo: "kg",
  kilos: "kg",
  kilogram: "kg",
  kilograms: "kg",
  killo: "kg",
  g: "g",
  gm: "g",
  gms: "g",
  gram: "g",
  grams: "g",
  gr: "g",
  l: "l",
  ltr: "l",
  ltrs: "l",
  litre: "l",
  litres: "l",
  liter: "l",
  liters: "l",
  ml: "ml",
  packet: "pack",
  packets: "pack",
  pkt: "pack",
  pkts: "pack",
  pack: "pack",
  packs: "pack",
  dozen: "dozen",
  dozens: "dozen",
  darjan: "dozen",
  piece: "piece",
  pieces: "piece",
  pc: "piece",
  pcs: "piece",
  nos: "piece",
  box: "box",
  boxes: "box",
  dabba: "box",
  bottle: "pack",
  bottles: "pack",
  // Devanagari (issue 44)
  किलो: "kg",
  किलोग्राम: "kg",
  केजी: "kg",
  ग्राम: "g",
  लीटर: "l",
  लिटर: "l",
  मिलीलीटर: "ml",
  एमएल: "ml",
  पैकेट: "pack",
  पैक: "pack",
  बोतल: "pack",
  दर्जन: "dozen",
  पीस: "piece",
  नग: "piece",
  डिब्बा: "box",
  डिब्बे: "box",
});

/** Words that ask for things but name none of them. */
const FILLER = new Set(
  [
    "please",
    "pls",
    "plz",
    "mujhe",
    "muje",
    "humein",
    "chahiye",
    "chaiye",
    "chahie",
    "dena",
    "dedo",
    "bhejo",
    "bhej",
    "lana",
    "bhi",
    "i",
    "want",
    "need",
    "would",
    "like",
    "get",
    "send",
    "add",
    "me",
    "us",
    "buy",
    "order",
    "of",
    "some",
    "the",
    "a",
    "an",
    "ka",
    "ki",
    "ke",
    "wala",
    "wali",
    "wale",
    "bhar",
    "also",
    "then",
    "more",
    // Devanagari (issue 44)
    "मुझे",
    "हमें",
    "हमको",
    "मुझको",
    "चाहिए",
    "चाहिये",
    "दीजिए",
    "दीजिये",
    "देना",
    "दे",
    "दें",
    "भेजो",
    "भेजिए",
    "भेज",
    "लाना",
    "भी",
    "का",
    "की",
    "के",
    "वाला",
    "वाली",
    "वाले",
    "कृपया",
    "प्लीज़",
    "प्लीज",
    "और",
  ].map((word) => word.normalize("NFKC")),
);

const normalize = (text: string) =>
  text
    // Devanagari digits are digits; a danda ends an item as a full stop does.
    .replace(/[\u0966-\u096F]/g, (d) => String(d.charCodeAt(0) - 0x966))
    .replace(/[\u0964\u0965]/g, ",")
    .replace(/½/g, " 0.5 ")
    .replace(/¼/g, " 0.25 ")
    .replace(/¾/g, " 0.75 ")
    .normalize("NFKC")
    .replace(/\u2044/g, "/")
    .toLowerCase()
    .replace(/[’']/g, "");

/** "2kg" → "2 kg", "1.5ltr" → "1.5 ltr": a number stuck to its unit is two words. */
const splitStuck = (text: string) => text.replace(/(\d(?:[.,]\d+)?)(\p{L}+)/gu, "$1 $2");

/** Splits the list at commas, new lines, 'and', 'aur', '&', '+' and 'plus', but not at 'and a half'. */
export function splitList(text: string): string[] {
  const joined = normalize(text)
    // 'one and a half' stays one quantity, but only after a number ('rice and half kg sugar' is two items).
    .replace(/(\d|\b(?:one|two|three|four|five|ek|do|teen|char|paanch))\s+and\s+(a\s+)?half\b/g, "$1 __half__")
    // 'two hundred and fifty grams' is one quantity, not two items.
    .replace(/\bhundred\s+and\s+(?=(?:one|two|three|four|five|six|seven|eight|nine|ten|[a-z]+teen|[a-z]+ty)\b)/g, "hundred ")
    // '1,5 kg' and '1,000 g' are numbers, not two items.
    .replace(/(\d),(\d)/g, "$1__comma__$2");
  return joined
    .split(/[\n\r,;|]+|\s+(?:and|aur|or|\+|plus|then|phir|और|तथा|फिर|या)\s+/)
    .map((s) =>
      s
        .replace(/__half__/g, "and a half")
        .replace(/(\d)__comma__(\d{3})\b/g, "$1$2")
        .replace(/__comma__/g, ".")
        .replace(/[.!?]+$/g, "")
        .trim(),
    )
    .filter(Boolean);
}

/** Words that multiply the number before them: 'two hundred', 'dhai sau' (250), 'डेढ़ सौ' (150). */
const HUNDREDS = new Set(["hundred", "sau", "सौ"]);

/**
 * A number said in several words, from `at`: 'two hundred fifty', 'twenty five', 'dhai sau'. A
 * word joins only where a number said aloud goes on: units after a round ten, anything smaller
 * after a hundred, so 'one two' is not twelve. Returns the number and the words it took.
 */
function compoundNumber(words: readonly string[], at: number): { value: number; used: number } | null {
  const first = numberOf(words[at]!);
  if (first === null) return null;
  let value = first;
  let used = 1;
  let hundreds = false;
  for (;;) {
    const word = words[at + used];
    if (word === undefined) break;
    if (HUNDREDS.has(word) && !hundreds && value > 0 && value < 100) {
      value *= 100;
      hundreds = true;
      used++;
      continue;
    }
    // 'two hundred and fifty': 'and' between a hundred and what follows is part of the number.
    const skip = hundreds && word === "and" ? 1 : 0;
    const next = words[at + used + skip];
    const n = next !== undefined && !HUNDREDS.has(next) ? numberOf(next) : null;
    const rest = value % 100;
    const fits = n !== null && Number.isInteger(n) && n > 0 && (hundreds ? rest === 0 && n < 100 : value >= 20 && value < 100 && value % 10 === 0 && n < 10);
    if (!fits) break;
    value += n;
    used += 1 + skip;
    if (!hundreds) break;
  }
  return { value, used };
}

function numberOf(word: string): number | null {
  if (/^\d+(?:[.,]\d+)?$/.test(word)) return Number(word.replace(",", "."));
  const fraction = /^(\d+)\/(\d+)$/.exec(word);
  if (fraction && Number(fraction[2]) > 0) return Number(fraction[1]) / Number(fraction[2]);
  return NUMBER_WORDS[word] ?? null;
}

/** One part of the list: its quantity (default 1), its unit and the words of its name. */
export function parseItem(phrase: string): SpokenItem | null {
  const words = splitStuck(normalize(phrase))
    // Letters with their marks (a Devanagari vowel sign is a mark, not a letter), digits.
    .replace(/[^\p{L}\p{M}\p{N}./\s-]/gu, " ")
    .split(/\s+/)
    .filter(Boolean);
  let quantity: number | null = null;
  let unit: Unit | null = null;
  const name: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    const next = words[i + 1];
    // 'sawa do' (2¼), 'paune do' (1¾), 'saadhe teen' (3½), 'sawa kilo' (1¼).
    const nudge = NUDGES[word];
    if (nudge !== undefined && quantity === null) {
      const n = next !== undefined ? numberOf(next) : null;
      quantity = (n ?? 1) + nudge;
      if (n !== null) i++;
      continue;
    }
    const n = numberOf(word);
    // 'a' and 'an' count as one only before a unit ('a kilo rice', 'an dozen eggs').
    if (n === null && (word === "a" || word === "an") && next && UNITS[next] && quantity === null) {
      quantity = 1;
      continue;
    }
    if (n !== null) {
      // Numbers never join the name. The first is the quantity, unless it is 'do' closing the
      // phrase after a name ('ek kilo chawal do': 'give'), which is a verb, not two.
      const verb = (word === "do" || word === "दो") && !next && name.length > 0;
      if (quantity === null && !verb) {
        const said = compoundNumber(words, i)!;
        quantity = said.value;
        i += said.used - 1;
        // 'one and a half'.
        if (words[i + 1] === "and" && words[i + 2] === "a" && words[i + 3] === "half") {
          quantity += 0.5;
          i += 3;
        }
      }
      continue;
    }
    const u = UNITS[word];
    if (u && unit === null) {
      // 'paav kilo' is a quarter kilo; 'kilo' alone is one kilo.
      unit = u;
      continue;
    }
    if (FILLER.has(word)) continue;
    name.push(word);
  }
  const text = name.join(" ").trim();
  if (!text && quantity === null) return null;
  // Nothing, or more than a cart takes, is not a quantity anyone means: one, or the cart's most.
  const said = quantity === null || !(quantity > 0) ? 1 : Math.min(quantity, unit === "g" || unit === "ml" ? 1_000_000 : MAX_QUANTITY_INPUT);
  return { phrase: phrase.trim(), name: text, quantity: said, unit, quantitySaid: quantity !== null || unit !== null };
}

/** The list as items, in the order said; empty parts and parts with no name are left out. */
export function parseOrderText(text: string): SpokenItem[] {
  return splitList(text.slice(0, LIST_MAX_CHARS))
    .flatMap((part) => parseItem(part) ?? [])
    .slice(0, LIST_MAX_ITEMS);
}

/** The spoken amount in the unit packs are measured in (grams, millilitres, pieces), or null for a count of packs. */
function spokenAmount(item: Pick<SpokenItem, "quantity" | "unit">): PackAmount | null {
  switch (item.unit) {
    case "kg":
      return { amount: item.quantity * 1000, base: "g" };
    case "g":
      return { amount: item.quantity, base: "g" };
    case "l":
      return { amount: item.quantity * 1000, base: "ml" };
    case "ml":
      return { amount: item.quantity, base: "ml" };
    case "dozen":
      return { amount: item.quantity * 12, base: "piece" };
    case "piece":
      return { amount: item.quantity, base: "piece" };
    default:
      return null;
  }
}

const available = (v: VoiceVariant) => v.inStock && v.inventoryStock > 0;
const clampCount = (n: number) => Math.max(1, Math.min(MAX_QUANTITY_INPUT, Math.ceil(n - 1e-9)));

/**
 * The pack that makes `wanted` exactly in the fewest packs, else the one that comes closest above
 * it; `covers` is false when the count had to be cut to what one line may hold.
 */
function fitPacks(pool: readonly VoiceVariant[], wanted: PackAmount): { variant: VoiceVariant; count: number; covers: boolean } | null {
  const sized = pool.flatMap((variant) => {
    const pack = packAmount(variant.attribute);
    return pack && pack.base === wanted.base && pack.amount > 0 ? [{ variant, pack: pack.amount }] : [];
  });
  const exact = sized.filter(({ pack }) => Math.abs(wanted.amount / pack - Math.round(wanted.amount / pack)) < 1e-9).sort((a, b) => wanted.amount / a.pack - wanted.amount / b.pack);
  const chosen =
    exact[0] ??
    sized
      .map(({ variant, pack }) => ({ variant, pack, count: clampCount(wanted.amount / pack) }))
      .sort((a, b) => a.count * a.pack - wanted.amount - (b.count * b.pack - wanted.amount) || a.count - b.count)[0];
  if (!chosen) return null;
  const count = clampCount(wanted.amount / chosen.pack);
  return { variant: chosen.variant, count, covers: count * chosen.pack >= wanted.amount - 1e-9 };
}

/**
 * The variant and how many of it: for a weight, volume or count, the pack that makes the amount
 * exactly in the fewest packs ('2 kg' of a 1 kg pack is 2; 'aadha kilo' is the 500 g pack), else
 * the one that comes closest above it; otherwise the first variant for sale, as many as said.
 * `fits` is false when the amount said could not be measured in the product's packs: 'ek kilo
 * ghee' is offered as the litre (oil and ghee are asked for by the kilo and sold by the litre, near
 * enough one for one), '2 kilo eggs' as two packs, and either is asked about, not ticked; so is an
 * amount more than a line may hold.
 */
export function chooseVariant(variants: readonly VoiceVariant[], item: Pick<SpokenItem, "quantity" | "unit">): { variant: VoiceVariant; count: number; fits: boolean } | null {
  if (variants.length === 0) return null;
  const forSale = variants.filter(available);
  const pool = forSale.length ? forSale : variants;
  // A bare number of a thing sold in counted packs is pieces once it reaches a pack ('6 eggs' is
  // the pack of 6, '12 bananas' the dozen); below that ('2 green tea') it is packs.
  const smallestCount = Math.min(...pool.map((v) => packAmount(v.attribute)).flatMap((p) => (p?.base === "piece" ? [p.amount] : [])));
  const said = spokenAmount(item);
  const wanted = said ?? (item.unit === null && item.quantity >= smallestCount ? { amount: item.quantity, base: "piece" as const } : null);
  if (wanted && wanted.amount > 0) {
    const fitted = fitPacks(pool, wanted);
    if (fitted) return { variant: fitted.variant, count: fitted.count, fits: fitted.covers };
    const near = wanted.base === "piece" ? null : fitPacks(pool, { amount: wanted.amount, base: wanted.base === "g" ? "ml" : "g" });
    if (near) return { variant: near.variant, count: near.count, fits: false };
  }
  return { variant: pool[0]!, count: clampCount(item.quantity), fits: said === null };
}

/**
 * Whether the shopper's words name a product clearly enough to tick it for them (issue 41 item
 * 14): a quantity was said; every word names the product (`chosen.named`); and no other product
 * the search found for the same words is named by them as well (and, when they say what the
 * chosen one is, is that kind of thing too), unless the chosen one's name is the closer: fewer of
 * its words left unsaid, counting only the words the two names do not share. 'basmati rice' is
 * Basmati Rice rather than Brown Basmati Rice, and 'moong dal' the dal, not Moong Dal Namkeen; but
 * 'dal' is any of four dals and 'chawal' any of the rices, so they are asked about.
 */
export function confidenceOf(item: Pick<SpokenItem, "quantitySaid">, chosen: NameMatch, others: readonly NameMatch[]): Exclude<Confidence, "none"> {
  if (!item.quantitySaid || !chosen.named) return "unsure";
  const rival = (other: NameMatch) => other.named && (other.kind || !chosen.kind);
  const closer = (other: NameMatch) => {
    const mine = chosen.unsaid.filter((w) => !other.unsaid.includes(w)).length;
    const theirs = other.unsaid.filter((w) => !chosen.unsaid.includes(w)).length;
    return mine < theirs;
  };
  return others.every((other) => !rival(other) || closer(other)) ? "clear" : "unsure";
}

/** Whether an item arrives ticked to go to the cart: found, for sale, and named clearly. */
export function preTicked(item: Pick<MatchedItem, "found" | "available" | "confidence">): boolean {
  return item.found && item.available && item.confidence === "clear";
}

/**
 * Matches each item with `search` (the shop's ranked product ids for a name) among `products`;
 * `names(name, product)`: how the name names that product (app/domain/voice-names.ts), which
 * decides how sure each match is (confidenceOf).
 */
export function matchItems(
  items: readonly SpokenItem[],
  search: (name: string) => number[],
  productOf: (id: number) => VoiceProduct | undefined,
  names: (name: string, product: VoiceProduct) => NameMatch,
): MatchedItem[] {
  // The same variant said twice ('basmati rice, chawal') is one line with both counts. A name said
  // plainly once names the line; an amount guessed in either part (or cut to a line's most) leaves
  // it asked about.
  const merged: MatchedItem[] = [];
  const guessed = new Set<MatchedItem>();
  for (const { item, fits } of matchEach(items, search, productOf, names)) {
    const same = item.found ? merged.find((m) => m.internalReference === item.internalReference) : undefined;
    if (!same) {
      merged.push(item);
      if (!fits) guessed.add(item);
      continue;
    }
    const total = same.count + item.count;
    same.count = clampCount(total);
    same.phrase = `${same.phrase}, ${item.phrase}`;
    if (!fits || same.count < total) guessed.add(same);
    if (guessed.has(same)) same.confidence = "unsure";
    else if (item.confidence === "clear") same.confidence = "clear";
  }
  return merged;
}

function matchEach(
  items: readonly SpokenItem[],
  search: (name: string) => number[],
  productOf: (id: number) => VoiceProduct | undefined,
  names: (name: string, product: VoiceProduct) => NameMatch,
): { item: MatchedItem; fits: boolean }[] {
  return items.map((item) => {
    const candidates = item.name
      ? search(item.name)
          .flatMap((id) => productOf(id) ?? [])
          .filter((p) => p.variants.length > 0)
      : [];
    const product = candidates[0];
    const chosen = product ? chooseVariant(product.variants, item) : null;
    if (!product || !chosen) {
      const notFound: MatchedItem = {
        ...item,
        found: false,
        confidence: "none",
        available: false,
        productId: null,
        title: null,
        internalReference: null,
        attribute: null,
        pricePaise: null,
        image: null,
        count: clampCount(item.quantity),
      };
      return { item: notFound, fits: true };
    }
    const confidence = chosen.fits
      ? confidenceOf(
          item,
          names(item.name, product),
          candidates.slice(1).map((other) => names(item.name, other)),
        )
      : "unsure";
    const found: MatchedItem = {
      ...item,
      found: true,
      confidence,
      available: available(chosen.variant),
      productId: product.id,
      title: product.title,
      internalReference: chosen.variant.internalReference,
      attribute: chosen.variant.attribute,
      pricePaise: chosen.variant.pricePaise,
      // The pack's own picture, else any of the product's.
      image: chosen.variant.images[0] ?? product.variants.find((v) => v.images[0])?.images[0] ?? null,
      count: chosen.count,
    };
    return { item: found, fits: chosen.fits };
  });
}

/** "2 kg", "Qty: 3": how an item's quantity reads (Specification: Voice ordering). */
export function quantityLabel(item: Pick<SpokenItem, "quantity" | "unit">): string {
  if (!item.unit) return `Qty: ${item.quantity}`;
  const unit = {
    kg: "kg",
    g: "g",
    l: "L",
    ml: "ml",
    pack: item.quantity === 1 ? "packet" : "packets",
    dozen: "dozen",
    piece: item.quantity === 1 ? "piece" : "pieces",
    box: item.quantity === 1 ? "box" : "boxes",
  }[item.unit];
  return `${item.quantity} ${unit}`;
}

/** The specification's order backend answer (Specification: Voice ordering, /orders/audio): each item as its tool read it. */
export interface ExtractedProduct {
  product_name: string;
  quantity: number;
  unit: string | null;
  found_in_system: boolean;
  product_id: number | null;
  internal_reference: string | null;
  /** Rupees, as the catalogue's prices are given. */
  price: number | null;
  image: string | null;
}

export function extractedProducts(items: readonly MatchedItem[]): ExtractedProduct[] {
  return items.map((i) => ({
    product_name: i.found ? i.title! : i.name || i.phrase,
    quantity: i.found ? i.count : i.quantity,
    unit: i.found ? null : i.unit,
    found_in_system: i.found,
    product_id: i.productId,
    internal_reference: i.internalReference,
    price: i.pricePaise === null ? null : i.pricePaise / 100,
    image: i.image,
  }));
}

/** A filename for a recording by its type (Specification: Voice ordering; the recorder and the server both name it so): webm, mp3, mp4, wav, else audio.webm. */
export function recordingName(type: string): string {
  if (type.includes("webm")) return "audio.webm";
  if (type.includes("mpeg") || type.includes("mp3")) return "audio.mp3";
  if (type.includes("mp4")) return "audio.mp4";
  if (type.includes("wav")) return "audio.wav";
  return "audio.webm";
}
