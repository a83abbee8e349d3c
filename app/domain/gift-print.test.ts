import { describe, expect, it } from "vitest";
import { printsOnGiftSlip, unprintableOnGiftSlip } from "./gift-print.ts";

describe("what the gift slip prints", () => {
  it("takes letters of the scripts it has fonts for, digits, punctuation, ₹ and line breaks", () => {
    for (const text of [
      "Dear Meera,\nHappy Diwali! — with love (and ₹501 for sweets).",
      "दिवाली की शुभकामनाएँ। आपका परिवार सदा सुखी रहे॥ क्‍ष",
      "Zoë, François, Łukasz, Şükrü, Nguyễn",
      "Привет! Γειά σου! “Quotes” ‘too’ • 50% … № 7, ½ kg, 25 °C",
      "e\u0301 accents typed apart",
    ])
      expect(unprintableOnGiftSlip(text), text).toEqual([]);
  });

  it("names each emoji as it is seen, once", () => {
    expect(unprintableOnGiftSlip("Happy Diwali 🪔🎉 from us 🪔")).toEqual(["🪔", "🎉"]);
    expect(unprintableOnGiftSlip("Well done 👍🏽 👨‍👩‍👧 ❤️")).toEqual(["👍🏽", "👨‍👩‍👧", "❤️"]);
  });

  it("refuses scripts it has no font for", () => {
    expect(unprintableOnGiftSlip("நன்றி")).not.toEqual([]);
    expect(unprintableOnGiftSlip("ধন্যবাদ 谢谢")).toContain("谢");
    expect(unprintableOnGiftSlip("مرحبا")).toHaveLength(5);
  });

  it("names invisible direction overrides and marks by their code points", () => {
    expect(unprintableOnGiftSlip("Pay \u202Eevil\u202C")).toEqual(["U+202E", "U+202C"]);
    expect(unprintableOnGiftSlip("a\u200Fb\u2066c\u2069\u200E")).toEqual(["U+200F", "U+2066", "U+2069", "U+200E"]);
    for (const cp of [0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069, 0x200e, 0x200f, 0x2028, 0x00ad, 0xfeff, 0xe000])
      expect(printsOnGiftSlip(String.fromCodePoint(cp)), cp.toString(16)).toBe(false);
  });

  it("names at most five", () => {
    expect(unprintableOnGiftSlip("😀😁😂🤣😃😄😅")).toEqual(["😀", "😁", "😂", "🤣", "😃"]);
  });
});
