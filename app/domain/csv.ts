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

/** A number that agreed to offers by SMS (issue 48 item 2), as the staff's export lists it. */
export interface SmsOffersCsvRow {
  mobile: string;
  language: string;
  since: Date;
}

export const SMS_OFFERS_CSV_HEADER = ["mobile", "language", "consented_at"] as const;

/** The numbers that take offers by SMS: +91 number, the language to write in, and since when (ISO 8601, UTC). */
export function smsOffersCsv(rows: readonly SmsOffersCsvRow[]): string {
  return toCsv(
    SMS_OFFERS_CSV_HEADER,
    rows.map((r) => [`+91${r.mobile}`, r.language, r.since.toISOString()]),
  );
}
