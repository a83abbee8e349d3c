// Markdown tables, padded so they read well in a terminal and paste as-is into docs.

export type Cell = string | number;

export function mdTable(headers: string[], rows: Cell[][], align: ("l" | "r")[] = []): string {
  const text = rows.map((r) => r.map(String));
  const widths = headers.map((h, i) => Math.max(h.length, 3, ...text.map((r) => (r[i] ?? "").length)));
  const pad = (s: string, i: number) => (align[i] === "r" ? s.padStart(widths[i]) : s.padEnd(widths[i]));
  const line = (cells: string[]) => `| ${cells.map((c, i) => pad(c, i)).join(" | ")} |`;
  const rule = `|${widths.map((w, i) => (align[i] === "r" ? `${"-".repeat(w + 1)}:` : `${"-".repeat(w + 2)}`)).join("|")}|`;
  return [line(headers), rule, ...text.map(line)].join("\n");
}

export const kB = (bytes: number) => (bytes / 1000).toFixed(1);
export const ms = (n: number) => (n >= 100 ? n.toFixed(0) : n.toFixed(1));
export const ratio = (n: number | null) => (n === null || !Number.isFinite(n) ? "—" : `${n.toFixed(2)}×`);

/** The middle value (the mean of the two middle ones for an even count). */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}
