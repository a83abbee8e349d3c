// A breach of personal data (issue 48 item 6, decision 087): what staff record of it, and the
// notices the shop drafts from that record: the Data Protection Board's (DPDP Rules r.7(2)) and each
// affected shopper's, by mail and SMS (r.7(1)). Pure: the words, the form's schema and the drafts.
import { z } from "zod";
import { emailField } from "../account.ts";
import { normalizeMobile } from "../mobile-sign-in.ts";
import { LOCALES, pathIn, type Locale } from "../i18n/locale.ts";
import { i18nFor } from "../i18n/registry.ts";
import { count } from "../plural.ts";
import { smsText } from "../sms.ts";
import { say, type I18n } from "../i18n/messages.ts";
import { PERSONAL_DATA, said } from "./personal-data.ts";
import { BREACH_MESSAGES } from "./rights.ts";

export { BREACH_MESSAGES };

/** The Board's detailed report is due this long after the shop became aware (r.7(2)(b)). */
export const BOARD_REPORT_HOURS = 72;

const TEXT_MAX = 4000;

/** The staff's words (their pages are in English). */
export const BREACH_STAFF_MESSAGES = {
  recorded: "Breach recorded. Draft notices are below: send the shoppers' notices now, and the Board's within 72 hours.",
  noPeople: "Name the shoppers it touched (their e-mails or mobile numbers), or choose every shopper.",
  unknownPeople: "No account has these e-mails or numbers: {list}. Check them, or leave them out.",
  badPeople: "These are neither an e-mail nor a 10-digit mobile number: {list}.",
  foundInFuture: "When it was found cannot be in the future.",
  occurredAfterFound: "When it happened cannot be after it was found.",
  queued: "Notices queued for {people}: each is sent by mail and by SMS where the account has them.",
  alreadyQueued: "The shoppers' notices were queued already; any new ones are added.",
  nobody: "No account to tell: every one this breach touched has been deleted.",
  boardRecorded: "The Board's notice is recorded as sent.",
  notFound: "No such breach.",
} as const;

/** One line per person: an e-mail or a mobile number. */
export function peopleOf(text: string): { emails: string[]; mobiles: string[]; bad: string[] } {
  const emails = new Set<string>();
  const mobiles = new Set<string>();
  const bad: string[] = [];
  for (const raw of text.split(/[\n,;]+/)) {
    const entry = raw.trim();
    if (!entry) continue;
    const email = emailField.safeParse(entry);
    if (email.success) emails.add(email.data);
    else {
      const mobile = normalizeMobile(entry);
      if (mobile) mobiles.add(mobile);
      else bad.push(entry);
    }
  }
  return { emails: [...emails], mobiles: [...mobiles], bad };
}

const ITEM_KEYS = PERSONAL_DATA.map((item) => item.key) as [string, ...string[]];
const text = (label: string) =>
  z
    .string({ error: `Say ${label}.` })
    .trim()
    .min(1, `Say ${label}.`)
    .max(TEXT_MAX, `At most ${TEXT_MAX} characters.`);
const optionalText = z.string().trim().max(TEXT_MAX, `At most ${TEXT_MAX} characters.`).optional();
/** A time typed in a datetime-local box, read as India's time. */
const istTime = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, "Give a date and time.")
  .transform((value) => new Date(`${value}:00+05:30`));

export const breachSchema = z
  .object({
    what: text("what happened: its nature and extent"),
    location: text("where it happened"),
    found_at: istTime,
    occurred_at: istTime.optional(),
    items: z.array(z.enum(ITEM_KEYS), { error: "Tick the data it touched." }).min(1, "Tick the data it touched."),
    whose: z.enum(["everyone", "listed"], { error: "Say whose data it touched." }),
    people: optionalText,
    consequences: text("what it may mean for the shoppers"),
    mitigation: text("what the shop has done"),
    safety: text("what shoppers can do"),
    cause: optionalText,
    prevention: optionalText,
  })
  .superRefine((value, ctx) => {
    if (value.whose === "listed") {
      const { emails, mobiles, bad } = peopleOf(value.people ?? "");
      if (bad.length) ctx.addIssue({ code: "custom", path: ["people"], message: say(BREACH_STAFF_MESSAGES.badPeople, { list: bad.join(", ") }) });
      else if (!emails.length && !mobiles.length) ctx.addIssue({ code: "custom", path: ["people"], message: BREACH_STAFF_MESSAGES.noPeople });
    }
    if (value.occurred_at && value.occurred_at > value.found_at) ctx.addIssue({ code: "custom", path: ["occurred_at"], message: BREACH_STAFF_MESSAGES.occurredAfterFound });
  });
export type BreachInput = z.output<typeof breachSchema>;

export const boardNoticeSchema = z.object({
  breach: z.coerce.number().int().positive(),
  reference: z.string({ error: "Give the Board's reference, or how it was sent." }).trim().min(1, "Give the Board's reference, or how it was sent.").max(200),
});

/** The shop's own details the notices name (store-config.ts's `store`). */
interface Shop {
  name: string;
  company: { legalName: string; address: string };
  support: { email: string; phone: string; hours: string };
}

/** A breach as the drafts read it. */
export interface BreachRecord {
  id: number;
  what: string;
  location: string;
  occurredAt: Date | null;
  foundAt: Date;
  items: string[];
  everyone: boolean;
  consequences: string;
  mitigation: string;
  safety: string;
  cause: string;
  prevention: string;
}

/** How many were told, for the Board's report on the intimations (r.7(2)(b)(vi)). */
export interface NoticeCounts {
  people: number;
  sent: { mail: number; sms: number };
  waiting: number;
  failed: number;
}

