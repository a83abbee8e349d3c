// Hindi pages' font (issue 27): Noto Sans Devanagari, self-hosted and fingerprinted, loaded only
// on Hindi pages, only for Devanagari (unicode-range: Latin keeps the system font), with
// font-display: swap so text shows at once in the phone's own font and changes when it arrives.
// A phone that has the font installed (most Android phones) uses its own copy.
import regular from "../fonts/noto-sans-devanagari-400.woff2?url&no-inline";
import semibold from "../fonts/noto-sans-devanagari-600.woff2?url&no-inline";

const RANGE = "U+0900-097F,U+1CD0-1CF9,U+200C-200D,U+20A8,U+20B9,U+20F0,U+25CC,U+A830-A839,U+A8E0-A8FF";
const face = (weight: number, url: string) =>
  `@font-face{font-family:"Noto Sans Devanagari";font-style:normal;font-weight:${weight};font-display:swap;` +
  `src:local("Noto Sans Devanagari"),local("NotoSansDevanagari-${weight === 400 ? "Regular" : "SemiBold"}"),url(${url}) format("woff2");unicode-range:${RANGE}}`;
const css = `${face(400, regular)}${face(600, semibold)}:root{--font-sans:"Noto Sans Devanagari",ui-sans-serif,system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans",sans-serif}`;

// Not preloaded: a phone with the font installed would download it for nothing.
export function DevanagariFont() {
  return <style dangerouslySetInnerHTML={{ __html: css }} />;
}
