// The catalogues are complete and current (issue 27): every message app/ says is in both, with
// its Hindi; the compiled files are what `npm run i18n` makes of the .po files; and the reader
// the pages use gives what Lingui's own runtime gives for every message.
import fs from "node:fs";
import path from "node:path";
import { setupI18n } from "@lingui/core";
import { parsePoFile } from "@lingui/format-po";
import { compileMessage } from "@lingui/message-utils/compileMessage";
import { describe, expect, it } from "vitest";
import { formatMessage, translate } from "../domain/i18n/messages.ts";

const here = path.dirname(new URL(import.meta.url).pathname);
const app = path.dirname(here);
const po = (locale: string) =>
  new Map(
    parsePoFile(fs.readFileSync(path.join(here, `${locale}.po`), "utf8"))
      .items.filter((i) => !i.obsolete)
      .map((i) => [i.msgid, i.msgstr[0] ?? ""]),
  );
const english = po("en");
const hindi = po("hi");
const hindiJson = JSON.parse(fs.readFileSync(path.join(here, "hi.json"), "utf8")) as Record<string, string>;

/** What app/ says: `i18n._("…")` and /*i18n*\/ "…", as Lingui's extractor reads them. */
function saidInApp(): { ids: Set<string>; templates: string[] } {
  const ids = new Set<string>();
  const templates: string[] = [];
  for (const file of fs.readdirSync(app, { recursive: true, encoding: "utf8" })) {
    if (!/\.(ts|tsx)$/.test(file) || /\.test\.tsx?$/.test(file)) continue;
    const text = fs.readFileSync(path.join(app, file), "utf8");
    for (const m of text.matchAll(/(?:\bi18n\._\(\s*|\/\*i18n\*\/\s*)("(?:[^"\\\n]|\\.)*")/g)) ids.add(JSON.parse(m[1]!) as string);
    for (const m of text.matchAll(/\bi18n\._\(\s*`/g)) templates.push(`${file}:${text.slice(0, m.index).split("\n").length}`);
  }
  return { ids, templates };
}

/** Sample values for a message: numbers for what it counts, words for the rest. */
function samples(id: string): Record<string, string | number>[] {
  const counted = new Set([...id.matchAll(/\{(\w+),\s*(plural|selectordinal)/g)].map((m) => m[1]!));
  const names = new Set([...id.matchAll(/\{(\w+)[,}]/g)].map((m) => m[1]!));
  return [0, 1, 2, 5, 21, 1000].map((n) => Object.fromEntries([...names].map((name) => [name, counted.has(name) ? n : `x${n}`])));
}

const argumentsOf = (message: string) => [...new Set([...message.matchAll(/\{(\w+)[,}]/g)].map((m) => m[1]!))].sort();

describe("the message catalogues", () => {
  const { ids, templates } = saidInApp();

  it("every message said in app/ is in both catalogues, and translated in Hindi", () => {
    expect(templates, "a template literal cannot be extracted: say it with values").toEqual([]);
    expect(ids.size).toBeGreaterThan(0);
    const notExtracted = [...ids].filter((id) => !english.has(id));
    expect(notExtracted, "run `npm run i18n`").toEqual([]);
    const untranslated = [...ids].filter((id) => !hindi.get(id)?.trim());
    expect(untranslated, "fill msgstr in app/locales/hi.po, then `npm run i18n`").toEqual([]);
  });

  it("holds nothing app/ no longer says", () => {
    expect([...english.keys()].filter((id) => !ids.has(id))).toEqual([]);
    expect([...hindi.keys()].sort()).toEqual([...english.keys()].sort());
  });

  it("says nothing the pages' reader cannot read: text, {name} and plural", () => {
    const kinds = (message: unknown): string[] =>
      Array.isArray(message) ? message.flatMap((t) => (Array.isArray(t) && t.length > 1 ? [String(t[1]), ...Object.values(t[2] as object).flatMap(kinds)] : [])) : [];
    for (const [id, text] of [...english, ...hindi])
      expect(
        kinds(compileMessage(text || id)).filter((k) => k !== "plural"),
        id,
      ).toEqual([]);
  });

  it("Hindi keeps every value of the English", () => {
    for (const [id, text] of hindi) expect(argumentsOf(text), id).toEqual(argumentsOf(id));
  });

  it("hi.json is hi.po's translations, as `npm run i18n` writes it", () => {
    const translated = [...hindi].filter(([id, text]) => text && text !== id);
    expect(hindiJson).toEqual(Object.fromEntries(translated));
  });

  for (const [locale, catalogue] of [
    ["en", english],
    ["hi", hindi],
  ] as const) {
    it(`the pages' reader gives what Lingui gives, for every message (${locale})`, () => {
      const messages = Object.fromEntries([...catalogue].map(([id, text]) => [id, compileMessage(text || id)]));
      const lingui = setupI18n({ locale, locales: [locale === "en" ? "en-IN" : "hi-IN"], messages: { [locale]: messages } });
      for (const [id] of catalogue) {
        for (const values of samples(id)) {
          expect(formatMessage(locale, catalogue.get(id) || id, values), id).toBe(lingui._(id, values));
          // English pages carry no catalogue: each message read from its own text says the same.
          if (locale === "en") expect(translate("en", {}, id, values), id).toBe(lingui._(id, values));
        }
      }
    });
  }
});
