// 'Download my data' (issue 48 item 3, decision 085): everything the shop holds on a shopper, as
// one ZIP: data.json (every table's rows, as they are held) and a CSV per table for a spreadsheet,
// with a README saying what each holds and what was left out. Pure: the rows come from the Shop.
import { say } from "../i18n/messages.ts";
import { strToU8, zipSync, type Zippable } from "fflate";
import { toCsv } from "../csv.ts";
import type { Locale } from "../i18n/locale.ts";
import { PERSONAL_DATA, type Said } from "./personal-data.ts";

/** Each table's rows for one shopper, as the database holds them (secrets already taken out). */
export type ExportTables = Record<string, Record<string, unknown>[]>;

/** A cell as a spreadsheet reads it: times in ISO 8601 (UTC), structures as JSON, nothing as empty. */
function cell(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

/** One table as CSV: a column for every key any of its rows has, in the order first seen. */
export function tableCsv(rows: readonly Record<string, unknown>[]): string {
  const columns = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  return toCsv(
    columns,
    rows.map((r) => columns.map((c) => cell(r[c]))),
  );
}

/** The archive's files: README.txt, data.json, and csv/<table>.csv for each table with rows. */
export function exportFiles(tables: ExportTables, meta: { readme: string; exportedAt: Date; noticeVersion: string }): Record<string, string> {
  const files: Record<string, string> = {
    "README.txt": meta.readme,
    "data.json": JSON.stringify({ exportedAt: meta.exportedAt.toISOString(), noticeVersion: meta.noticeVersion, tables }, null, 2),
  };
  for (const [table, rows] of Object.entries(tables)) if (rows.length) files[`csv/${table}.csv`] = tableCsv(rows);
  return files;
}

/** The ZIP itself (deflated; the files' times are the export's). */
export function exportZip(tables: ExportTables, meta: { readme: string; exportedAt: Date; noticeVersion: string }): Uint8Array {
  const files = exportFiles(tables, meta);
  const zippable: Zippable = {};
  for (const [name, text] of Object.entries(files)) zippable[name] = [strToU8(text), { mtime: meta.exportedAt, level: 6 }];
  return zipSync(zippable);
}

const README: Record<"title" | "intro" | "files" | "left" | "kept", Said> = {
  title: { en: "Your data from {shop}, as held on {date}", hi: "{shop} के पास आपका डेटा, {date} की स्थिति में" },
  intro: {
    en: "data.json holds every table's rows about you, as we hold them; the csv folder holds the same, one file per table, for a spreadsheet. Times are in UTC; money is in paise (100 paise = 1 rupee).",
    hi: "data.json में आपके बारे में हर टेबल की पंक्तियाँ हैं, जैसी हम रखते हैं; csv फ़ोल्डर में वही, हर टेबल की एक फ़ाइल, स्प्रेडशीट के लिए। समय UTC में है; रक़म पैसे में (100 पैसे = 1 रुपया)।",
  },
  files: { en: "What each table is (from our privacy notice):", hi: "हर टेबल क्या है (हमारी गोपनीयता सूचना से):" },
  left: {
    en: "Left out, because they are keys to your account rather than facts about you: your password's hash, and the secret parts of sign-in sessions, devices, links and tokens.",
    hi: "छोड़े गए, क्योंकि वे आपके खाते की चाबियाँ हैं, आपके बारे में तथ्य नहीं: आपके पासवर्ड का हैश, और साइन-इन सेशन, डिवाइस, लिंक और टोकन के गुप्त हिस्से।",
  },
  kept: {
    en: "Not here: sign-in codes, reset and confirmation links, counts of attempts and messages waiting to be sent, which we keep a day or a week at most (see the notice).",
    hi: "यहाँ नहीं: साइन-इन कोड, रीसेट और पुष्टि लिंक, प्रयासों की गिनती और भेजे जाने को बाकी संदेश, जिन्हें हम अधिकतम एक दिन या एक सप्ताह रखते हैं (सूचना देखें)।",
  },
};

/** The README: what the archive holds, each table named with the notice's item it belongs to, and what was left out. */
export function exportReadme(locale: Locale, tables: ExportTables, meta: { shop: string; exportedAt: Date }): string {
  const date = meta.exportedAt.toISOString().slice(0, 10);
  const lines = Object.entries(tables).map(([table, rows]) => {
    const items = PERSONAL_DATA.filter((item) => item.columns.some((c) => c.startsWith(`${table}.`))).map((item) => item.what[locale]);
    return `- ${table} (${rows.length}): ${items.join("; ")}`;
  });
  return [say(README.title[locale], { shop: meta.shop, date }), "", README.intro[locale], "", README.files[locale], ...lines, "", README.left[locale], README.kept[locale], ""].join(
    "\n",
  );
}
