import { describe, expect, it } from "vitest";
import { isPhotoFilePath, PHOTO_FILE_NAME, photoFileName, photoSet, photoWidths, sniffPhotoType } from "./photo.ts";

const bytes = (...b: number[]) => new Uint8Array(b);
const ascii = (text: string) => new TextEncoder().encode(text);

describe("sniffPhotoType", () => {
  it("knows JPEG, PNG and WebP by their first bytes", () => {
    expect(sniffPhotoType(bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10))).toBe("jpeg");
    expect(sniffPhotoType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0))).toBe("png");
    expect(sniffPhotoType(new Uint8Array([...ascii("RIFF"), 1, 2, 3, 4, ...ascii("WEBPVP8 ")]))).toBe("webp");
  });
  it("refuses anything else, whatever the file is called", () => {
    for (const other of [ascii("GIF89a...."), ascii("<svg xmlns="), ascii("RIFF\0\0\0\0WAVEfmt "), ascii("%PDF-1.7"), ascii("hello, I am a .jpg"), bytes(0xff, 0xd8), bytes()]) {
      expect(sniffPhotoType(other)).toBeNull();
    }
  });
});

describe("photoWidths", () => {
  it("makes the ladder's widths below the photo's own, and the photo's width capped at 1440: never upscaled", () => {
    expect(photoWidths(4000)).toEqual([240, 480, 960, 1440]);
    expect(photoWidths(1440)).toEqual([240, 480, 960, 1440]);
    expect(photoWidths(1200)).toEqual([240, 480, 960, 1200]);
    expect(photoWidths(480)).toEqual([240, 480]);
    expect(photoWidths(100)).toEqual([100]);
  });
});

describe("photoSet", () => {
  const id = "0123456789abcdef0123";
  it("reads a photo's sizes, formats and widths from its recorded URL, in the directory or a bucket", () => {
    const set = photoSet(`/media/${id}-1200x900-1200.webp`)!;
    expect(set).toEqual({
      src: `/media/${id}-1200x900-1200.webp`,
      width: 1200,
      height: 900,
      sources: [
        {
          type: "image/avif",
          srcSet: `/media/${id}-1200x900-240.avif 240w, /media/${id}-1200x900-480.avif 480w, /media/${id}-1200x900-960.avif 960w, /media/${id}-1200x900-1200.avif 1200w`,
        },
      ],
      srcSet: `/media/${id}-1200x900-240.webp 240w, /media/${id}-1200x900-480.webp 480w, /media/${id}-1200x900-960.webp 960w, /media/${id}-1200x900-1200.webp 1200w`,
    });
    const bucket = photoSet(`https://cdn.example.in/shop/photos/${id}-1440x1080-1440.webp`)!;
    expect(bucket.src).toBe(`https://cdn.example.in/shop/photos/${id}-1440x1080-1440.webp`);
    expect(bucket.sources[0]!.srcSet.split(", ")[0]).toBe(`https://cdn.example.in/shop/photos/${id}-1440x1080-240.avif 240w`);
  });
  it("leaves the demo's drawings and other pictures alone", () => {
    for (const src of [
      "/images/products/a2-bilona-ghee.svg",
      "/images/placeholder.svg",
      "https://example.in/photo.jpg",
      `/media/${id}-1200x900.webp`,
      `/media/${id}-9999x900-9999.webp`,
      `/media/${id.toUpperCase()}-1200x900-1200.webp`,
    ]) {
      expect(photoSet(src)).toBeNull();
    }
  });
  it("names files so that the media route's pattern takes every name made and nothing else", () => {
    const photo = { id, width: 1440, height: 1080 };
    for (const w of photoWidths(1440)) for (const f of ["avif", "webp"] as const) expect(PHOTO_FILE_NAME.test(photoFileName(photo, w, f))).toBe(true);
    for (const name of ["../secret", `${id}-1x1-1.jpg`, `.${id}-1x1-1.webp`, `${id}-1x1-1.webp/..`, `${id}-0x1-1.webp`, `${id}-1x1-1.webp.tmp`])
      expect(PHOTO_FILE_NAME.test(name)).toBe(false);
  });
});

describe("isPhotoFilePath", () => {
  it("takes a photo file beside or below the catalogue file", () => {
    for (const p of ["ghee.jpg", "photos/ghee.JPEG", "./photos/a2 ghee.png", "photos/2026/ghee.webp"]) expect(isPhotoFilePath(p)).toBe(true);
  });
  it("refuses paths that leave the folder, absolute paths, URLs and other types", () => {
    for (const p of ["/etc/passwd.jpg", "../ghee.jpg", "photos/../../ghee.jpg", "photos//ghee.jpg", "https://x.in/a.jpg", "ghee.gif", "ghee.svg", ".hidden.jpg", "C:\\ghee.jpg"])
      expect(isPhotoFilePath(p)).toBe(false);
  });
});
