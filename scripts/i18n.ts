// `npm run i18n`: Lingui extracts every message of app/ into app/locales/{en,hi}.po, compiles
// them (checking every ICU message), and this writes what the app loads (decision 052):
// app/locales/hi.json, the Hindi messages that are translated, compiled (the browser fetches it
// on Hindi pages; the server imports it). English needs no file: a message is its own id.
// Translate by filling msgstr in app/locales/hi.po, then run this again.
import { execFileSync } from "node:child_process";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const cli = path.join(root, "node_modules/@lingui/cli/dist/lingui.js");
const locales = path.join(root, "app/locales");
type Compiled = Record<string, unknown>;

const lingui = (...args: string[]) => execFileSync(process.execPath, [cli, ...args], { cwd: root, stdio: "inherit" });

if (!process.argv.includes("--compile-only")) lingui("extract", "--clean");
lingui("compile", "--namespace", "json");

const read = (locale: string) => (JSON.parse(readFileSync(path.join(locales, `${locale}.json`), "utf8")) as { messages: Compiled }).messages;
const english = read("en");
const hindi = read("hi");

// Lingui fills an untranslated message with the English one: left out, it reads the same.
const translated = Object.fromEntries(Object.entries(hindi).filter(([id, message]) => JSON.stringify(message) !== JSON.stringify(english[id])));
writeFileSync(path.join(locales, "hi.json"), `${JSON.stringify(translated, null, 0)}\n`);

rmSync(path.join(locales, "en.json"));

const missing = Object.keys(english).length - Object.keys(translated).length;
console.log(`${Object.keys(english).length} messages; ${Object.keys(translated).length} in Hindi${missing ? `, ${missing} not yet translated (msgstr "" in app/locales/hi.po)` : ""}.`);
