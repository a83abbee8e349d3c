// The catalogues are complete and current (issue 27): every message app/ says is in both, with
// its Hindi; the compiled files are what `npm run i18n` makes of the .po files; and the reader
// the pages use gives what Lingui's own runtime gives for every message.
import fs from "node:fs";
import path from "node:path";
import { setupI18n } from "@lingui/core";
import { parsePoFile } from "@lingui/format-po";
import { compileMessage } from "@lingui/message-utils/compileMessage";
import { describe, expect, it } from "vitest";
import { formatMessage, translate, type Catalogue, type I18n } from "../domain/i18n/messages.ts";
import { i18nFor, registerCatalogue } from "../domain/i18n/registry.ts";
import { recogniseEnglish } from "../domain/i18n/recognise.ts";
import * as accountMails from "../domain/account-mail.ts";
import { ticketAnswerMail } from "../domain/contact.ts";
import * as orderMails from "../domain/order-mail.ts";
import type { MailedOrder } from "../domain/order-mail.ts";
import { SMS_MESSAGES, smsParts, smsText, smsVariables, type SmsTemplate } from "../domain/sms.ts";
import { backInStockMail } from "../domain/stock-request.ts";

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

// ---------- what a Hindi shopper is sent (issue 41 item 12) ----------
// Every SMS and every mail, said in Hindi with Hindi values, has no English sentence left: only
// the names a Hindi text keeps as they are (the shop's, codes, links, addresses).

