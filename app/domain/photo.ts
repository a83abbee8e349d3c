// Product photos (decision 041): what the shop accepts, the widths it makes, and how a photo's
// responsive set is read back from the one URL a variant records. Pure: the pipeline that makes
// the files is app/server/images/photos.server.ts; pages read the set with `photoSet`.

/** The widths made of every photo (never wider than the photo itself): a card at 1x to the product page's gallery at 2x. */
export const PHOTO_WIDTHS = [240, 480, 960, 1440] as const;
export const PHOTO_MAX_WIDTH = PHOTO_WIDTHS[PHOTO_WIDTHS.length - 1];

/** Formats made, best first: AVIF as a `<picture>`'s `<source>`, WebP as its `<img>` (every browser the shop serves reads WebP). */
export const PHOTO_FORMATS = ["avif", "webp"] as const;
export type PhotoFormat = (typeof PHOTO_FORMATS)[number];
export const PHOTO_CONTENT_TYPES: Readonly<Record<PhotoFormat, string>> = { avif: "image/avif", webp: "image/webp" };

/** What an upload may be: 10 MB, and 50 megapixels (a 48 MP phone photo passes; a decompression bomb does not). */
export const PHOTO_MAX_BYTES = 10 * 1024 * 1024;
export const PHOTO_MAX_PIXELS = 50_000_000;

export type SourceType = "jpeg" | "png" | "webp";

export const PHOTO_MESSAGES = {
  choose: "Choose a JPEG, PNG or WebP photo.",
  type: "The photo must be a JPEG, PNG or WebP image.",
  tooLarge: `The photo is larger than ${PHOTO_MAX_BYTES / 1024 / 1024} MB: choose a smaller file.`,
  /** The file field's label (the staff side is English, decision 052). */
  label: `Photo (JPEG, PNG or WebP, up to ${PHOTO_MAX_BYTES / 1024 / 1024} MB)`,
  tooManyPixels: (width: number, height: number) => `The photo is ${width} × ${height} pixels, more than 50 megapixels: choose a smaller one.`,
  unreadable: "The photo could not be read: the file may be damaged. Choose another.",
  noStore: "Photos cannot be stored here: no image store is set up.",
  saved: (reference: string) => `${reference}: photo saved.`,
} as const;

/** The image type by its first bytes (never by the file's name or the browser's word), or null. */
export function sniffPhotoType(bytes: Uint8Array): SourceType | null {
  const at = (offset: number, ...expected: number[]) => expected.every((b, i) => bytes[offset + i] === b);
  if (at(0, 0xff, 0xd8, 0xff)) return "jpeg";
  if (at(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return "png";
  // RIFF....WEBP
  if (at(0, 0x52, 0x49, 0x46, 0x46) && at(8, 0x57, 0x45, 0x42, 0x50)) return "webp";
  return null;
}

/** The widths made of a photo `width` pixels wide, after capping it at PHOTO_MAX_WIDTH: never upscaled. */
export function photoWidths(width: number): number[] {
  const largest = Math.min(width, PHOTO_MAX_WIDTH);
  return [...PHOTO_WIDTHS.filter((w) => w < largest), largest];
}

/**
 * One stored file: `<id>-<W>x<H>-<w>.<format>`. `id` is a content hash (of the upload and of
 * the pipeline's settings), W×H the largest variant's size; so every file's name says which
 * photo it belongs to and how large the photo is, and never changes its content.
 */
export function photoFileName(photo: { id: string; width: number; height: number }, width: number, format: PhotoFormat): string {
  return `${photo.id}-${photo.width}x${photo.height}-${width}.${format}`;
}

/** A file name the pipeline could have made (the only names the media route serves). */
export const PHOTO_FILE_NAME = /^[0-9a-f]{20}-[1-9]\d{0,4}x[1-9]\d{0,4}-[1-9]\d{0,4}\.(avif|webp)$/;

const RECORDED = /^(.*\/)?([0-9a-f]{20})-([1-9]\d{0,4})x([1-9]\d{0,4})-([1-9]\d{0,4})\.(avif|webp)$/;

export interface PhotoSet {
  /** The largest WebP: the `<img>`'s `src`, and what a variant's `images` records. */
  src: string;
  width: number;
  height: number;
  /** The `<source>`s before the `<img>`: the formats better than WebP, best first. */
  sources: { type: string; srcSet: string }[];
  /** The WebP `srcset`, for the `<img>` itself. */
  srcSet: string;
}

/** The responsive set of a recorded photo URL, or null for anything else (the demo's drawings, a plain image URL). */
export function photoSet(src: string): PhotoSet | null {
  const m = RECORDED.exec(src);
  if (!m) return null;
  const [, base = "", id, w, h] = m;
  const photo = { id: id!, width: Number(w), height: Number(h) };
  if (photo.width > PHOTO_MAX_WIDTH) return null;
  const widths = photoWidths(photo.width);
  const srcSetOf = (format: PhotoFormat) => widths.map((width) => `${base}${photoFileName(photo, width, format)} ${width}w`).join(", ");
  return {
    src: `${base}${photoFileName(photo, photo.width, "webp")}`,
    width: photo.width,
    height: photo.height,
    sources: PHOTO_FORMATS.filter((format) => format !== "webp").map((format) => ({ type: PHOTO_CONTENT_TYPES[format], srcSet: srcSetOf(format) })),
    srcSet: srcSetOf("webp"),
  };
}

/**
 * How wide each place shows a photo, for `sizes` (Tailwind's breakpoints, the 80rem page):
 * a card in the 2- to 5-column grids, and the product page's gallery (half the page from md up).
 */
export const PHOTO_SIZES = {
  card: "(min-width: 1280px) 240px, (min-width: 1024px) 24vw, (min-width: 640px) 32vw, 48vw",
  gallery: "(min-width: 1280px) 608px, (min-width: 768px) 48vw, 100vw",
  px: (cssPixels: number) => `${cssPixels}px`,
} as const;

/** A photo file named in a catalogue file: a relative path to a .jpg, .jpeg, .png or .webp, never leaving its folder. */
export function isPhotoFilePath(path: string): boolean {
  const relative = path.replace(/^\.\//, "");
  return /^[A-Za-z0-9_][A-Za-z0-9._ /-]*\.(jpe?g|png|webp)$/i.test(relative) && !relative.split("/").some((part) => part === ".." || part === "." || part === "");
}
