// npm run catalog:import -- FILE.json|FILE.csv
// Upserts categories, products and variants by internal_reference. A bad row is
// reported with its line and reason, and nothing of that file is written.
import { count } from "../app/domain/plural.ts";
import fs from "node:fs";
import path from "node:path";
import { parseCatalogFile } from "../app/domain/catalog-file.ts";
import { CatalogImportError, importCatalog } from "../app/server/catalog/import.server.ts";
import { openForTool } from "./open-for-tool.ts";

const file = process.argv[2];
if (!file || process.argv.length > 3) {
  console.error("Usage: npm run catalog:import -- FILE.json|FILE.csv");
  process.exit(64);
}
const ext = path.extname(file).toLowerCase();
if (ext !== ".json" && ext !== ".csv") {
  console.error(`${file}: expected a .json or .csv file`);
  process.exit(64);
}
let text: string;
try {
  text = fs.readFileSync(file, "utf8");
} catch (error) {
  console.error(`${file}: ${(error as Error).message}`);
  process.exit(66);
}

const parsed = parseCatalogFile(text, ext === ".json" ? "json" : "csv");
if (!parsed.ok) {
  for (const e of parsed.errors) console.error(`${file}:${e.line}: ${e.reason}`);
  console.error(`${parsed.errors.length} problem(s) found; nothing was imported.`);
  process.exit(65);
}

const database = await openForTool();
try {
  const started = Date.now();
  const s = await importCatalog(database.db, parsed.file);
  console.log(
    `Imported ${file} in ${((Date.now() - started) / 1000).toFixed(1)} s: ` +
      `${count(s.productsCreated, "product")} created, ${s.productsUpdated} updated, ${count(s.variantsWritten, "variant")} written, ${count(s.categoriesCreated, "category", "categories")} created.`,
  );
} catch (error) {
  if (error instanceof CatalogImportError) {
    for (const e of error.errors) console.error(`${file}:${e.line}: ${e.reason}`);
    console.error("Nothing was imported.");
    process.exitCode = 65;
  } else throw error;
} finally {
  await database.close();
}