export const boardDeadline = (foundAt: Date) => new Date(foundAt.getTime() + BOARD_REPORT_HOURS * 3_600_000);

const IST: Intl.DateTimeFormatOptions = { day: "numeric", month: "long", year: "numeric", hour: "numeric", minute: "2-digit", timeZone: "Asia/Kolkata", timeZoneName: "short" };
const inEnglish = (at: Date) => new Intl.DateTimeFormat("en-IN", IST).format(at);

/** The items touched, in the notice's words. */
export const itemsSaid = (keys: readonly string[], locale: Locale) => PERSONAL_DATA.filter((item) => keys.includes(item.key)).map((item) => said(item.what, locale));

/**
 * The Board's notice, in English, with the headings of r.7(2): the intimation without delay (a),
 * and the detailed report within 72 hours (b)(i)–(vi). Staff send it through the Board's own
 * channel and record that they did.
 */
export function boardNotice(breach: BreachRecord, counts: NoticeCounts, shop: Shop): string {
  const items = itemsSaid(breach.items, "en");
  const whom = breach.everyone ? "every account holder of the shop" : count(counts.people, "account holder");
  return [
    `Intimation of personal data breach under section 8(6) of the Digital Personal Data Protection Act, 2023, and rule 7(2) of the Digital Personal Data Protection Rules, 2025`,
    ``,
    `Data Fiduciary: ${shop.company.legalName}, ${shop.company.address}. Contact: ${shop.support.email}, ${shop.support.phone}.`,
    `Our reference: breach ${breach.id}.`,
    ``,
    `(a) Description of the breach`,
    `Nature and extent: ${breach.what}`,
    `Personal data affected: ${items.join("; ")}.`,
    `Data Principals affected: ${whom}.`,
    `Timing: ${breach.occurredAt ? `occurred ${inEnglish(breach.occurredAt)}; ` : "time of occurrence not yet known; "}we became aware ${inEnglish(breach.foundAt)}.`,
    `Location of occurrence: ${breach.location}`,
    `Likely impact: ${breach.consequences}`,
    ``,
    `(b) Detailed information, due by ${inEnglish(boardDeadline(breach.foundAt))}`,
    `(i) Updated information: as above, at the date of this notice.`,
    `(ii) Events, circumstances and reasons leading to the breach: ${breach.what}`,
    `(iii) Measures implemented or proposed to mitigate risk: ${breach.mitigation}`,
    `(iv) Findings regarding the person who caused the breach: ${breach.cause || "not yet known."}`,
    `(v) Remedial measures taken to prevent recurrence: ${breach.prevention || "being decided."}`,
    `(vi) Intimations given to affected Data Principals: ${counts.sent.mail} by e-mail and ${counts.sent.sms} by SMS, to ${count(counts.people, "account holder")}${counts.waiting ? `; ${counts.waiting} waiting to be sent` : ""}${counts.failed ? `; ${counts.failed} could not be delivered` : ""}. Each is also shown in the person's account.`,
  ].join("\n");
}

/** The shopper's notice, in their language (r.7(1)(a)–(e)): the mail's subject and text, and My Account's section. */
export function shopperNotice(breach: BreachRecord, i18n: I18n, locale: Locale, shop: Shop) {
  const M = BREACH_MESSAGES;
  const when: Intl.DateTimeFormatOptions = { day: "numeric", month: "long", year: "numeric", timeZone: "Asia/Kolkata" };
  const found = i18n.date(breach.foundAt, when);
  const sections = [
    { heading: i18n._(M.whatHappened), body: breach.what },
    {
      heading: i18n._(M.when),
      body: breach.occurredAt ? i18n._(M.whenBoth, { occurred: i18n.date(breach.occurredAt, when), found }) : i18n._(M.whenFound, { found }),
    },
    { heading: i18n._(M.whichData), body: itemsSaid(breach.items, locale).join("; ") },
    { heading: i18n._(M.consequences), body: breach.consequences },
    { heading: i18n._(M.mitigation), body: breach.mitigation },
    { heading: i18n._(M.safety), body: breach.safety },
  ];
  const contact = i18n._(M.contact, { email: shop.support.email, phone: shop.support.phone, hours: i18n._(shop.support.hours) });
  const opening = i18n._(M.opening, { shop: shop.name });
  return { subject: i18n._(M.mailSubject, { shop: shop.name }), opening, sections, contact };
}
export type ShopperNotice = ReturnType<typeof shopperNotice>;

/** The notice as the mail says it. */
export const noticeText = (notice: ShopperNotice) => [notice.opening, ...notice.sections.map((s) => `${s.heading}\n${s.body}`), notice.contact].join("\n\n") + "\n";

/** The SMS's values: its link to the whole notice in My Account, in the shopper's language. */
export const breachSmsValues = (host: string, locale: Locale) => ({ link: `${host}${pathIn(locale, "/myaccount/privacy")}` });

/** What staff read before sending: the Board's draft and its deadline, and the shoppers' notice in each language. */
export function breachDrafts(breach: BreachRecord & { counts: NoticeCounts }, host: string, shop: Shop) {
  return {
    deadline: boardDeadline(breach.foundAt),
    board: boardNotice(breach, breach.counts, shop),
    shoppers: LOCALES.map((locale) => {
      const mail = shopperNotice(breach, i18nFor(locale), locale, shop);
      return { locale, subject: mail.subject, text: noticeText(mail), sms: smsText({ template: "breach", values: breachSmsValues(host, locale), language: locale }) };
    }),
  };
}
