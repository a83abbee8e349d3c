import { describe, expect, it } from "vitest";
import { liteMode, savesData } from "./lite-mode.ts";

describe("Lite mode", () => {
  it("follows the browser's Save-Data: on", () => {
    expect(savesData("on")).toBe(true);
    expect(savesData(" On ")).toBe(true);
    expect(savesData("off")).toBe(false);
    expect(savesData(null)).toBe(false);
    expect(liteMode("on", null)).toEqual({ on: true, why: "browser" });
    expect(liteMode(null, null)).toEqual({ on: false, why: null });
  });

  it("lets the shopper's own choice win, either way", () => {
    expect(liteMode(null, "on")).toEqual({ on: true, why: "chosen" });
    expect(liteMode("on", "off")).toEqual({ on: false, why: null });
    expect(liteMode("on", "on")).toEqual({ on: true, why: "chosen" });
    expect(liteMode(null, "something")).toEqual({ on: false, why: null });
  });
});
