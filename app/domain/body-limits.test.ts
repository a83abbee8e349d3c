import { describe, expect, it } from "vitest";
import { bodyLimitFor, fieldNameInBounds, FORM_BODY_LIMIT, hasControlCharacter, jsonInBounds } from "./body-limits.ts";

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

describe("fieldNameInBounds", () => {
  it("lets the shop's own names through", () => {
    for (const name of ["intent", "lines[0].internal_reference", "lines[199].replacement", "address.zip", "cart_items[12].quantity", "error[metadata][order_id]"])
      expect(fieldNameInBounds(name), name).toBe(true);
  });
  it("refuses a huge or strange index and a deep nesting, which the parser would spread", () => {
    for (const name of ["intent[4294967294]", "intent[10000000]", "lines[256].x", "a[-1]", "a[1e9]", "a[x y]", "a[]", "a.b.c.d.e.f.g.h.i.j", "x".repeat(201)])
      expect(fieldNameInBounds(name), name).toBe(false);
  });
});

describe("jsonInBounds", () => {
  it("lets a call's body through, lists of 200 items included", () => {
    expect(jsonInBounds({ params: { cart_items: Array.from({ length: 200 }, () => ({ internal_reference: "A", quantity: 1 })) } })).toBe(true);
  });
  it("refuses a long list, a deep nesting and a key the forms would refuse", () => {
    expect(jsonInBounds({ params: { lines: Array.from({ length: 5000 }, () => 0) } })).toBe(false);
    expect(jsonInBounds(JSON.parse("[".repeat(40) + "]".repeat(40)))).toBe(false);
    expect(jsonInBounds({ params: { "intent[4294967294]": 1 } })).toBe(false);
  });
});
