import { describe, expect, it } from "vitest";
import { choiceFor, DEFAULT_REPLACEMENT, rankReplacements, replacementPricePaise } from "./replacement.ts";
import { replacementFields } from "./replacement-form.ts";

describe("replacements", () => {
  it("a line's own choice wins over the order's; a call until the shopper says otherwise", () => {
    expect(DEFAULT_REPLACEMENT).toBe("call");
    expect(choiceFor("replace", null)).toBe("replace");
    expect(choiceFor("replace", "refund")).toBe("refund");
  });

  it("never charges a replacement above the item it replaces", () => {
    expect(replacementPricePaise(12_900, 16_900)).toBe(12_900);
    expect(replacementPricePaise(16_900, 11_900)).toBe(11_900);
  });

  it("offers the closest in price and pack size first", () => {
    const masoor = { pricePaise: 12_900, attribute: "Net Weight 1 kg" };
    const offers = [
      { title: "Rajma", attribute: "Net Weight 500 g", pricePaise: 9_500 },
      { title: "Toor", attribute: "Net Weight 1 kg", pricePaise: 16_900 },
      { title: "Chana", attribute: "Net Weight 1 kg", pricePaise: 11_900 },
      { title: "Kabuli", attribute: "Net Weight 1 kg", pricePaise: 16_500 },
      { title: "Oil", attribute: "Capacity 1 L", pricePaise: 12_900 },
    ];
    expect(rankReplacements(masoor, offers).map((o) => o.title)).toEqual(["Chana", "Kabuli", "Toor"]);
    expect(rankReplacements(masoor, offers, 10).at(-1)!.title).toBe("Oil");
  });

  it("reads the cart's form: the order's choice, lines' choices or '' for the order's, and nothing else", () => {
    expect(replacementFields.parse({ replacement: "replace", lines: [{ internal_reference: "A", replacement: "" }] })).toEqual({
      replacement: "replace",
      lines: [{ internal_reference: "A", replacement: "" }],
    });
    expect(replacementFields.safeParse({ replacement: "swap" }).success).toBe(false);
    expect(replacementFields.parse({ replacement: "call" }).lines).toEqual([]);
  });
});
