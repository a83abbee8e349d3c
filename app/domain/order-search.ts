// Staff's one search box for orders (issue 46): what a typed query can mean. An order number
// ("#1042" or "1042"), a phone (ten digits or more, spaces and +91 allowed: its last ten are
// matched), a PIN (six digits: also tried as an order number), or else part of the shopper's
// name. No I/O: the Shop turns the answer into one query.

export interface OrderQuery {
  /** An order number to match exactly. */
  number: number | null;
  /** A phone's last ten digits, matched against the delivery address's digits. */
  phone: string | null;
  /** A six-digit PIN. */
  pin: string | null;
  /** Part of a name, matched without regard to case. */
  name: string | null;
}

export const ORDER_SEARCH_MESSAGES = {
  tooShort: "Type at least 2 letters of a name, or an order number, phone or PIN.",
} as const;

/** The longest query read: a name or a phone is never longer. */
export const ORDER_SEARCH_MAX = 60;

/** What `typed` asks for, or null when it is too short to ask anything. */
export function parseOrderQuery(typed: string): OrderQuery | null {
  const q = typed.trim().slice(0, ORDER_SEARCH_MAX);
  const none: OrderQuery = { number: null, phone: null, pin: null, name: null };
  const numbered = /^#\s*(\d{1,9})$/.exec(q);
  if (numbered) return { ...none, number: Number(numbered[1]) };
  // Digits with the separators a phone is written with: +91 98765 43210, 98765-43210.
  if (/^\+?[\d\s-]+$/.test(q)) {
    const digits = q.replace(/\D/g, "");
    if (digits.length >= 10) return { ...none, phone: digits.slice(-10) };
    if (digits.length === 6) return { ...none, pin: digits, number: Number(digits) };
    if (digits.length >= 1 && digits.length <= 9 && /^\d+$/.test(q)) return { ...none, number: Number(digits) };
    return null;
  }
  if (q.length < 2) return null;
  return { ...none, name: q };
}

/** A LIKE pattern matching `text` anywhere, its own % and _ taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
