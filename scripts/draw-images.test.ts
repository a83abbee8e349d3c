// The app icons the image script draws (issue 26): real PNGs, of the sizes the manifest says,
// and the files in public/ are what the script draws today.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { MANIFEST_ICONS } from "../app/domain/web-app-manifest.ts";
import { APP_ICONS, bannerFiles } from "./draw-images.ts";

const PUBLIC = path.resolve(import.meta.dirname, "../public");

/** A PNG's width and height, from its IHDR chunk. */
function pngSize(bytes: Buffer): [number, number] {
  expect(bytes.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  expect(bytes.subarray(12, 16).toString("latin1")).toBe("IHDR");
  return [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];
}

describe("the app icons", () => {
  it("are PNG files of the sizes their names and the manifest give", () => {
    for (const icon of APP_ICONS) {
      expect(pngSize(fs.readFileSync(path.join(PUBLIC, icon.file))), icon.file).toEqual([icon.size, icon.size]);
    }
    for (const icon of MANIFEST_ICONS) {
      const [w, h] = pngSize(fs.readFileSync(path.join(PUBLIC, icon.src)));
      expect(`${w}x${h}`, icon.src).toBe(icon.sizes);
      expect(
        APP_ICONS.some((a) => `/${a.file}` === icon.src && a.maskable === (icon.purpose === "maskable")),
        icon.src,
      ).toBe(true);
    }
  });
});

describe("the home page's banners (issue 41 item 12)", () => {
  it("are what the script draws today, English and Hindi", () => {
    const files = bannerFiles();
    expect(files.filter((f) => f.file.includes(".hi.svg"))).toHaveLength(files.length / 2);
    for (const { file, svg } of files) expect(fs.readFileSync(path.join(PUBLIC, file), "utf8"), file).toBe(svg);
  });

  it("say their words in Hindi on the Hindi pictures: the title, the line and the button", () => {
    for (const { file, svg } of bannerFiles().filter((f) => f.file.endsWith(".hi.svg"))) {
      const words = [...svg.matchAll(/<title>([^<]*)<\/title>|<tspan[^>]*>([^<]*)<\/tspan>|<text[^>]*>([^<]+)<\/text>/g)].map((m) => (m[1] ?? m[2] ?? m[3])!).filter((w) => w.trim());
      // Title lines, the line under them, the button (the packs drawn beside them carry their own labels).
      expect(
        words.slice(0, 3).every((w) => /[\u0900-\u097F]/.test(w)),
        `${file}: ${words.slice(0, 4).join(" | ")}`,
      ).toBe(true);
      expect(svg, file).toContain("Noto Sans Devanagari");
    }
  });
});
