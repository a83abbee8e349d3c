import { describe, expect, it } from "vitest";
import { localeOfAcceptLanguage, localeOfBasename, localeOfPath, pathIn, withoutLocale } from "./locale.ts";

describe("the language of an address", () => {
  it("is Hindi under /hi only", () => {
    expect(localeOfPath("/hi")).toBe("hi");
    expect(localeOfPath("/hi/products")).toBe("hi");
    expect(localeOfPath("/history")).toBe("en");
    expect(localeOfPath("/products")).toBe("en");
    expect(localeOfBasename("/hi")).toBe("hi");
    expect(localeOfBasename(undefined)).toBe("en");
  });
  it("moves a path between languages, keeping its query", () => {
    expect(pathIn("hi", "/products?q=dal")).toBe("/hi/products?q=dal");
    expect(pathIn("hi", "/")).toBe("/hi");
    expect(pathIn("hi", "/?q=1")).toBe("/hi?q=1");
    expect(pathIn("hi", "/hi/products")).toBe("/hi/products");
    expect(pathIn("en", "/hi/products?q=dal")).toBe("/products?q=dal");
    expect(pathIn("en", "/hi")).toBe("/");
    expect(withoutLocale("/hi?x=1")).toBe("/?x=1");
    expect(withoutLocale("/history")).toBe("/history");
    // Never another site's address once the prefix is gone (issue 41 item 3).
    expect(withoutLocale("/hi//evil.example/path")).toBe("/evil.example/path");
    expect(pathIn("en", "/hi///evil.example")).toBe("/evil.example");
  });
});

describe("Accept-Language", () => {
  it("asks for Hindi only when it ranks Hindi above English", () => {
    expect(localeOfAcceptLanguage("hi-IN,hi;q=0.9,en-US;q=0.8,en;q=0.7")).toBe("hi");
    expect(localeOfAcceptLanguage("en-IN,en;q=0.9,hi;q=0.8")).toBe("en");
    expect(localeOfAcceptLanguage("en;q=0.5, hi;q=0.6")).toBe("hi");
    expect(localeOfAcceptLanguage("ta-IN,ta;q=0.9")).toBeNull();
    expect(localeOfAcceptLanguage("hi;q=0")).toBeNull();
    expect(localeOfAcceptLanguage(null)).toBeNull();
  });
});
