// Hindi pages' font (issue 27, decision 052): the phone's own Devanagari face when it has one
// (Android's Noto Sans Devanagari, Apple's Kohinoor, Windows' Nirmala UI or Mangal, Linux's
// Lohit), else our copy of Noto Sans Devanagari, one weight, for Devanagari only (unicode-range).
// Our copy has a family name of its own, after the phone's faces in the stack: a phone that has
// one never downloads it, and never swaps faces after the first paint (issue 43: the swap moved
// a Hindi blog post by 0.099 of the screen). Written once for both ways a Hindi page declares it:
// its script adds it with the FontFace API once the page has loaded, and a page without
// JavaScript declares it in a <noscript> style (font-display: swap either way).
export const DEVANAGARI_FAMILY = "Noto Sans Devanagari";
/** Our copy's family name: only a page whose phone has no Devanagari face of its own uses it. */
export const DEVANAGARI_WEB_FAMILY = "Noto Sans Devanagari Web";
/** The phones' own Devanagari faces, most Indian phones' first. */
const SYSTEM_DEVANAGARI = [DEVANAGARI_FAMILY, "Kohinoor Devanagari", "Nirmala UI", "Mangal", "Lohit Devanagari"];
export const DEVANAGARI_RANGE = "U+0900-097F,U+1CD0-1CF9,U+200C-200D,U+20A8,U+20B9,U+20F0,U+25CC,U+A830-A839,U+A8E0-A8FF";

/** The face's sources: a phone that has the font (most Android phones) uses its own copy and downloads nothing. */
export const devanagariSource = (url: string) => `local("${DEVANAGARI_FAMILY}"),local("NotoSansDevanagari-Regular"),url(${url}) format("woff2")`;

export const devanagariFaceCss = (url: string) =>
  `@font-face{font-family:"${DEVANAGARI_WEB_FAMILY}";font-style:normal;font-weight:400;font-display:swap;src:${devanagariSource(url)};unicode-range:${DEVANAGARI_RANGE}}`;

/** What a Hindi page's head carries of its font (the root loader's data). */
export interface HindiFont {
  /** The woff2's address, which the page's script declares once the page has loaded. */
  url: string;
  /** Always: the font stack that names the font first. */
  stackCss: string;
  /** Only without JavaScript (a <noscript> style): the face itself. */
  faceCss: string;
}

/**
 * The page's font stack: Latin in the system's font as on English pages, then for Devanagari
 * (which those lack) the phone's own faces, then our copy, which the browser fetches only for a
 * character none of those has.
 */
export const DEVANAGARI_STACK_CSS = `:root{--font-sans:ui-sans-serif,system-ui,-apple-system,"Segoe UI",Roboto,${SYSTEM_DEVANAGARI.map((f) => `"${f}"`).join(",")},"${DEVANAGARI_WEB_FAMILY}","Noto Sans",sans-serif}`;

/**
 * With JavaScript: the font is declared after the page's load event, so its download never
 * competes with the first paint (Lighthouse counted it in a Hindi page's first paint: FCP 2.4 s
 * against 0.8 s without it). It is not loaded here: the browser fetches it only if a character
 * needs it, which a phone with its own Devanagari face never does.
 */
export function addDevanagariFont(url: string, doc: Document = document): void {
  const add = () => {
    if (typeof FontFace !== "function" || !doc.fonts) return;
    const face = new FontFace(DEVANAGARI_WEB_FAMILY, devanagariSource(url), { weight: "400", style: "normal", display: "swap", unicodeRange: DEVANAGARI_RANGE });
    doc.fonts.add(face);
  };
  if (doc.readyState === "complete") add();
  else doc.defaultView?.addEventListener("load", add, { once: true });
}
