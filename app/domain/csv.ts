// CSV files staff download (issue 14): RFC 4180 (quoted where needed, CRLF line ends), and safe
// to open in a spreadsheet: a cell that would start a formula gets a leading apostrophe.

/** One cell: a formula's first character (=, +, -, @, tab, CR) is made text; quotes where needed. */
export function csvCell(value: string): string {
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function toCsv(header: readonly string[], rows: readonly (readonly string[])[]): string {
  return [header, ...rows].map((row) => row.map(csvCell).join(",")).join("\r\n") + "\r\n";
}

/** A newsletter subscriber as the export lists them: confirmed and still subscribed (decision 036). */
export interface SubscriberRow {
  email: string;
  /** When the subscription was confirmed (double opt-in). */
  subscribedAt: Date;
}

export const SUBSCRIBERS_CSV_HEADER = ["email", "subscribed_at", "status"] as const;

/** The newsletter's subscriber list: e-mail, when confirmed (ISO 8601, UTC), and its status. */
export function subscribersCsv(rows: readonly SubscriberRow[]): string {
  return toCsv(
    SUBSCRIBERS_CSV_HEADER,
    rows.map((r) => [r.email, r.subscribedAt.toISOString(), "confirmed"]),
  );
}
