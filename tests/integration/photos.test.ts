// Product photos (decision 041): the pipeline (JPEG, PNG and WebP in; AVIF and WebP out at the
// widths pages use, upright, with no metadata; anything else refused with its reason; names
// that are the content's), the /media route that serves the directory store, a staff member's
// upload through the catalogue page's form (audited), and the demo seed's photos (made at once
// by the seed tool, and by a server's first start before it serves).
import fs from "node:fs";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { deflateSync } from "node:zlib";
import { eq } from "drizzle-orm";
import express from "express";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FormReply } from "../../app/domain/form-reply.ts";
import { PHOTO_MESSAGES, photoSet } from "../../app/domain/photo.ts";
import { staffOnly } from "../../app/server/access.server.ts";
import { confirmed, throughGuard, routeContext } from "./fixtures.ts";
import { openDatabase, type Database } from "../../app/server/db/client.server.ts";
import { staffAudit, variants } from "../../app/server/db/schema.server.ts";
import { staffCatalogForm } from "../../app/server/forms/staff-catalog.server.ts";
import { DEMO_PHOTOS } from "../../app/server/images/demo-photos.server.ts";
import { PhotoRefused, storePhoto, type StoredPhoto } from "../../app/server/images/photos.server.ts";
import { serveMedia } from "../../app/server/images/serve.server.ts";
import type { ImageStore } from "../../app/server/images/image-store.server.ts";
import { directoryStore, MEDIA_PATH } from "../../app/server/images/store.server.ts";
import { openShop } from "../../app/server/open-shop.server.ts";
import { createShop, seedDemoCatalog } from "../../app/server/shop/open.server.ts";
import type { Customer, Shop } from "../../app/server/shop/port.server.ts";
import { targets } from "./databases.ts";

const temp = fs.mkdtempSync(path.join(os.tmpdir(), "haat-photos-"));
afterAll(() => fs.rmSync(temp, { recursive: true, force: true }));

/** A camera's portrait photo: red above, blue below, stored on its side with Orientation 6, with EXIF and GPS tags. */
async function cameraJpeg(width = 1500, height = 2000): Promise<Buffer> {
  const upright = await sharp({ create: { width, height, channels: 3, background: "#1030d0" } })
    .composite([{ input: { create: { width, height: height / 2, channels: 3, background: "#d02010" } }, top: 0, left: 0 }])
    .png()
    .toBuffer();
  const sideways = await sharp(upright).rotate(270).png().toBuffer();
  return sharp(sideways)
    .withMetadata({ orientation: 6 })
    .withExifMerge({
      IFD0: { Make: "PhoneCo", Model: "P1", Artist: "Someone at home" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "28/1 27/1 3420/100", GPSLongitudeRef: "E", GPSLongitude: "77/1 1/1 3576/100" },
    })
    .jpeg({ quality: 85 })
    .toBuffer();
}

const solid = (width: number, height: number, channels: 3 | 4 = 3) => sharp({ create: { width, height, channels, background: channels === 4 ? "#2050c080" : "#40a040" } });

/** A PNG whose header claims `width`×`height` pixels: a decompression bomb's first bytes. */
function pngHeader(width: number, height: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), body.length + 4);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // truecolour
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", deflateSync(Buffer.alloc(64))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

async function refusal(work: Promise<unknown>): Promise<string> {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PhotoRefused);
  return (error as PhotoRefused).message;
}

const filesIn = (dir: string) => (fs.existsSync(dir) ? fs.readdirSync(dir).sort() : []);

