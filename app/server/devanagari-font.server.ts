// Hindi pages' font (issue 27): Noto Sans Devanagari, self-hosted and fingerprinted, declared
// only on Hindi pages (the root loader hands this CSS to the page, so English pages' scripts do
// not carry it), only for Devanagari (unicode-range: Latin keeps the system font), with
// font-display: swap so text shows at once in the phone's own font and changes when it arrives.
// A phone that has the font installed (most Android phones) uses its own copy; not preloaded,
// so such a phone downloads nothing.
import regular from "../fonts/noto-sans-devanagari-400.woff2?url&no-inline";

const RANGE = "U+0900-097F,U+1CD0-1CF9,U+200C-200D,U+20A8,U+20B9,U+20F0,U+25CC,U+A830-A839,U+A8E0-A8FF";
const face = (weight: number, url: string) =>
  `@font-face{font-family:"Noto Sans Devanagari";font-style:normal;font-weight:${weight};font-display:swap;` +
  `src:local("Noto Sans Devanagari"),local("NotoSansDevanagari-Regular"),url(${url}) format("woff2");unicode-range:${RANGE}}`;

// One weight (50 kB): headings' semibold is drawn from it, which halves what a first Hindi visit
// downloads on a phone without the font (Lighthouse on a Hindi product page: FCP 2.4 s with two).
export const DEVANAGARI_FONT_CSS = `${face(400, regular)}:root{--font-sans:"Noto Sans Devanagari",ui-sans-serif,system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans",sans-serif}`;
