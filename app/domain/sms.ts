// The shop's SMS (issue 28, decision 053), each a template as registered under India's DLT rules:
// a text that must go out exactly as registered apart from its variables ({name}). MSG91 keeps
// the same text under its template id (env MSG91_TEMPLATE_*); the outbox and the stand-in render
// it from here. In English, and in Hindi for a Hindi shopper (issue 41 item 12, decision 067): a
// Hindi SMS is Unicode (70 characters a part, 67 when split), so it is its own DLT template
// (env MSG91_TEMPLATE_*_HI), and its words are the catalogue's Hindi of the English message.
import type { Locale } from "./i18n/locale.ts";
import { i18nFor } from "./i18n/registry.ts";

/** What each SMS says, in English: a message, so the catalogue holds its Hindi. */
export const SMS_MESSAGES = {
  otp: /*i18n*/ "{code} is your Haat code. It is valid for 10 minutes. Do not share it with anyone.",
  orderPlaced: /*i18n*/ "Haat: your order {order} of {total} is placed. See it at {link}",
  outForDelivery: /*i18n*/ "Haat: your order {order} is out for delivery. See it at {link}",
  delivered: /*i18n*/ "Haat: your order {order} has been delivered. Thank you for shopping with us. {link}",
  cancelled: /*i18n*/ "Haat: your order {order} is cancelled. See it at {link}",
  // 'Notify Me' (issue 29): once, when the item a shopper waited for is back.
  backInStock: /*i18n*/ "Haat: {item} is back in stock. See it at {link}",
  // When a way to sign in is added or changed, to the number the account had (ASVS: the old contact is told).
  signInChanged: /*i18n*/ "Haat: the sign-in details of your account were changed. If this was not you, write to us at {link}",
  // Standing orders (issue 45): the evening before a delivery, and a delivery that could not be made.
  subscriptionReminder: /*i18n*/ "Haat: tomorrow {items}, {total}. To skip it: {link}",
  subscriptionSkipped: /*i18n*/ "Haat: {items} on {date} is skipped: {reason}. No charge. {link}",
  // A breach of security that touched the shopper's data (issue 48 item 6): the whole notice is in the mail and My Account.
  breach: /*i18n*/ "Haat: a breach of security touched your data. What happened and what you can do: {link}",
} as const;

/** The code's SMS ends, in every language, with the line the WebOTP API reads: "@host #code". */
const WEB_OTP_LINE = "\n\n@{host} #{code}";

export type SmsTemplate = keyof typeof SMS_MESSAGES;

const namesIn = (text: string) => [...new Set([...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!))];

/** A template's registered text in a language, variables as {name}. */
export function smsTemplate(template: SmsTemplate, language: Locale = "en"): string {
  const words = SMS_MESSAGES[template];
  const said = language === "en" ? words : i18nFor(language)._(words, Object.fromEntries(namesIn(words).map((name) => [name, `{${name}}`])));
  return template === "otp" ? said + WEB_OTP_LINE : said;
}

/** The English templates, as registered first (decision 053). */
export const SMS_TEMPLATES = Object.fromEntries((Object.keys(SMS_MESSAGES) as SmsTemplate[]).map((t) => [t, smsTemplate(t)])) as Record<SmsTemplate, string>;

export interface Sms {
  /** The 10-digit mobile number. */
  to: string;
  template: SmsTemplate;
  values: Record<string, string>;
  /** The language of its words: English unless said (a Hindi one goes out under its own template). */
  language?: Locale;
}

export function isSmsTemplate(name: string): name is SmsTemplate {
  return Object.hasOwn(SMS_MESSAGES, name);
}

/** The text an SMS reads. Throws when a variable has no value: a DLT template goes out whole or not at all. */
export function smsText(sms: Pick<Sms, "template" | "values" | "language">): string {
  return smsTemplate(sms.template, sms.language).replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = sms.values[name];
    if (value === undefined) throw new Error(`The SMS template ${sms.template} needs {${name}}`);
    return value;
  });
}

/** The variables a template names, each once. */
export function smsVariables(template: SmsTemplate): string[] {
  return namesIn(SMS_TEMPLATES[template]);
}

/** Whether `text` is `template` with something in place of each variable (what DLT scrubbing checks). */
export function matchesTemplate(text: string, template: string): boolean {
  const pattern = template
    .split(/\{\w+\}/)
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
    .join("[^\\n]{1,30}");
  return new RegExp(`^${pattern}$`).test(text);
}

/**
 * How many parts an SMS goes out in: plain (GSM) text is 160 characters alone and 153 a part when
 * split ([]{}^~|\\ count twice); anything else (₹, Devanagari) is Unicode, 70 alone and 67 a part.
 */
export function smsParts(text: string): number {
  const gsm = /^[\n\r\x20-\x7e]*$/.test(text);
  const length = gsm ? text.length + (text.match(/[[\]{}^~|\\]/g)?.length ?? 0) : text.length;
  const [one, part] = gsm ? [160, 153] : [70, 67];
  return length <= one ? 1 : Math.ceil(length / part);
}

/**
 * Which templates the configured provider can send, and in which language: the outbox sends
 * every one; MSG91 those with a registered template id (a Hindi SMS is a template of its own,
 * Unicode text registered on its own with DLT). Read from the configuration alone, so the
 * shop's outbox (a back-in-stock notice queued with the stock) decides it without a sender.
 */
export interface SmsTemplates {
  sends(template: SmsTemplate, language?: Locale): boolean;
}

type TemplateIds = Partial<Record<SmsTemplate, string | null>>;
export function smsTemplatesOf(config: { provider: "outbox" } | { provider: "msg91"; templates: TemplateIds; hindiTemplates: TemplateIds }): SmsTemplates {
  if (config.provider === "outbox") return { sends: () => true };
  return { sends: (template, language = "en") => Boolean(language === "hi" ? config.hindiTemplates[template] : config.templates[template]) };
}

/** A kept SMS's values as the queue keeps them (mail_queue.body): its values, and its language when not English. */
export function keptSmsValues(values: Record<string, unknown>, language: Locale | undefined): Record<string, unknown> {
  return language && language !== "en" ? { ...values, language } : values;
}

/**
 * The language an SMS for a shopper is said in (issue 41 item 12, decision 067): theirs, when the
 * shop can send that template in it (MSG91: its Hindi template is registered), else English.
 */
export function smsLanguage(templates: SmsTemplates, template: SmsTemplate, wanted: Locale | null | undefined): Locale {
  return wanted && wanted !== "en" && templates.sends(template, wanted) ? wanted : "en";
}
