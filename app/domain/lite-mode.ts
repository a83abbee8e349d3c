// Lite mode (issue 26 part 4): lighter pages for a slow or metered connection. On when the
// browser sends `Save-Data: on`, or when the shopper picks 'Lite mode' in the footer (kept in a
// cookie), unless they turned it off there. No I/O: the server reads the header and the cookie.

export const LITE_COOKIE = "haat_lite";
/** A year: a choice about one's own connection lasts. */
export const LITE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

export interface LiteMode {
  on: boolean;
  /** Why it is on: the shopper chose it, or the browser asks to save data. */
  why: "chosen" | "browser" | null;
}

/** Whether a Save-Data header asks for less (`on`, in any case, as its only token). */
export function savesData(header: string | null): boolean {
  return (header ?? "").trim().toLowerCase() === "on";
}

/** The mode for a request: the shopper's choice wins over the browser's header. */
export function liteMode(saveData: string | null, choice: string | null): LiteMode {
  if (choice === "off") return { on: false, why: null };
  if (choice === "on") return { on: true, why: "chosen" };
  return savesData(saveData) ? { on: true, why: "browser" } : { on: false, why: null };
}

export const LITE_MESSAGES = {
  heading: "Lite mode",
  off: "Smaller pictures and nothing that moves by itself, for a slow connection.",
  turnOn: "Turn on Lite mode",
  on: "Lite mode is on: smaller pictures, and nothing moves or loads by itself.",
  onByBrowser: "Lite mode is on, as your browser asks to save data: smaller pictures, and nothing moves or loads by itself.",
  turnOff: "Turn off Lite mode",
} as const;
