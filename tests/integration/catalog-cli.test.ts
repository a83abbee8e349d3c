// `npm run catalog:import -- FILE` as a deployer runs it, against an embedded data directory.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { openDatabase } from "../../app/server/db/client.server.ts";
import { products, variants } from "../../app/server/db/schema.server.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");

function importFile(dataDir: string, file: string) {
  return spawnSync(process.execPath, ["scripts/catalog-import.ts", file], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" },
    encoding: "utf8",
  });
}

async function productTitles(dataDir: string): Promise<string[]> {
  const database = await openDatabase({ kind: "pglite", dir: path.join(dataDir, "pglite") });
  try {
    return (await database.db.select({ title: products.title }).from(products)).map((r) => r.title).sort();
  } finally {
    await database.close();
  }
}

describe("npm run catalog:import", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "haat-import-"));
  const dataDir = path.join(dir, "data");
  const header = "title,category,sales_tax,internal_reference,attribute,price,mrp,inventory_stock";

  it("imports a good CSV file", () => {
    const file = path.join(dir, "good.csv");
    fs.writeFileSync(file, `${header}\nJeera,All / Grocers Pick / Spices,5%,T-JEERA-100,Net Weight 100 g,60,70,8\n`);
    const run = importFile(dataDir, file);
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/1 product created, 0 updated, 1 variant written/);
  });

  it("reports each bad row with its line and writes nothing of the file", async () => {
    const file = path.join(dir, "bad.csv");
    fs.writeFileSync(
      file,
      `${header}\nAjwain,All / Grocers Pick / Spices,5%,T-AJWAIN-100,Net Weight 100 g,45,50,8\nHing,All / Grocers Pick / Spices,5%,T-HING-50,Net Weight 50 g,90,80,3\n`,
    );
    const run = importFile(dataDir, file);
    expect(run.status).toBe(65);
    expect(run.stderr).toContain(`${file}:3: mrp: mrp is below price`);
    expect(run.stderr).toContain("nothing was imported");
    expect(await productTitles(dataDir)).toEqual(["Jeera"]);
  });

  it("refuses a data directory that a running server holds", () => {
    fs.writeFileSync(path.join(dataDir, "server.lock"), String(process.pid));
    try {
      const run = importFile(dataDir, path.join(dir, "good.csv"));
      expect(run.status).toBe(3);
      expect(run.stderr).toContain("is in use by a running Haat server");
    } finally {
      fs.unlinkSync(path.join(dataDir, "server.lock"));
    }
  });

  it("runs the photo files a catalogue file names through the photo pipeline, or imports nothing when one is not a photo", async () => {
    const photos = path.join(dir, "photos");
    fs.mkdirSync(photos, { recursive: true });
    fs.writeFileSync(
      path.join(photos, "kesar.jpg"),
      await sharp({ create: { width: 700, height: 500, channels: 3, background: "#e0a020" } })
        .jpeg()
        .toBuffer(),
    );
    fs.writeFileSync(path.join(photos, "notes.jpg"), "these are my notes");
    const catalogue = (images: string[]) =>
      JSON.stringify(
        { products: [{ title: "Kesar", category: "All / Grocers Pick / Spices", variants: [{ internal_reference: "T-KESAR-1G", price: 350, mrp: 400, images }] }] },
        null,
        2,
      );
    const file = path.join(dir, "photos.json");

    fs.writeFileSync(file, catalogue(["photos/kesar.jpg", "photos/notes.jpg", "photos/missing.png"]));
    const refused = importFile(dataDir, file);
    expect(refused.status).toBe(65);
    expect(refused.stderr).toContain(`${file}:3: photos/notes.jpg: The photo must be a JPEG, PNG or WebP image.`);
    expect(refused.stderr).toContain(`${file}:3: photos/missing.png: no such file beside the catalogue file`);
    expect(await productTitles(dataDir)).not.toContain("Kesar");

    fs.writeFileSync(file, catalogue(["photos/kesar.jpg", "/images/products/saffron.svg"]));
    const run = importFile(dataDir, file);
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/^1 photo stored in .*images in \d+\.\d s\./m);
    const database = await openDatabase({ kind: "pglite", dir: path.join(dataDir, "pglite") });
    try {
      const [kesar] = await database.db.select().from(variants).where(eq(variants.internalReference, "T-KESAR-1G"));
      expect(kesar!.images[0]).toMatch(/^\/media\/[0-9a-f]{20}-700x500-700\.webp$/);
      expect(kesar!.images[1]).toBe("/images/products/saffron.svg");
      expect(fs.readdirSync(path.join(dataDir, "images")).filter((n) => n.startsWith(kesar!.images[0]!.slice(7, 27)))).toHaveLength(6);
    } finally {
      await database.close();
    }
  });

  it("explains its usage", () => {
    const run = spawnSync(process.execPath, ["scripts/catalog-import.ts"], { cwd: ROOT, encoding: "utf8" });
    expect(run.status).toBe(64);
    expect(run.stderr).toContain("Usage: npm run catalog:import -- FILE.json|FILE.csv");
  });
});
