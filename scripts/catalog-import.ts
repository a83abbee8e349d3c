// npm run catalog:import -- FILE.json|FILE.csv
// Upserts categories, products and variants by internal_reference. A bad row is
// reported with its line and reason, and nothing of that file is written. A variant's
// picture may be a photo file beside the catalogue file ("photos/ghee.jpg"): it goes through
// the photo pipeline into the image store, and the variant records the stored photo
// (decision 041); a file that is not a photo the shop takes is a bad row like any other.
import { count } from "../app/domain/plural.ts";
import fs from "node:fs";
import path from "node:path";
import { parseCatalogFile, photoFilesOf, withPhotoUrls, type RowError } from "../app/domain/catalog-file.ts";
import { CatalogImportError, importCatalog, importSummaryText } from "../app/server/catalog/import.server.ts";
import { PhotoRefused, storePhoto } from "../app/server/images/photos.server.ts";
import { imageStoreFor } from "../app/server/images/store.server.ts";
import { openForTool } from "./open-for-tool.ts";
import { toolEnv } from "./tool-env.ts";

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

// Photos first, with no database open: a refused one stops the import before anything is written.
const photoFiles = photoFilesOf(parsed.file);
const urls = new Map<string, string>();
if (photoFiles.length) {
  const store = imageStoreFor(toolEnv());
  const problems: RowError[] = [];
  const started = Date.now();
  for (const photo of photoFiles) {
    let bytes: Buffer;
    try {
      bytes = fs.readFileSync(path.resolve(path.dirname(file), photo.path));
    } catch (error) {
      problems.push({
        line: photo.line,
        reason: `${photo.path}: ${(error as NodeJS.ErrnoException).code === "ENOENT" ? "no such file beside the catalogue file" : (error as Error).message}`,
      });
      continue;
    }
    try {
      urls.set(photo.path, (await storePhoto(bytes, store)).url);
    } catch (error) {
      if (!(error instanceof PhotoRefused)) throw error;
      problems.push({ line: photo.line, reason: `${photo.path}: ${error.message}` });
    }
  }
  if (problems.length) {
    for (const e of problems) console.error(`${file}:${e.line}: ${e.reason}`);
    console.error(`${problems.length} problem(s) found; nothing was imported.`);
    process.exit(65);
  }
  console.log(`${count(photoFiles.length, "photo")} stored in ${store.description} in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
}

const database = await openForTool();
try {
  const started = Date.now();
  const s = await importCatalog(database.db, withPhotoUrls(parsed.file, urls));
  console.log(`Imported ${file} in ${((Date.now() - started) / 1000).toFixed(1)} s: ${importSummaryText(s)}`);
} catch (error) {
  if (error instanceof CatalogImportError) {
    for (const e of error.errors) console.error(`${file}:${e.line}: ${e.reason}`);
    console.error("Nothing was imported.");
    process.exitCode = 65;
  } else throw error;
} finally {
  await database.close();
}
