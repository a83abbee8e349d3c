// `npm run i18n`: Lingui extracts every message of app/ into app/locales/{en,hi}.po, compiles
// them (checking every ICU message), and this writes what the app loads (decision 052):
// app/locales/hi.json, the Hindi messages that are translated, compiled (the browser fetches it
// on Hindi pages; the server imports it). English needs no file: a message is its own id.
// Translate by filling msgstr in app/locales/hi.po, then run this again.
import { execFileSync } from "node:child_process";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parsePoFile } from "@lingui/format-po";

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const cli = path.join(root, "node_modules/@lingui/cli/dist/lingui.js");
const locales = path.join(root, "app/locales");

const lingui = (...args: string[]) => execFileSync(process.execPath, [cli, ...args], { cwd: root, stdio: "inherit" });

if (!process.argv.includes("--compile-only")) lingui("extract", "--clean");
lingui("compile", "--namespace", "json");

// Lingui's compiled files only proved every message compiles: the app reads the .po's ICU text.
rmSync(path.join(locales, "en.json"));
const po = (locale: string) =>
  new Map(
    parsePoFile(readFileSync(path.join(locales, `${locale}.po`), "utf8"))
      .items.filter((i) => !i.obsolete)
      .map((i) => [i.msgid, i.msgstr[0] ?? ""]),
  );
const english = po("en");
// An untranslated message (or one the same in Hindi) is left out: it reads as its English id.
const translated = Object.fromEntries([...po("hi")].filter(([id, text]) => text && text !== id));
writeFileSync(path.join(locales, "hi.json"), `${JSON.stringify(translated)}\n`);

const missing = [...po("hi")].filter(([, text]) => !text).length;
console.log(`${english.size} messages; ${Object.keys(translated).length} in Hindi${missing ? `, ${missing} not yet translated (msgstr "" in app/locales/hi.po)` : ""}.`);
