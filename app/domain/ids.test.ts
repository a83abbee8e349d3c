import { describe, expect, it } from "vitest";
import { parseId } from "./ids.ts";

describe("parseId", () => {
  it("reads plain positive whole numbers", () => {
    expect(parseId("1")).toBe(1);
    expect(parseId("2147483647")).toBe(2147483647);
  });
  it.each(["", "0", "-1", "1.5", "012", "abc", "2147483648", "99999999999", " 1"])("refuses %j", (v) => {
    expect(parseId(v)).toBeNull();
  });
  it("refuses what is not a string", () => {
    expect(parseId(null)).toBeNull();
    expect(parseId(5)).toBeNull();
  });
});
