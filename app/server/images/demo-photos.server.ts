// Photos for the demo catalogue (decision 041), so a fresh shop shows the photo pipeline at work
// beside its drawings. There is no camera and no network here, so each "photo" is made from a
// product's drawing the way a photo differs from one: rendered as pixels, softened, lit unevenly,
// saved as a camera would save it (JPEG with EXIF and GPS tags, one stored
// sideways with an Orientation tag; one PNG), and then run through the same pipeline as an upload.
import fs from "node:fs/promises";
import sharp from "sharp";
import { projectPath } from "../project-root.server.ts";
import { storePhoto, type StoredPhoto } from "./photos.server.ts";
import type { ImageStore } from "./image-store.server.ts";

interface DemoPhoto {
  /** The drawing it is made from, as the demo catalogue names it; the photo goes before it. */
  drawing: string;
  width: number;
  height: number;
  format: "jpeg" | "png";
  /** Stored turned a quarter left, with EXIF Orientation 6: a phone held upright. */
  sideways?: boolean;
}

/** Three of the home page's new products and one landscape shot wider than the largest variant. */
export const DEMO_PHOTOS: readonly DemoPhoto[] = [
  { drawing: "/images/products/california-almonds.svg", width: 1000, height: 1000, format: "jpeg" },
  { drawing: "/images/products/chana-dal.svg", width: 800, height: 800, format: "png" },
  { drawing: "/images/products/masala-chai.svg", width: 1000, height: 1000, format: "jpeg" },
  { drawing: "/images/products/shimla-apples.svg", width: 1600, height: 1200, format: "jpeg", sideways: true },
];

/** Light falling off from the top left, as under one lamp: a photo's, not a drawing's, even colour. */
function light(width: number, height: number): Buffer {
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
      `<defs><radialGradient id="l" cx="38%" cy="30%" r="85%"><stop offset="0" stop-color="#fff6e0" stop-opacity=".28"/><stop offset=".55" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#1a0e00" stop-opacity=".38"/></radialGradient></defs>` +
      `<rect width="100%" height="100%" fill="url(#l)"/></svg>`,
  );
}

/** The camera's file of one demo photo. */
export async function demoPhotoSource(photo: DemoPhoto): Promise<Buffer> {
  const drawing = await fs.readFile(projectPath("public", photo.drawing));
  const { width, height } = photo;
  // The drawing fills the frame as a close-up would (a 4:3 frame crops its square).
  const scene = await sharp(drawing, { density: (72 * Math.max(width, height)) / 600 })
    .resize(width, height, { fit: "cover" })
    .blur(1.2)
    .modulate({ saturation: 1.08, brightness: 1.02 })
    .composite([{ input: light(width, height) }])
    .removeAlpha()
    .png()
    .toBuffer();
  const camera = {
    IFD0: { Make: "Haat", Model: "Demo studio camera", Software: "Haat demo seed" },
    IFD3: { GPSLatitudeRef: "N", GPSLatitude: "28/1 27/1 3420/100", GPSLongitudeRef: "E", GPSLongitude: "77/1 1/1 3576/100" },
  };
  if (photo.format === "png") return sharp(scene).png({ compressionLevel: 6 }).toBuffer();
  const framed = photo.sideways ? sharp(await sharp(scene).rotate(270).png().toBuffer()).withMetadata({ orientation: 6 }) : sharp(scene);
  return framed.withExifMerge(camera).jpeg({ quality: 88 }).toBuffer();
}

/** The demo's photos by the drawing each was made from. */
export type DemoPhotos = ReadonlyMap<string, StoredPhoto>;

/** Makes the demo photos (or finds them stored already). */
export async function makeDemoPhotos(store: ImageStore): Promise<DemoPhotos> {
  const made = await Promise.all(DEMO_PHOTOS.map(async (photo) => [photo.drawing, await storePhoto(await demoPhotoSource(photo), store)] as const));
  return new Map(made);
}
