// The Hindi pages' font file, fingerprinted by the build (what the face is: domain/i18n/devanagari-font.ts).
// Not preloaded: a phone with the font installed downloads nothing.
import regular from "../fonts/noto-sans-devanagari-400.woff2?url&no-inline";
import { devanagariFaceCss, DEVANAGARI_STACK_CSS, type HindiFont } from "../domain/i18n/devanagari-font.ts";

export const HINDI_FONT: HindiFont = { url: regular, stackCss: DEVANAGARI_STACK_CSS, faceCss: devanagariFaceCss(regular) };
