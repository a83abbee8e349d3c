// The photo pipeline (decision 041): an upload is checked by its content (its first bytes, then
// a real decode by sharp, with caps on bytes and pixels against decompression bombs), turned
// upright by its EXIF orientation, stripped of every piece of metadata (EXIF, GPS, XMP, ICC: sharp
// writes none unless asked), and stored as AVIF and WebP at each width the pages use, never
// wider than the photo. The uploaded bytes themselves are never stored or served.
import { createHash } from "node:crypto";
import sharp, { type Metadata, type OutputInfo, type Sharp } from "sharp";
import {
  PHOTO_CONTENT_TYPES,
  PHOTO_FORMATS,
  PHOTO_MAX_BYTES,
  PHOTO_MAX_PIXELS,
  PHOTO_MAX_WIDTH,
  PHOTO_MESSAGES,
  photoFileName,
  photoWidths,
  sniffPhotoType,
  type PhotoFormat,
} from "../../domain/photo.ts";
import type { ImageStore } from "./image-store.server.ts";

// A shop encodes a photo now and then: libvips' cache of recent operations would only keep
// memory in the serving process.
sharp.cache(false);

/**
 * Everything that shapes the output. It goes into each photo's id, so changing any of it
 * (widths, formats, quality) gives new names instead of new bytes under old, cached ones.
 */
const SPEC = `v1 widths=${photoWidths(PHOTO_MAX_WIDTH).join(",")} avif:q50e2 webp:q78e4`;
const ENCODE: Record<PhotoFormat, (image: Sharp) => Sharp> = {
  // Effort 2 makes a 1440 px AVIF in about a quarter of effort 4's time, about 12% larger.
  avif: (image) => image.avif({ quality: 50, effort: 2 }),
  webp: (image) => image.webp({ quality: 78, effort: 4 }),
};

/** A photo the shop will not take, with the message to show. */
export class PhotoRefused extends Error {}

export interface StoredFile {
  name: string;
  width: number;
  height: number;
  format: PhotoFormat;
  bytes: number;
}

export interface StoredPhoto {
  /** The largest WebP's URL: what a variant's `images` records (photoSet() reads the rest from it). */
  url: string;
  width: number;
  height: number;
  files: StoredFile[];
  /** True when every file was stored already (the same photo again): nothing was made. */
  reused: boolean;
}

// One photo at a time per process: a large photo's pixels are held while it is made, and two
// staff uploading at once should not double that.
let queue: Promise<unknown> = Promise.resolve();
function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  const run = queue.then(work, work);
  queue = run.catch(() => {});
  return run;
}

const decoderOptions = { limitInputPixels: PHOTO_MAX_PIXELS, failOn: "error" } as const;

/** Checks, makes and stores a photo; PhotoRefused with the reason when it is not one the shop takes. */
export function storePhoto(input: Uint8Array, store: ImageStore): Promise<StoredPhoto> {
  if (input.byteLength === 0) return Promise.reject(new PhotoRefused(PHOTO_MESSAGES.choose));
  if (input.byteLength > PHOTO_MAX_BYTES) return Promise.reject(new PhotoRefused(PHOTO_MESSAGES.tooLarge));
  const type = sniffPhotoType(input);
  if (!type) return Promise.reject(new PhotoRefused(PHOTO_MESSAGES.type));
  return oneAtATime(() => make(input, type, store));
}

async function make(input: Uint8Array, type: string, store: ImageStore): Promise<StoredPhoto> {
  let meta: Metadata;
  try {
    // Reads the header only, so no pixel limit is needed yet: the size is known (and said,
    // when too large) before a pixel is decoded.
    meta = await sharp(input, { ...decoderOptions, limitInputPixels: false }).metadata();
  } catch {
    throw new PhotoRefused(PHOTO_MESSAGES.unreadable);
  }
  // The first bytes said one type, the decoder found another: not a file the shop made sense of.
  if (meta.format !== type || !meta.width || !meta.height) throw new PhotoRefused(PHOTO_MESSAGES.unreadable);
  if (meta.width * meta.height > PHOTO_MAX_PIXELS) throw new PhotoRefused(PHOTO_MESSAGES.tooManyPixels(meta.width, meta.height));

  // Upright size (a phone's portrait photo is stored landscape with an Orientation tag).
  const upright = meta.autoOrient;
  const width = Math.min(upright.width, PHOTO_MAX_WIDTH);
  const height = Math.max(1, Math.round((upright.height * width) / upright.width));
  const id = createHash("sha256").update(SPEC).update("\0").update(input).digest("hex").slice(0, 20);
  const photo = { id, width, height };
  const variants = photoWidths(width).flatMap((w) =>
    PHOTO_FORMATS.map((format) => ({ name: photoFileName(photo, w, format), width: w, height: Math.max(1, Math.round((height * w) / width)), format })),
  );
  const url = store.url(photoFileName(photo, width, "webp"));

  if ((await Promise.all(variants.map((v) => store.has(v.name)))).every(Boolean)) {
    return { url, width, height, files: variants.map((v) => ({ ...v, bytes: 0 })), reused: true };
  }

  // Decoded once, upright, at the largest width, in sRGB; each variant is made from these pixels.
  let pixels: { data: Buffer; info: OutputInfo };
  try {
    pixels = await sharp(input, decoderOptions).autoOrient().resize(width, height, { fit: "fill" }).toColourspace("srgb").raw().toBuffer({ resolveWithObject: true });
  } catch {
    throw new PhotoRefused(PHOTO_MESSAGES.unreadable);
  }
  const raw = { raw: { width: pixels.info.width, height: pixels.info.height, channels: pixels.info.channels } } as const;
  const files = await inTwos(variants, async (v) => {
    const image = sharp(pixels.data, raw);
    if (v.width !== width) image.resize(v.width, v.height, { fit: "fill" });
    const bytes = await ENCODE[v.format](image).toBuffer();
    await store.put(v.name, bytes, PHOTO_CONTENT_TYPES[v.format]);
    return { name: v.name, width: v.width, height: v.height, format: v.format, bytes: bytes.byteLength };
  });
  return { url, width, height, files, reused: false };
}

/** `work` on each item, two at a time (an encoder keeps a core busy; more only queue for the same cores), in order. */
async function inTwos<T, R>(items: T[], work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await work(items[i]!);
    }
  };
  await Promise.all([worker(), worker()]);
  return results;
}
