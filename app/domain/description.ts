// Specification: Product page: a product description is parsed from markup into label and value pairs.
// The result is plain text (tags dropped, entities decoded), so rendering it through
// React is safe whatever the catalogue holds: that is the sanitising step.

export interface DescriptionPair {
  label: string;
  value: string;
}

const DROP_WITH_CONTENT = /<(script|style|iframe|object|embed|template|noscript)\b[^>]*>[\s\S]*?<\/\1\s*>/gi;
const BLOCK_BREAK = /<\/(p|li|div|h[1-6]|tr|dd|dt|section|article)\s*>|<br\s*\/?>|<hr\s*\/?>/gi;
const TAG = /<\/?[a-z][^>]*>|<!--[\s\S]*?-->/gi;
const NAMED: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, code: string) => {
    if (code[0] === "#") {
      const n = code[1] === "x" || code[1] === "X" ? parseInt(code.slice(2), 16) : parseInt(code.slice(1), 10);
      return Number.isFinite(n) && n > 0 && n <= 0x10ffff ? String.fromCodePoint(n) : "";
    }
    return NAMED[code.toLowerCase()] ?? whole;
  });
}

export function plainText(markup: string): string {
  return decodeEntities(markup.replace(DROP_WITH_CONTENT, " ").replace(TAG, " ")).replace(/\s+/g, " ").trim();
}

export function parseDescription(markup: string | null | undefined): DescriptionPair[] {
  if (!markup) return [];
  const blocks = markup.replace(DROP_WITH_CONTENT, " ").replace(BLOCK_BREAK, "\n").split(/\n+/);
  const pairs: DescriptionPair[] = [];
  for (const block of blocks) {
    const text = plainText(block);
    if (!text) continue;
    const colon = text.indexOf(":");
    if (colon > 0 && colon <= 40) {
      const label = text.slice(0, colon).trim();
      const value = text.slice(colon + 1).trim();
      if (value) {
        pairs.push({ label, value });
        continue;
      }
    }
    pairs.push({ label: "", value: text });
  }
  return pairs;
}
