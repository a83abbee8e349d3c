// The app icons the image script draws (issue 26): real PNGs, of the sizes the manifest says,
// and the files in public/ are what the script draws today.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { MANIFEST_ICONS } from "../app/domain/web-app-manifest.ts";
import { APP_ICONS } from "./draw-images.ts";

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