describe("the photo pipeline", () => {
  const dir = path.join(temp, "pipeline");
  const store = directoryStore(dir);

  it("turns a camera's JPEG upright, strips its EXIF and GPS, and makes AVIF and WebP at 240, 480, 960 and 1440 px", async () => {
    const source = await cameraJpeg();
    const before = await sharp(source).metadata();
    expect(before).toMatchObject({ width: 2000, height: 1500, orientation: 6 });
    expect(before.exif?.toString("latin1")).toContain("Someone at home");

    const photo = await storePhoto(source, store);
    // Upright: portrait, 1440 wide at most.
    expect(photo).toMatchObject({ width: 1440, height: 1920, reused: false });
    expect(photo.url).toMatch(/^\/media\/[0-9a-f]{20}-1440x1920-1440\.webp$/);
    expect(photo.files.map((f) => `${f.width}x${f.height}.${f.format}`).sort()).toEqual(
      ["1440x1920.avif", "1440x1920.webp", "240x320.avif", "240x320.webp", "480x640.avif", "480x640.webp", "960x1280.avif", "960x1280.webp"].sort(),
    );
    expect(filesIn(dir)).toEqual(photo.files.map((f) => f.name).sort());
    for (const f of photo.files) {
      const file = fs.readFileSync(path.join(dir, f.name));
      const meta = await sharp(file).metadata();
      expect(meta.format).toBe(f.format === "avif" ? "heif" : "webp");
      expect([meta.width, meta.height]).toEqual([f.width, f.height]);
      // Nothing of the camera's file is left: no EXIF (so no GPS), no XMP, no orientation, no profile.
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
      expect(meta.icc).toBeUndefined();
      expect(file.includes("Someone at home")).toBe(false);
      expect(file.includes("PhoneCo")).toBe(false);
    }
    // Red above, blue below, as the shopper's camera saw it.
    const largest = fs.readFileSync(path.join(dir, photo.files.find((f) => f.width === 1440 && f.format === "webp")!.name));
    const pixel = async (top: number) => (await sharp(largest).extract({ left: 700, top, width: 1, height: 1 }).raw().toBuffer()).subarray(0, 3);
    const [r1, , b1] = await pixel(100);
    const [r2, , b2] = await pixel(1800);
    expect(r1! > 150 && b1! < 80).toBe(true);
    expect(b2! > 150 && r2! < 80).toBe(true);
    // photoSet reads the same set back from the one URL recorded.
    const set = photoSet(photo.url)!;
    expect(set.srcSet.split(", ").map((s) => path.basename(s.split(" ")[0]!))).toEqual(photo.files.filter((f) => f.format === "webp").map((f) => f.name));
  });

  it("takes PNG (keeping its transparency) and WebP, and never makes a file wider than the photo", async () => {
    const png = await storePhoto(await solid(800, 600, 4).png().toBuffer(), store);
    expect(png.files.filter((f) => f.format === "webp").map((f) => f.width)).toEqual([240, 480, 800]);
    expect((await sharp(fs.readFileSync(path.join(dir, png.files.find((f) => f.width === 800 && f.format === "webp")!.name))).metadata()).hasAlpha).toBe(true);
    const webp = await storePhoto(await solid(500, 500).webp().toBuffer(), store);
    expect(webp.files.filter((f) => f.format === "avif").map((f) => f.width)).toEqual([240, 480, 500]);
    const small = await storePhoto(await solid(200, 150).jpeg().toBuffer(), store);
    expect(small.files.map((f) => `${f.width}x${f.height}`)).toEqual(["200x150", "200x150"]);
  });

  it("refuses what is not a JPEG, PNG or WebP photo, with the reason, and stores nothing of it", async () => {
    const before = filesIn(dir);
    // A text file renamed .jpg: the name is never looked at, the bytes are.
    expect(await refusal(storePhoto(Buffer.from("these are my notes, saved as notes.jpg"), store))).toBe(PHOTO_MESSAGES.type);
    expect(await refusal(storePhoto(await solid(40, 40).gif().toBuffer(), store))).toBe(PHOTO_MESSAGES.type);
    expect(await refusal(storePhoto(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), store))).toBe(PHOTO_MESSAGES.type);
    // JPEG's first bytes, then nothing a decoder can read; a JPEG cut in half.
    expect(await refusal(storePhoto(Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 7)]), store))).toBe(PHOTO_MESSAGES.unreadable);
    const whole = await solid(600, 600).jpeg().toBuffer();
    expect(await refusal(storePhoto(whole.subarray(0, whole.length / 2), store))).toBe(PHOTO_MESSAGES.unreadable);
    // Over 10 MB, refused before a byte is decoded.
    expect(await refusal(storePhoto(Buffer.concat([whole, Buffer.alloc(10 * 1024 * 1024)]), store))).toBe(PHOTO_MESSAGES.tooLarge);
    // A few hundred bytes that claim 100 megapixels.
    expect(await refusal(storePhoto(pngHeader(10_000, 10_000), store))).toBe(PHOTO_MESSAGES.tooManyPixels(10_000, 10_000));
    expect(await refusal(storePhoto(new Uint8Array(), store))).toBe(PHOTO_MESSAGES.choose);
    expect(filesIn(dir)).toEqual(before);
  });

  it("names files by content: the same photo again is the same names and makes nothing; another photo, other names", async () => {
    const source = await solid(640, 480).jpeg({ quality: 90 }).toBuffer();
    const first = await storePhoto(source, store);
    const files = filesIn(dir);
    const stamps = first.files.map((f) => fs.statSync(path.join(dir, f.name)).mtimeMs);
    const again = await storePhoto(Buffer.from(source), store);
    expect(again).toMatchObject({ url: first.url, reused: true });
    expect(filesIn(dir)).toEqual(files);
    expect(first.files.map((f) => fs.statSync(path.join(dir, f.name)).mtimeMs)).toEqual(stamps);
    const other = await storePhoto(await solid(640, 480).jpeg({ quality: 89 }).toBuffer(), store);
    expect(other.url).not.toBe(first.url);
    expect(other.url.slice(0, 27)).not.toBe(first.url.slice(0, 27));
  });
});

