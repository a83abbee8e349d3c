import { describe, expect, it } from "vitest";
import { MANIFEST_ICONS, webAppManifest } from "./web-app-manifest.ts";

describe("the web app manifest", () => {
  const manifest = webAppManifest();

  it("has what Chrome asks of an installable app", () => {
    expect(manifest.short_name).toBe("Haat");
    expect(manifest.name).toContain("Haat");
    expect([manifest.start_url, manifest.scope, manifest.display]).toEqual(["/", "/", "standalone"]);
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/);
    expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/);
    const sizes = manifest.icons.filter((i) => i.purpose === "any").map((i) => i.sizes);
    expect(sizes).toEqual(expect.arrayContaining(["192x192", "512x512"]));
    expect(manifest.icons.some((i) => i.purpose === "maskable" && i.sizes === "512x512")).toBe(true);
  });

  it("offers shortcuts to the cart, the orders and search", () => {
    expect(manifest.shortcuts.map((s) => [s.name, s.url])).toEqual([
      ["Cart", "/addtocart"],
      ["Orders", "/orders"],
      ["Search", "/products"],
    ]);
  });

  it("names only icons the image script draws", () => {
    expect(MANIFEST_ICONS.every((i) => i.src.startsWith("/icons/") && i.src.endsWith(".png"))).toBe(true);
  });
});
