// Every form declaration of the shop (app/server/forms), posted as a shopper leaves it: every
// field empty, each field alone missing, each optional field left empty (issue 41 item 8). An
// optional field left empty is never an error ('From' of a gift message once said 'Invalid input:
// expected string, received undefined'), and whatever a form says back is one of the shop's
// catalogued messages, never a validator's own English, and on a shopper's form has its Hindi.
import fs from "node:fs";
import path from "node:path";
import { parseWithZod } from "@conform-to/zod/v4";
import { parsePoFile } from "@lingui/format-po";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { formatMessage } from "../../app/domain/i18n/messages.ts";
import { recogniseEnglish } from "../../app/domain/i18n/recognise.ts";
import { i18nFor, registerCatalogue } from "../../app/domain/i18n/registry.ts";
import type { Form, IntentSpec } from "../../app/server/forms/pipeline.server.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");
const FORMS_DIR = path.join(ROOT, "app/server/forms");

const englishIds = parsePoFile(fs.readFileSync(path.join(ROOT, "app/locales/en.po"), "utf8"))
  .items.filter((i) => !i.obsolete)
  .map((i) => i.msgid);
const english = Object.fromEntries(englishIds.map((id) => [id, id]));
registerCatalogue("hi", JSON.parse(fs.readFileSync(path.join(ROOT, "app/locales/hi.json"), "utf8")) as Record<string, string>, recogniseEnglish);

/** Whether a message is one the shop's catalogue has (as it is, or said with values). */
function catalogued(message: string): boolean {
  return message in english || recogniseEnglish(formatMessage, "en", english, message) !== null;
}

/** What zod says in English of its own (its locale's messages). */
const ZOD_ENGLISH = /^Invalid |expected .*, received|^Too (big|small)|^Required$|^Unrecognized key/;

type AnyForm = Form<string, Record<string, IntentSpec>>;

function isForm(value: unknown): value is AnyForm {
  return typeof value === "object" && value !== null && "intents" in value && "action" in value && typeof (value as { run?: unknown }).run === "function";
}

/** Every form the pipeline runs: exported by each module of app/server/forms, on its own or in an object of forms. */
async function everyForm(): Promise<AnyForm[]> {
  const found = new Map<string, AnyForm>();
  for (const file of fs.readdirSync(FORMS_DIR).filter((f) => f.endsWith(".server.ts") && !f.includes(".test."))) {
    const module = (await import(path.join(FORMS_DIR, file))) as Record<string, unknown>;
    for (const value of Object.values(module)) {
      for (const form of isForm(value) ? [value] : typeof value === "object" && value ? Object.values(value).filter(isForm) : []) found.set(form.action, form);
    }
  }
  return [...found.values()];
}

function post(fields: Record<string, string>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return form;
}

/** Every message a parse says, by field. */
function said(form: FormData, schema: z.ZodType): Record<string, string[]> {
  const submission = parseWithZod(form, { schema });
  if (submission.status === "success") return {};
  const reply = submission.reply();
  return Object.fromEntries(Object.entries(reply.error ?? {}).map(([field, list]) => [field, list ?? []]));
}

describe("every form declaration, as a shopper leaves it", async () => {
  // The pipeline installs the shop's own messages for fields that name none (domain/field-messages.ts).
  await import("../../app/server/forms/pipeline.server.ts");
  const forms = await everyForm();

  it("finds the shop's forms", () => {
    expect(forms.map((f) => f.action)).toEqual(expect.arrayContaining(["/addtocart", "/revieworder", "/contact", "/signin", "/signup", "/myaccount/addresses", "/staff/coupons"]));
    expect(forms.length).toBeGreaterThanOrEqual(25);
  });

  it("never refuses an optional field left empty, and says only the shop's catalogued messages, in English and in Hindi", () => {
    const problems: string[] = [];
    const hindi = i18nFor("hi");
    for (const form of forms) {
      for (const [name, intent] of Object.entries(form.intents)) {
        const shape = intent.fields.shape as Record<string, z.ZodType>;
        // (The intent is posted as its button names it.)
        const names = Object.keys(shape).filter((f) => f !== "intent");
        const schema = intent.fields.safeExtend({ intent: z.literal(name) });
        const optional = names.filter((f) => shape[f]!.safeParse(undefined).success);
        const cases: [string, Record<string, string>][] = [
          ["every field empty", Object.fromEntries(names.map((f) => [f, ""]))],
          ...names.map((missing): [string, Record<string, string>] => [`${missing} missing`, Object.fromEntries(names.filter((f) => f !== missing).map((f) => [f, ""]))]),
        ];
        for (const [how, fields] of cases) {
          const errors = said(post({ intent: name, ...fields }), schema);
          const where = `${form.action} ${name}, ${how}`;
          for (const field of optional) if (errors[field]?.length) problems.push(`${where}: optional ${field} refused with "${errors[field]!.join(" / ")}"`);
          for (const [field, messages] of Object.entries(errors)) {
            for (const message of messages) {
              // Staff pages are English (decision 052): their messages are the shop's own words, not catalogued.
              if (form.action.startsWith("/staff")) {
                if (ZOD_ENGLISH.test(message)) problems.push(`${where}: ${field || "(form)"} says "${message}", a validator's own English`);
              } else if (!catalogued(message)) problems.push(`${where}: ${field || "(form)"} says "${message}", which no catalogue has`);
              // A shopper's form speaks Hindi on a Hindi page.
              else if (/[a-z]{3}/i.test(message) && hindi._(message) === message) problems.push(`${where}: "${message}" has no Hindi`);
            }
          }
        }
      }
    }
    expect(problems).toEqual([]);
  });
});