describe("the /media route", () => {
  const dir = path.join(temp, "media");
  let server: Server;
  let base = "";
  let photo: StoredPhoto;
  beforeAll(async () => {
    photo = await storePhoto(await solid(300, 300).jpeg().toBuffer(), directoryStore(dir));
    fs.writeFileSync(path.join(dir, ".half-written.tmp"), "x");
    fs.writeFileSync(path.join(temp, "secret.webp"), "not for you");
    const app = express();
    app.use(MEDIA_PATH, serveMedia(dir));
    app.use((_req, res) => void res.status(418).end());
    server = await new Promise<Server>((resolve) => {
      const s = app.listen(0, "127.0.0.1", () => resolve(s));
    });
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("serves a photo's files with their type, a year's immutable caching and nosniff", async () => {
    for (const f of photo.files) {
      const response = await fetch(`${base}${MEDIA_PATH}/${f.name}`);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe(f.format === "avif" ? "image/avif" : "image/webp");
      expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(Buffer.from(await response.arrayBuffer()).equals(fs.readFileSync(path.join(dir, f.name)))).toBe(true);
    }
    const name = photo.files[0]!.name;
    const etag = (await fetch(`${base}${MEDIA_PATH}/${name}`, { method: "HEAD" })).headers.get("etag")!;
    expect((await fetch(`${base}${MEDIA_PATH}/${name}`, { headers: { "if-none-match": etag } })).status).toBe(304);
  });

  it("answers 404 for any other name: traversal, dot files, half-written files, names it never made", async () => {
    const id = photo.files[0]!.name.slice(0, 20);
    for (const p of ["/..%2Fsecret.webp", "/%2e%2e/secret.webp", "/../secret.webp", "/.half-written.tmp", `/${id}-300x300-301.webp`, `/${id}-300x300-300.jpg`, "/", ""]) {
      const response = await fetch(`${base}${MEDIA_PATH}${p}`);
      expect([404, 418], p).toContain(response.status);
      expect(await response.text()).not.toContain("not for you");
    }
    expect((await fetch(`${base}${MEDIA_PATH}/${photo.files[0]!.name}`, { method: "POST" })).status).toBe(418);
  });
});

const ORIGIN = "http://haat.test";

describe.each(targets)("a staff member's photo upload on $name", (target) => {
  const dir = path.join(temp, `staff-${target.name}`);
  let images: ImageStore;
  let database: Database;
  let shop: Shop;
  let staff: Customer;
  let shopper: Customer;

  beforeAll(async () => {
    process.env.SESSION_SECRET ??= "a-test-secret-that-is-long-enough-0123456789";
    images = directoryStore(dir);
    database = await target.open();
    await seedDemoCatalog(database);
    shop = createShop(database, 0, undefined, images);
    staff = await shop.accounts.register({ name: "Merchandiser", email: "photos@haat.example", phone: "9876543210", password: "password-1" });
    expect(await shop.staff.makeStaff((await confirmed(shop, staff)).email!)).toBe("made");
    shopper = await shop.accounts.register({ name: "Shopper", email: "shopper@haat.example", phone: "9876543210", password: "password-1" });
  });
  afterAll(async () => {
    await database?.close();
  });

  async function post(body: FormData, who: Customer = staff): Promise<{ status: number; reply: FormReply | null }> {
    const url = new URL(`${ORIGIN}/staff/catalogue`);
    const context = routeContext(shop, who);
    try {
      const request = new Request(url, { method: "POST", body });
      const answer = await throughGuard(staffOnly, { request, context, url }, () => staffCatalogForm.run({ request, context, url }));
      if (answer instanceof Response) return { status: answer.status, reply: null };
      const d = answer as unknown as { data: FormReply; init: ResponseInit | null };
      return { status: d.init?.status ?? 200, reply: d.data };
    } catch (thrown) {
      // staffOf's 404, thrown as React Router's data().
      return { status: (thrown as { init?: { status?: number } }).init?.status ?? 500, reply: null };
    }
  }
  const form = (variant: number, file?: File) => {
    const f = new FormData();
    f.set("intent", "photo");
    f.set("variant", String(variant));
    if (file) f.set("photo", file);
    return f;
  };
  const row = async (reference: string) => (await database.db.select().from(variants).where(eq(variants.internalReference, reference)))[0]!;

  it("puts the photo first among the variant's pictures, keeps the drawing after it, and audits the change", async () => {
    const ghee = await row("AF-GHE-A2-500ML").catch(() => null);
    const variant = ghee ?? (await database.db.select().from(variants).limit(1))[0]!;
    const drawing = variant.images[0]!;
    const jpeg = await cameraJpeg(900, 1200);
    const posted = await post(form(variant.id, new File([new Uint8Array(jpeg)], "IMG_2041.JPG", { type: "image/jpeg" })));
    expect(posted.status).toBe(303);
    const after = await row(variant.internalReference);
    expect(after.images[0]).toMatch(/^\/media\/[0-9a-f]{20}-900x1200-900\.webp$/);
    expect(after.images.slice(1)).toEqual(variant.images);
    expect(after.images).toContain(drawing);
    // 240, 480 and its own 900 px, in AVIF and WebP.
    expect(filesIn(dir)).toHaveLength(6);
    const audit = await database.db.select().from(staffAudit).where(eq(staffAudit.action, "variant.photo"));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ staffId: staff.id, entity: "variant", entityId: variant.internalReference, before: { images: variant.images }, after: { images: after.images } });
    // Shoppers see it: the catalogue's view of the product opens on the photo.
    const product = await shop.catalog.product(variant.productId);
    expect(product?.variants.find((v) => v.internalReference === variant.internalReference)?.images[0]).toBe(after.images[0]);

    // The same photo again is not a second picture.
    expect((await post(form(variant.id, new File([new Uint8Array(jpeg)], "again.jpg")))).status).toBe(303);
    expect((await row(variant.internalReference)).images).toEqual(after.images);
  });

  it("refuses a text file named .jpg, a missing file and an unknown variant, with the shop's words, and changes nothing", async () => {
    const variant = (await database.db.select().from(variants).limit(1).offset(3))[0]!;
    const text = await post(form(variant.id, new File(["not a photo"], "photo.jpg", { type: "image/jpeg" })));
    expect(text.status).toBe(400);
    expect(text.reply).toMatchObject({ ok: false, intent: "photo", error: PHOTO_MESSAGES.type });
    expect(text.reply?.ok === false && text.reply.result.error?.photo).toEqual([PHOTO_MESSAGES.type]);
    const missing = await post(form(variant.id));
    expect(missing.status).toBe(400);
    expect(missing.reply).toMatchObject({ ok: false, error: PHOTO_MESSAGES.choose });
    const unknown = await post(form(99_999_999, new File([new Uint8Array(await solid(300, 300).png().toBuffer())], "a.png")));
    expect(unknown.reply).toMatchObject({ ok: false, error: "That variant could not be found." });
    expect((await row(variant.internalReference)).images).toEqual(variant.images);
  });

  it("refuses a catalogue file posted here that names photo files: they are read beside the file, by npm run catalog:import", async () => {
    const f = new FormData();
    f.set("intent", "import");
    const text = JSON.stringify({
      products: [{ title: "Kesar", category: "All / Grocers Pick / Spices", variants: [{ internal_reference: "T-KESAR-2G", price: 650, mrp: 700, images: ["photos/kesar.jpg"] }] }],
    });
    f.set("file", new File([text], "kesar.json", { type: "application/json" }));
    const posted = await post(f);
    expect(posted.status).toBe(400);
    expect(posted.reply?.ok === false && posted.reply.error).toMatch(
      /^1 problem found in kesar\.json; nothing was imported\. line 1: photos\/kesar\.jpg: photo files are read by npm run catalog:import/,
    );
    expect(await database.db.select().from(variants).where(eq(variants.internalReference, "T-KESAR-2G"))).toEqual([]);
  });

  it("is not there for a shopper who is not staff", async () => {
    const variant = (await database.db.select().from(variants).limit(1))[0]!;
    const before = filesIn(dir);
    const posted = await post(form(variant.id, new File([new Uint8Array(await solid(300, 300).png().toBuffer())], "a.png")), shopper);
    expect(posted.status).toBe(404);
    expect(filesIn(dir)).toEqual(before);
  });
});

