// How many bytes a request body may have, by route (issue 10 point 4). A form post is a
// few hundred bytes; 64 KiB leaves room for the longest contact message and address in
// any script. Routes meant for uploads name their own, larger cap here. The server refuses
// a larger declared body with 413 before reading it, and the form reader never holds more.

import { PHOTO_MAX_BYTES } from "./photo.ts";
import { VOICE_MAX_BYTES } from "./voice-order.ts";

export const FORM_BODY_LIMIT = 64 * 1024;

/** Routes that take uploads, by path, with their cap. */
export const UPLOAD_BODY_LIMITS: Readonly<Record<string, number>> = {
  // The staff's catalogue page (issue 14): an import file of some thousands of products, or a
  // variant's photo (decision 041): the photo's 10 MB cap and the form around it.
  "/staff/catalogue": PHOTO_MAX_BYTES + FORM_BODY_LIMIT,
  // A recording for voice ordering (issue 15): 10 MB of audio and the form around it.
  "/voicesearch": VOICE_MAX_BYTES + FORM_BODY_LIMIT,
};

/** The cap for a request to `pathname` (React Router's `/x.data` fetches share `/x`'s; the home page's is `/_.data`). */
export function bodyLimitFor(pathname: string): number {
  const page = pathname.endsWith(".data") ? pathname.slice(0, -".data".length) : pathname;
  return UPLOAD_BODY_LIMITS[page === "/_" || page === "" ? "/" : page] ?? FORM_BODY_LIMIT;
}

/** Letters, marks, digits, spaces, tabs and line breaks pass; NUL and other control characters do not. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

export function hasControlCharacter(value: string): boolean {
  return CONTROL_CHARACTER.test(value);
}

/** What a shopper reads when a post cannot be read, by HTTP status. */
export const UNREADABLE_FORM = {
  tooLarge: "This form is too large to send. Please shorten what you typed and try again.",
  notAForm: "This request could not be read as a form. Please reload the page and try again.",
  controlCharacter: "Please remove the unusual invisible characters from what you typed and try again.",
} as const;

/**
 * The largest list index a field name may carry (`lines[63].internal_reference`). Conform's
 * parser builds an array as long as the largest index it meets, so `intent[4294967294]` alone
 * would exhaust the heap (issue 41 item 1): no form of the shop has a list this long, and a
 * post carries at most a few hundred fields anyway.
 */
export const MAX_FIELD_INDEX = 255;
/** How deep a field name or a JSON body may nest (`a.b[0].c` is 3). */
export const MAX_FIELD_DEPTH = 8;

/** Whether a form's field name (Conform's `a.b[0].c` syntax) stays within the bounds above. */
export function fieldNameInBounds(name: string): boolean {
  if (name.length > 200) return false;
  let depth = 0;
  for (const match of name.matchAll(/\[([^\]]*)\]|\./g)) {
    depth++;
    const index = match[1];
    // A number in brackets indexes a list (only a small one); a word names a key, as Razorpay's
    // failed-payment post does (`error[metadata][order_id]`); anything else is refused.
    if (index !== undefined && !(/^\d{1,3}$/.test(index) ? Number(index) <= MAX_FIELD_INDEX : /^[A-Za-z_][A-Za-z0-9_]{0,63}$/.test(index))) return false;
  }
  return depth <= MAX_FIELD_DEPTH;
}

/** Whether a parsed JSON body keeps within the same bounds: its keys as field names, its lists and its nesting. */
export function jsonInBounds(value: unknown, depth = 0): boolean {
  if (value === null || typeof value !== "object") return true;
  if (depth > MAX_FIELD_DEPTH) return false;
  if (Array.isArray(value)) return value.length <= MAX_FIELD_INDEX + 1 && value.every((item) => jsonInBounds(item, depth + 1));
  return Object.entries(value).every(([key, item]) => fieldNameInBounds(key) && jsonInBounds(item, depth + 1));
}
