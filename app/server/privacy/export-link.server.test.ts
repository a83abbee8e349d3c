import { describe, expect, it } from "vitest";
import { exportKeyFits, exportLink } from "./export-link.server.ts";

describe("the link a 'Download my data' file is handed over by", () => {
  it("carries a key made for its export and owner only, in the shopper's language", () => {
    const link = exportLink(7, 42, "hi");
    expect(link).toMatch(/^\/hi\/myaccount\/privacy\/export\/7\?key=[\w-]{43}$/);
    const key = new URL(link, "http://haat.test").searchParams.get("key");
    expect(exportKeyFits(7, 42, key)).toBe(true);
    expect(exportKeyFits(8, 42, key)).toBe(false);
    expect(exportKeyFits(7, 43, key)).toBe(false);
    expect(exportKeyFits(7, 42, null)).toBe(false);
    expect(exportKeyFits(7, 42, `${key!.slice(0, -1)}${key!.endsWith("A") ? "B" : "A"}`)).toBe(false);
  });
});
