// A small PDF 1.4 writer: A4 pages of text in the standard Helvetica fonts, and rules.
// Enough for a tax invoice without a dependency; text stays uncompressed, so it can be
// searched and read by any PDF reader (and by tests).

export type Font = "regular" | "bold";

interface Page {
  ops: string[];
}

const A4 = { width: 595.28, height: 841.89 };

/** Standard fonts speak WinAnsi: keep printable ASCII, spell out the rupee sign. */
export function pdfText(text: string): string {
  return text
    .replace(/₹\s?/g, "Rs. ")
    .replace(/[–—]/g, "-")
    .replace(/[‘’]/g, "'")
    .replace(/[“”]/g, '"')
    .normalize("NFKD")
    .replace(/[^\x20-\x7e]/g, "")
    .replace(/([\\()])/g, "\\$1");
}

// Helvetica's advance widths for ASCII 32-126 (per 1000 units), to right-align figures.
const WIDTHS =
  "278,278,355,556,556,889,667,191,333,333,389,584,278,333,278,278,556,556,556,556,556,556,556,556,556,556,278,278,584,584,584,556,1015,667,667,722,722,667,611,778,722,278,500,667,556,833,722,778,667,778,722,667,611,722,667,944,667,667,611,278,278,278,469,556,333,556,556,500,556,556,278,556,556,222,222,500,222,833,556,556,556,556,333,500,278,556,500,722,500,500,500,334,260,334,584"
    .split(",")
    .map(Number);

export function textWidth(text: string, size: number): number {
  let w = 0;
  for (const ch of text) {
    const code = ch.charCodeAt(0);
    w += code >= 32 && code <= 126 ? WIDTHS[code - 32]! : 556;
  }
  // Bold runs slightly wider; 5 % is close enough for alignment.
  return (w * size) / 1000;
}

export class PdfDocument {
  readonly width = A4.width;
  readonly height = A4.height;
  private pages: Page[] = [];
  private current: Page;

  constructor() {
    this.current = { ops: [] };
    this.pages.push(this.current);
  }

  addPage() {
    this.current = { ops: [] };
    this.pages.push(this.current);
  }

  /** Text with its baseline at (x, y) from the bottom left; align right puts its end at x. */
  text(x: number, y: number, text: string, options: { size?: number; font?: Font; align?: "left" | "right" } = {}) {
    const size = options.size ?? 10;
    const clean = pdfText(text);
    const width = textWidth(clean.replace(/\\(.)/g, "$1"), size) * (options.font === "bold" ? 1.05 : 1);
    const left = options.align === "right" ? x - width : x;
    this.current.ops.push(`BT /${options.font === "bold" ? "F2" : "F1"} ${size} Tf ${left.toFixed(2)} ${y.toFixed(2)} Td (${clean}) Tj ET`);
  }

  line(x1: number, y1: number, x2: number, y2: number, width = 0.5) {
    this.current.ops.push(`${width} w ${x1.toFixed(2)} ${y1.toFixed(2)} m ${x2.toFixed(2)} ${y2.toFixed(2)} l S`);
  }

  toBuffer(info: { title: string }): Buffer {
    const objects: string[] = [];
    const add = (body: string) => objects.push(body);
    // 1 catalog, 2 pages, 3 F1, 4 F2, 5 info; then per page: page object and content stream.
    add("<< /Type /Catalog /Pages 2 0 R >>");
    const kids = this.pages.map((_, i) => `${6 + i * 2} 0 R`).join(" ");
    add(`<< /Type /Pages /Kids [${kids}] /Count ${this.pages.length} >>`);
    add("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>");
    add("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>");
    add(`<< /Title (${pdfText(info.title)}) /Producer (Haat) >>`);
    for (const [i, page] of this.pages.entries()) {
      const stream = page.ops.join("\n");
      add(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${this.width} ${this.height}] /Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${7 + i * 2} 0 R >>`);
      add(`<< /Length ${Buffer.byteLength(stream, "latin1")} >>\nstream\n${stream}\nendstream`);
    }
    let out = "%PDF-1.4\n";
    const offsets: number[] = [];
    objects.forEach((body, i) => {
      offsets.push(Buffer.byteLength(out, "latin1"));
      out += `${i + 1} 0 obj\n${body}\nendobj\n`;
    });
    const xref = Buffer.byteLength(out, "latin1");
    out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
    for (const o of offsets) out += `${String(o).padStart(10, "0")} 00000 n \n`;
    out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 5 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
    return Buffer.from(out, "latin1");
  }
}
