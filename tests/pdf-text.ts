// The text of a PDF as a reader gets it, by poppler's pdftotext (Debian's poppler-utils,
// installed by .ci/run): the tax invoice's tests check what a person or an accounting tool
// would read, not the bytes pdfkit wrote.
import { execFileSync } from "node:child_process";

function pdftotext(pdf: Uint8Array, args: string[]): string {
  try {
    return execFileSync("pdftotext", [...args, "-enc", "UTF-8", "-", "-"], { input: pdf, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") throw new Error("pdftotext is missing: install Debian's poppler-utils (apt-get install poppler-utils)");
    throw error;
  }
}

/** `pdftotext -layout`: each page's text laid out as on the page, pages split by form feeds. */
export function pdfLayoutText(pdf: Uint8Array): string {
  return pdftotext(pdf, ["-layout"]);
}

export interface PdfWord {
  page: number;
  text: string;
  xMin: number;
  yMin: number;
  xMax: number;
  yMax: number;
}

/** Every word with its box, from `pdftotext -bbox`. */
export function pdfWords(pdf: Uint8Array): PdfWord[] {
  const html = pdftotext(pdf, ["-bbox"]);
  const words: PdfWord[] = [];
  let page = 0;
  for (const m of html.matchAll(/<page |<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g)) {
    if (m[0] === "<page ") {
      page++;
      continue;
    }
    const text = m[5]!
      .replace(/&lt;/g, "<")
      .replace(/&gt;/g, ">")
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&amp;/g, "&");
    words.push({ page, text, xMin: Number(m[1]), yMin: Number(m[2]), xMax: Number(m[3]), yMax: Number(m[4]) });
  }
  return words;
}
