import { describe, expect, it } from "vitest";
import { count } from "./plural.ts";

describe("count", () => {
  it("says one thing in the singular and every other count in the plural", () => {
    expect(count(1, "item")).toBe("1 item");
    expect(count(0, "item")).toBe("0 items");
    expect(count(2, "item")).toBe("2 items");
    expect(count(21, "product")).toBe("21 products");
    expect(count(1, "address", "addresses")).toBe("1 address");
    expect(count(3, "address", "addresses")).toBe("3 addresses");
  });
  it("groups large counts the Indian way", () => {
    expect(count(150000, "item")).toBe("1,50,000 items");
  });
});
