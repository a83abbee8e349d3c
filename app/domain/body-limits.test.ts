import { describe, expect, it } from "vitest";
import { bodyLimitFor, FORM_BODY_LIMIT, hasControlCharacter } from "./body-limits.ts";

describe("bodyLimitFor", () => {
  it("gives every form route the form cap, and a fetch to /x.data the cap of /x", () => {
    for (const path of ["/", "/_.data", "/addtocart", "/addtocart.data", "/contact", "/signin/factor-one"]) expect(bodyLimitFor(path)).toBe(FORM_BODY_LIMIT);
  });
});

describe("hasControlCharacter", () => {
  it("refuses NUL, escape, delete and the other C0 controls", () => {
    for (const c of ["\u0000", "\u0001", "\u0008", "\u000B", "\u000C", "\u001B", "\u001F", "\u007F"]) expect(hasControlCharacter(`a${c}b`), JSON.stringify(c)).toBe(true);
  });
  it("lets text in any script, tabs and line breaks through", () => {
    for (const s of ["Priya Sharma", "गुरुग्राम, हरियाणा", "line one\r\nline two\tand a tab", "₹1,299 — 20% off", "😀"]) expect(hasControlCharacter(s)).toBe(false);
  });
});
