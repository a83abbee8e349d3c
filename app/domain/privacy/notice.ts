// The privacy notice's rows (issue 48, decision 083), in a language: generated from the personal
// data table and the retention table, so the notice says what the shop actually holds.
import type { Locale } from "../i18n/locale.ts";
import { NOTICE_VERSION, PERSONAL_DATA, RECIPIENTS } from "./personal-data.ts";
import { RETENTION } from "./retention.ts";

export interface NoticeRow {
  key: string;
  what: string;
  why: string;
  kept: string;
  /** Who else receives it, in the language; empty: no one outside the shop. */
  sharedWith: string[];
}

export interface Notice {
  version: string;
  rows: NoticeRow[];
}

export function noticeOf(locale: Locale): Notice {
  return {
    version: NOTICE_VERSION,
    rows: PERSONAL_DATA.map((item) => ({
      key: item.key,
      what: item.what[locale],
      why: item.why[locale],
      kept: RETENTION[item.kept][locale],
      sharedWith: item.sharedWith.map((who) => RECIPIENTS[who][locale]),
    })),
  };
}