/** Latin words left in a text once its links, e-mail addresses and the allowed names are taken out. */
function englishIn(text: string, allowed: readonly string[] = []): string[] {
  let rest = text.replace(/https?:\/\/\S+|[\w.+-]+@[\w.-]+|\b[\w-]+(?:\.[\w-]+)+\/\S*/g, " ");
  for (const name of [...allowed, ...KEPT].sort((a, b) => b.length - a.length)) rest = rest.split(name).join(" ");
  return rest.match(/[A-Za-z]{2,}(?:[\s,.:;'’-]+[A-Za-z]+)*/g) ?? [];
}

/** What stays as it is in a Hindi text: the shop's name, and the letters Hindi writes in Latin too. */
const KEPT = ["Haat", "SMS", "UPI", "GST", "MRP", "PIN", "PDF", "Re:", "HAAT-T-"];

describe("what a Hindi shopper is sent: every SMS and mail in Hindi", () => {
  registerCatalogue("hi", hindiJson as Catalogue, recogniseEnglish);
  const hi = i18nFor("hi");
  const origin = "https://haat.example";

  it("every SMS says its words in Hindi, keeps the WebOTP line last, and fits in two Unicode parts", () => {
    // Values as long as a DLT variable takes (30 characters), Hindi where they are words.
    const values: Record<string, string> = {
      code: "123456",
      host: "shop.haat.example",
      order: "#123456",
      total: "₹1,23,456",
      link: "shop.haat.example/hi/orders/12",
      item: "आशीर्वाद सुपीरियर एमपी आटा 5 किलो".slice(0, 30),
      items: "2 × ताज़ा टोंड दूध 500 मिली, 1 ×".slice(0, 30),
      date: "1 दिस॰",
      reason: "स्टॉक में नहीं है, माफ़ कीजिए".slice(0, 30),
    };
    for (const template of Object.keys(SMS_MESSAGES) as SmsTemplate[]) {
      const text = smsText({ template, values: Object.fromEntries(smsVariables(template).map((v) => [v, values[v]!])), language: "hi" });
      expect(englishIn(text, [values.host!]), `${template}: ${text}`).toEqual([]);
      expect(text, template).toMatch(/[\u0900-\u097F]/);
      expect(smsParts(text), `${template} is ${text.length} characters: keep it short`).toBeLessThanOrEqual(2);
      // English stays one plain part.
      expect(
        smsParts(
          smsText({
            template,
            values: Object.fromEntries(
              smsVariables(template).map((v) => [
                v,
                (
                  {
                    total: "Rs. 1,23,456",
                    item: "Aashirvaad Superior MP Atta 5",
                    items: "2 x Toned Milk 500 ml, 1 x Br",
                    date: "1 Dec",
                    reason: "out of stock, we are sorry",
                  } as Record<string, string>
                )[v] ?? values[v]!,
              ]),
            ),
          }),
        ),
        template,
      ).toBe(1);
    }
    const code = smsText({ template: "otp", values: { code: "123456", host: "shop.haat.example" }, language: "hi" });
    expect(code.split("\n").at(-1)).toBe("@shop.haat.example #123456");
  });

  const address = {
    name: "आशा वर्मा",
    phone: "9876543210",
    email: "asha@example.in",
    street: "12 गोल्फ़ कोर्स रोड",
    street2: "",
    city: "गुरुग्राम",
    state: "हरियाणा",
    zip: "122002",
    country: "भारत",
  };
  const order: MailedOrder = {
    id: 42,
    number: 3,
    stage: "packed",
    paymentMethod: "cod",
    couponCode: "WELCOME10",
    subtotalPaise: 35_000,
    discountPaise: 2_000,
    prepaidDiscountPaise: 500,
    taxPaise: 1_700,
    totalPaise: 33_800,
    deliveryAddress: address,
    slot: { label: "Wed, 25 Nov, Morning 8-12", date: "2026-11-25", kind: "morning" },
    lines: [
      { title: "Masoor Dal", titleHi: "मसूर दाल", attribute: "Net Weight 1 kg", quantity: 2, unitPricePaise: 14_900 },
      {
        title: "Desi Tomatoes",
        titleHi: "देसी टमाटर",
        attribute: "Net Weight 500 g",
        quantity: 2,
        unitPricePaise: 3_500,
        byWeight: { unitGrams: 500, tolerancePercent: 10 },
        packedGrams: 900,
        weighedPaise: 6_300,
      },
      { title: "Farm Eggs", titleHi: "फ़ार्म अंडे", attribute: "Pack Count 6", quantity: 1, unitPricePaise: 4_200, byWeight: undefined },
    ],
  };
  const paid: MailedOrder = { ...order, paymentMethod: "razorpay", stage: "delivered" };
  const who = { name: "आशा" };
  const note = { number: "CN/26-27/0000001", totalPaise: 14_900 };

  /** Each mail composer, said in Hindi; a composer with no entry here fails the test below. */
  const mails: Record<string, (i18n: I18n) => { subject: string; text: string }[]> = {
    orderPlacedMail: (i18n) => [orderMails.orderPlacedMail(order, who.name, "Haat", origin, i18n), orderMails.orderPlacedMail(paid, who.name, "Haat", origin, i18n)],
    orderCancelledMail: (i18n) => [orderMails.orderCancelledMail(order, who.name, "Haat", origin, i18n), orderMails.orderCancelledMail(paid, who.name, "Haat", origin, i18n)],
    orderStageMail: (i18n) =>
      (["confirmed", "packed", "out_for_delivery", "delivered"] as const).map((stage) => orderMails.orderStageMail(stage)(order, who.name, "Haat", origin, i18n)),
    orderWeighedMail: (i18n) => [
      orderMails.orderWeighedMail({ estimatePaise: 34_500, refundPaise: 0 })(order, who.name, "Haat", origin, i18n),
      orderMails.orderWeighedMail({ estimatePaise: 34_500, refundPaise: 700 })(paid, who.name, "Haat", origin, i18n),
    ],
    orderReplacedMail: (i18n) => [orderMails.orderReplacedMail({ from: "Masoor Dal", to: "Desi Tomatoes", refundPaise: 300 })(paid, who.name, "Haat", origin, i18n)],
    orderTakenBackMail: (i18n) => [
      orderMails.orderTakenBackMail({ title: "Masoor Dal", quantity: 1, refundPaise: 0, creditNote: note })({ ...order, stage: "delivered" }, who.name, "Haat", origin, i18n),
      orderMails.orderTakenBackMail({ title: "Masoor Dal", quantity: 1, refundPaise: 14_900, creditNote: null })(paid, who.name, "Haat", origin, i18n),
    ],
    orderShortMail: (i18n) => [
      orderMails.orderShortMail({ title: "Farm Eggs", ordered: 2, packed: 1, refundPaise: 0 })(order, who.name, "Haat", origin, i18n),
      orderMails.orderShortMail({ title: "Farm Eggs", ordered: 2, packed: 0, refundPaise: 4_200 })(paid, who.name, "Haat", origin, i18n),
    ],
    signInPausedMail: (i18n) => [accountMails.signInPausedMail(who, { limit: 5, minutes: 15 }, "Haat", origin, i18n)],
    mobileChangedMail: (i18n) => [
      accountMails.mobileChangedMail(who, { previous: "98765 43210", mobile: "91234 56789" }, "Haat", origin, i18n),
      accountMails.mobileChangedMail(who, { previous: null, mobile: "91234 56789" }, "Haat", origin, i18n),
    ],
    backInStockMail: (i18n) => [backInStockMail({ name: who.name, title: "देसी टमाटर", productId: 7 }, "Haat", origin, i18n)],
    ticketAnswerMail: (i18n) => [ticketAnswerMail({ id: 1, senderName: who.name, subject: "मेरा ऑर्डर" }, "आपका ऑर्डर कल पहुँचेगा।", "Haat", i18n)],
  };

  it("every mail composer is said here", () => {
    const composers = [...Object.keys(orderMails), ...Object.keys(accountMails)].filter((name) => name.endsWith("Mail"));
    expect(
      composers.filter((name) => !mails[name]),
      "add the new mail to `mails` above",
    ).toEqual([]);
  });

  for (const [name, compose] of Object.entries(mails)) {
    it(`${name} in Hindi leaves no English (pack sizes, weights, the slot, product names, links)`, () => {
      for (const mail of compose(hi)) {
        for (const part of [mail.subject, mail.text]) expect(englishIn(part, ["CN/26-27/0000001", "WELCOME10"]), `${name}: ${part}`).toEqual([]);
        for (const link of mail.text.match(/https?:\/\/\S+/g) ?? []) expect(link, name).toMatch(/^https:\/\/haat\.example\/hi(\/|$)/);
      }
    });
  }

  it("no mail is written in English where the server sends it: each is said with i18n._ (app/server)", () => {
    const server = path.join(app, "server");
    const literal: string[] = [];
    for (const file of fs.readdirSync(server, { recursive: true, encoding: "utf8" })) {
      if (!/\.ts$/.test(file) || /\.test\.ts$/.test(file) || /(^|\/)staff/.test(file)) continue;
      const text = fs.readFileSync(path.join(server, file), "utf8");
      // A subject or a text given as an English sentence rather than said as a message.
      for (const m of text.matchAll(/\b(subject|text):\s*(?:[\w.]+\s*\?\s*)?[`"][A-Z][a-z'-]+[ ,][^`"\n]*/g)) literal.push(`${file}: ${m[0]}`);
    }
    expect(literal).toEqual([]);
  });
});
