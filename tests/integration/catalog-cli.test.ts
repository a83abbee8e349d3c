// `npm run catalog:import -- FILE` as a deployer runs it, against an embedded data directory.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { openDatabase } from "../../app/server/db/client.server.ts";
import { products } from "../../app/server/db/schema.server.ts";

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

  it("explains its usage", () => {
    const run = spawnSync(process.execPath, ["scripts/catalog-import.ts"], { cwd: ROOT, encoding: "utf8" });
    expect(run.status).toBe(64);
    expect(run.stderr).toContain("Usage: npm run catalog:import -- FILE.json|FILE.csv");
  });
});