describe.each(targets)("the demo seed's photos on $name", (target) => {
  it("makes each demo photo through the pipeline and shows it before its drawing", async () => {
    const dir = path.join(temp, `demo-${target.name}`);
    const database = await target.open();
    try {
      const started = performance.now();
      expect(await seedDemoCatalog(database, directoryStore(dir))).toBe(true);
      console.log(`demo seed with ${DEMO_PHOTOS.length} photos on ${target.name}: ${Math.round(performance.now() - started)} ms`);
      const rows = await database.db.select().from(variants);
      for (const demo of DEMO_PHOTOS) {
        const shown = rows.filter((v) => v.images[1] === demo.drawing);
        expect(shown.length, demo.drawing).toBeGreaterThan(0);
        for (const v of shown) expect(photoSet(v.images[0]!), v.internalReference).not.toBeNull();
      }
      const apples = rows.find((v) => v.images[1] === "/images/products/shimla-apples.svg")!;
      // Made from a 1600×1200 camera file stored on its side: upright, and capped at 1440.
      expect(photoSet(apples.images[0]!)).toMatchObject({ width: 1440, height: 1080 });
      expect(filesIn(dir)).toHaveLength(DEMO_PHOTOS.length * 8 - 2);
      // Every other variant keeps its drawing first.
      expect(rows.filter((v) => v.images[0]?.endsWith(".svg")).length).toBeGreaterThan(rows.length / 2);
    } finally {
      await database.close();
    }
  });
});

describe("a fresh embedded shop's first start", () => {
  it("makes and records the demo's photos before it serves", async () => {
    const dataDir = path.join(temp, "first-start");
    const started = performance.now();
    const shop = await openShop({ target: { kind: "pglite", dir: path.join(dataDir, "pglite") }, seedDemo: true, refreshMs: 0, images: directoryStore(path.join(dataDir, "images")) });
    console.log(`first start with the demo's photos: ${Math.round(performance.now() - started)} ms`);
    await shop.close();
    const database = await openDatabase({ kind: "pglite", dir: path.join(dataDir, "pglite") });
    try {
      const rows = await database.db.select().from(variants);
      for (const demo of DEMO_PHOTOS) expect(rows.filter((v) => v.images[1] === demo.drawing && photoSet(v.images[0]!)).length, demo.drawing).toBeGreaterThan(0);
      expect(filesIn(path.join(dataDir, "images"))).toHaveLength(DEMO_PHOTOS.length * 8 - 2);
    } finally {
      await database.close();
    }
  });
});
