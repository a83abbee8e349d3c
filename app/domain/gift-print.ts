// What the packing slip's gift card can print (issue 41 item 7, decision 054): a gift message
// and its 'From' hold only characters the slip's fonts have, so the card prints what the shopper
// wrote, every character of it, or the form says what to remove. The slip writes in Noto Sans
// (Latin, Greek, Cyrillic, punctuation, ₹) and Noto Sans Devanagari (app/server/invoice/fonts);
// packing-slip.server.test.ts checks every character allowed here against those fonts. Apart from
// gift.ts so the Review Order page's JavaScript does not carry it.

/** The blocks the slip's fonts print, first to last code point. */
const PRINTABLE: readonly (readonly [number, number])[] = [
  [0x20, 0x7e], // Basic Latin: letters, digits, punctuation, symbols
  [0xa0, 0x24f], // Latin-1 (£, ©, °, é), Latin Extended-A and -B (ł, ş)
  [0x250, 0x2ff], // IPA and modifier letters (ʼ)
  [0x300, 0x36f], // accents typed as a letter and a combining mark (e + ◌́)
  [0x370, 0x3e1], // Greek (not the Coptic letters of its block)
  [0x3f0, 0x3ff],
  [0x400, 0x4ff], // Cyrillic
  [0x900, 0x97f], // Devanagari, with । and ॥
  [0x1e00, 0x1eff], // Latin Extended Additional (Vietnamese)
  [0x1f00, 0x1fff], // Greek Extended
  [0x2000, 0x200a], // spaces of other widths
  [0x200c, 0x200d], // the joiners that shape Devanagari (क्‍ष)
  [0x2010, 0x2027], // dashes, quotation marks, bullets, …
  [0x202f, 0x205e], // narrow no-break space, ‰, ′, ‹ ›, ⁄
  [0x20a0, 0x20bf], // currency signs: ₹, €, £
  [0x2100, 0x215f], // №, ™, ℃, ½
  [0xa8e0, 0xa8ff], // Devanagari Extended
];

/** Never printable, whatever its block: a format or control character (a direction override, U+202E), a line or paragraph separator, or no character at all. */
const INVISIBLE = /[\p{Cf}\p{Cc}\p{Cn}\p{Co}\p{Cs}\p{Zl}\p{Zp}]/u;
const JOINERS = /[\u200c\u200d]/u;
/** What a person can see in a piece of text. */
const VISIBLE = /[\p{L}\p{N}\p{P}\p{S}]/u;
/** How many characters a refusal names: enough to act on, few enough to read (the rest are named next time). */
const NAMED_AT_MOST = 5;

/** Whether the gift slip prints this character (a line break included). */
export function printsOnGiftSlip(char: string): boolean {
  if (char === "\n") return true;
  const cp = char.codePointAt(0)!;
  if (INVISIBLE.test(char) && !JOINERS.test(char)) return false;
  return PRINTABLE.some(([first, last]) => cp >= first && cp <= last);
}

const graphemes = new Intl.Segmenter("en", { granularity: "grapheme" });

/**
 * What in `text` the gift slip cannot print, as the shopper should be told it: each character as
 * it is seen (an emoji with its skin tone or family joined, 👍🏽), an invisible one by its code
 * point (U+202E); each named once, at most five. Empty: the slip prints all of it.
 */
export function unprintableOnGiftSlip(text: string): string[] {
  const named: string[] = [];
  for (const { segment } of graphemes.segment(text)) {
    const bad = [...segment].filter((c) => !printsOnGiftSlip(c));
    if (bad.length === 0) continue;
    const shown = VISIBLE.test(segment) && segment.length <= 16 ? segment : `U+${bad[0]!.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")}`;
    if (!named.includes(shown)) named.push(shown);
    if (named.length === NAMED_AT_MOST) break;
  }
  return named;
}
