// A Hindi shopper's order pages, home banners, SMS and account mails (issue 41 item 12, decision
// 067), on PGlite and PostgreSQL: the order pages name the products in Hindi on Hindi pages; the
// Hindi home page's banners are its Hindi pictures; the sign-in code, the order's SMS, the
// back-in-stock SMS and the 'sign-in changed' SMS are in Hindi (their own DLT templates, through
// the MSG91 stand-in) with links to the Hindi pages, the code's WebOTP line last as ever, and in
// English where the shop registered no Hindi template; the pause and mobile mails are in Hindi.
// The shop's own configuration sends through the stand-in (its address is set before the
// configuration is first read, in beforeAll).
const AUTH_KEY = "test-msg91-auth-key-0123456789";
const IDS = {
  otp: "tmpl-otp",
  orderPlaced: "tmpl-placed",
  outForDelivery: "tmpl-out",
  delivered: "tmpl-delivered",
  cancelled: "tmpl-cancelled",
  backInStock: "tmpl-back",
  signInChanged: "tmpl-sign-in-changed",
};
// Hindi templates for some: the cancellation has none, so it goes in English.
const HINDI = { otp: "tmpl-otp-hi", orderPlaced: "tmpl-placed-hi", backInStock: "tmpl-back-hi", signInChanged: "tmpl-sign-in-changed-hi" };
Object.assign(process.env, {
  SMS_PROVIDER: "msg91",
  MSG91_AUTH_KEY: AUTH_KEY,
  MSG91_SENDER_ID: "HAATIN",
  MSG91_TEMPLATE_OTP: IDS.otp,
  MSG91_TEMPLATE_ORDER_PLACED: IDS.orderPlaced,
  MSG91_TEMPLATE_OUT_FOR_DELIVERY: IDS.outForDelivery,
  MSG91_TEMPLATE_DELIVERED: IDS.delivered,
  MSG91_TEMPLATE_CANCELLED: IDS.cancelled,
  MSG91_TEMPLATE_BACK_IN_STOCK: IDS.backInStock,
  MSG91_TEMPLATE_SIGN_IN_CHANGED: IDS.signInChanged,
  MSG91_TEMPLATE_OTP_HI: HINDI.otp,
  MSG91_TEMPLATE_ORDER_PLACED_HI: HINDI.orderPlaced,
  MSG91_TEMPLATE_BACK_IN_STOCK_HI: HINDI.backInStock,
  MSG91_TEMPLATE_SIGN_IN_CHANGED_HI: HINDI.signInChanged,
  PUBLIC_ORIGIN: "http://haat.test",
});
process.env.SESSION_SECRET ??= "a-test-secret-that-is-long-enough-0123456789";

import { editOf } from "../../app/domain/staff-catalog.ts";
import fs from "node:fs";
import path from "node:path";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Catalogue } from "../../app/domain/i18n/messages.ts";
import { recogniseEnglish } from "../../app/domain/i18n/recognise.ts";
import { registerCatalogue } from "../../app/domain/i18n/registry.ts";
import type { Locale } from "../../app/domain/i18n/locale.ts";
import { customers, mailQueue, variants } from "../../app/server/db/schema.server.ts";
import { appEnv } from "../../app/server/env.server.ts";
import { localeContext } from "../../app/server/i18n.server.ts";
import { retryKeptMail } from "../../app/server/mail/queue.server.ts";
import { ordersPageData } from "../../app/server/orders-page.server.ts";
import { signInWithPassword } from "../../app/server/use-cases/password-sign-in.server.ts";
import type { Customer } from "../../app/server/shop/port.server.ts";
import { smsSender, type SmsSender } from "../../app/server/sms/sms.server.ts";
import { cancelOrder } from "../../app/server/use-cases/cancel-order.server.ts";
import { addMobile, resendKeptCode, sendAddMobileCode, sendCode, signInWithCode } from "../../app/server/use-cases/mobile-sign-in.server.ts";
import { placeOrder } from "../../app/server/use-cases/place-order.server.ts";
import { loader as homeLoader } from "../../app/routes/home.tsx";
import { loader as orderLoader } from "../../app/routes/orders.detail.tsx";
import { loader as placedLoader } from "../../app/routes/ordersuccess.tsx";
import { haatTemplates, startMsg91Standin, type Msg91Standin } from "../standins/msg91.ts";
import { targets } from "./databases.ts";
import { home, recordingMailer, routeContext, throughGuard, shopOn } from "./fixtures.ts";
import { customersOnly } from "../../app/server/access.server.ts";

registerCatalogue("hi", JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, "../../app/locales/hi.json"), "utf8")) as Catalogue, recogniseEnglish);

const DAL = "GP-PUL-MSR-1KG";
const MANGOES = "FB-MNG-1KG"; // out of stock in the demo catalogue

let standin: Msg91Standin;
let sms: SmsSender;

beforeAll(async () => {
  standin = await startMsg91Standin({ authKey: AUTH_KEY, templates: haatTemplates(IDS, "HAATIN", HINDI), holdMs: 8_000 });
  process.env.MSG91_API_BASE = standin.url;
  sms = smsSender(appEnv())!;
  vi.spyOn(console, "log").mockImplementation(() => {});
});
afterAll(async () => {
  vi.restoreAllMocks();
  await standin?.close();
});

describe.each(targets)("a Hindi shopper's pages, SMS and mails on $name", (target) => {
  const on = shopOn(target, { catalog: true }, { razorpay: null, publicOrigin: "http://haat.test", prepaidPercent: 0 });
  let n = 0;
  const mail = recordingMailer();

  function fresh() {
    n++;
    return { mobile: `97${String(process.pid % 1000).padStart(3, "0")}${String(n).padStart(5, "0")}`, clientAddress: `198.51.100.${n}` };
  }
  /** A page's context: the on.shop, the shopper, and the page's language (what the root middleware sets). */
  function pageContext(customer: Customer | null, locale: Locale) {
    const context = routeContext(on.shop, customer);
    context.set(localeContext, locale);
    return context;
  }
  /** A shopper who opened their account with a mobile number, from a page in `language`. */
  async function mobileShopper(language: Locale, name = "Asha") {
    const { mobile, clientAddress } = fresh();
    await sendCode(on.shop, sms, { mobile, purpose: "sign-in", customerId: null, clientAddress, language });
    // With order updates by SMS ticked (issue 48: the box is never ticked for them).
    const opened = await signInWithCode(on.shop, mail, sms, { mobile, code: standin.lastCodeTo(mobile), name, sms_updates: true, clientAddress });
    if (!("customer" in opened)) throw new Error("no account");
    return { customer: opened.customer, mobile, clientAddress };
  }
  async function placed(customer: Customer, locale: Locale) {
    const { id: addressId } = await on.shop.addresses.create(customer, { ...home, phone: customer.mobile ?? home.phone });
    await on.shop.cart.add(customer, { internalReference: DAL, quantity: 1 });
    const { orderId } = await placeOrder(on.shop, customer, { cartId: (await on.shop.cart.get(customer)).id!, addressId, slot: "earliest", method: "cod", via: "link", locale });
    return orderId;
  }

  it("sends the sign-in code in Hindi from a Hindi page, WebOTP's line last; in English from an English page", async () => {
    const { mobile, clientAddress } = fresh();
    await sendCode(on.shop, sms, { mobile, purpose: "sign-in", customerId: null, clientAddress, language: "hi" });
    const hindi = standin.messagesTo(mobile).at(-1)!;
    expect(hindi.templateId).toBe(HINDI.otp);
    const code = standin.lastCodeTo(mobile);
    expect(hindi.text).toBe(`${code} आपका Haat कोड है। यह 10 मिनट तक मान्य है। इसे किसी को न बताएँ।\n\n@haat.test #${code}`);
    expect(await signInWithCode(on.shop, mail, sms, { mobile, code, name: "Asha", clientAddress })).toMatchObject({ created: true });

    const other = fresh();
    await sendCode(on.shop, sms, { mobile: other.mobile, purpose: "sign-in", customerId: null, clientAddress: other.clientAddress, language: "en" });
    expect(standin.messagesTo(other.mobile).at(-1)).toMatchObject({ templateId: IDS.otp, text: expect.stringMatching(/^\d{6} is your Haat code\./) });
  });

  it("sends a kept Hindi code afresh in Hindi", async () => {
    const { mobile, clientAddress } = fresh();
    await on.database.db.delete(mailQueue);
    standin.failNext(1, "error");
    await expect(sendCode(on.shop, sms, { mobile, purpose: "sign-in", customerId: null, clientAddress, language: "hi" })).rejects.toThrow();
    const [kept] = await on.database.db.select().from(mailQueue);
    expect(JSON.parse(kept!.body)).toMatchObject({ language: "hi" });
    await on.database.db.update(mailQueue).set({ nextAttemptAt: new Date(0) });
    await retryKeptMail(on.shop, mail, 20, { sender: sms, resendCode: (id, language) => resendKeptCode(on.shop, sms, id, language) });
    expect(standin.messagesTo(mobile).at(-1)).toMatchObject({ templateId: HINDI.otp, text: expect.stringContaining("आपका Haat कोड है") });
  });

  it("texts an order placed from a Hindi page in Hindi, linking to its Hindi page; a cancellation with no Hindi template in English, linking there too", async () => {
    const { customer, mobile } = await mobileShopper("hi", "Sunita");
    const orderId = await placed(customer, "hi");
    const number = (await on.shop.orders.get(customer, orderId))!.number;
    await expect.poll(() => standin.messagesTo(mobile).map((m) => m.templateId)).toContain(HINDI.orderPlaced);
    const text = standin.messagesTo(mobile).find((m) => m.templateId === HINDI.orderPlaced)!.text;
    expect(text).toMatch(new RegExp(`^Haat: आपका ₹[\\d,]+ का ऑर्डर #${number} दर्ज हो गया है। देखें: haat\\.test/hi/orders/${orderId}$`));

    await cancelOrder(on.shop, customer, orderId, "hi");
    await expect.poll(() => standin.messagesTo(mobile).map((m) => m.templateId)).toContain(IDS.cancelled);
    expect(standin.messagesTo(mobile).find((m) => m.templateId === IDS.cancelled)!.text).toBe(`Haat: your order #${number} is cancelled. See it at haat.test/hi/orders/${orderId}`);
  });

  it("names the products in Hindi on the Hindi order-placed page, order page and orders lists; in English on English ones", async () => {
    const customer = await on.shop.accounts.register({ name: "Asha", email: `hindi-orders-${n++}-${Date.now()}@example.in`, phone: "9876543210", password: "password-1" });
    const orderId = await placed(customer, "en");
    const url = (p: string) => new URL(`http://haat.test${p}`);
    /** A customer's page as the server runs it: their pages' guard, then the loader. */
    const page = <T>(locale: Locale, p: string, loader: (args: never) => Promise<T>) => {
      const args = { context: pageContext(customer, locale), url: url(p), request: new Request(url(p)), params: { id: String(orderId) } };
      return throughGuard(customersOnly, args, () => loader(args as never));
    };
    const hindiName = "हाट सिलेक्ट मसूर दाल (मलका)";
    const englishName = "Haat Select Masoor Dal (Malka)";
    for (const [locale, name] of [
      ["hi", hindiName],
      ["en", englishName],
    ] as const) {
      const success = (await page(locale, `/ordersuccess?order=${orderId}`, placedLoader)) as { order: { lines: { title: string }[] } };
      expect(
        success.order.lines.map((l) => l.title),
        `ordersuccess (${locale})`,
      ).toEqual([name]);
      const detail = (await page(locale, `/orders/${orderId}`, orderLoader)) as { order: { lines: { title: string }[] } };
      expect(
        detail.order.lines.map((l) => l.title),
        `orders/:id (${locale})`,
      ).toEqual([name]);
      for (const base of ["/orders", "/myaccount/orders"]) {
        const list = await page(locale, base, (args: { context: ReturnType<typeof pageContext> }) => ordersPageData(args.context, url(base), base));
        expect(
          list.orders.find((o) => o.id === orderId)!.lines.map((l) => l.title),
          `${base} (${locale})`,
        ).toEqual([name]);
      }
    }
  });

  it("shows the Hindi home page its Hindi banners", async () => {
    const hindi = (await homeLoader({ context: pageContext(null, "hi") } as never)) as { banners: { desktop: string; mobile: string }[] };
    expect(hindi.banners.map((b) => b.desktop)).toEqual([
      "/images/banners/desktop/banner-1.hi.svg",
      "/images/banners/desktop/banner-2.hi.svg",
      "/images/banners/desktop/banner-3.hi.svg",
    ]);
    expect(hindi.banners.every((b) => b.mobile.endsWith(".hi.svg"))).toBe(true);
    const english = (await homeLoader({ context: pageContext(null, "en") } as never)) as { banners: { desktop: string }[] };
    expect(english.banners.every((b) => !b.desktop.includes(".hi."))).toBe(true);
  });

  it("texts a Hindi request's 'back in stock' in Hindi, with the Hindi name and the Hindi page", async () => {
    const { customer, mobile } = await mobileShopper("en", "Meena");
    await on.database.db.delete(mailQueue);
    await on.database.db.update(variants).set({ inventoryStock: 0, inStock: true }).where(eq(variants.internalReference, MANGOES));
    await on.shop.stockRequests.request(customer, MANGOES, "hi");
    const staff = await on.shop.accounts.register({ name: "Stocker", email: `stocker-${n++}-${Date.now()}@haat.example`, phone: "9876543210", password: "password-1" });
    const [found] = await on.shop.staffCatalog.search(MANGOES, 5);
    const mangoes = found!.variants.find((v) => v.internalReference === MANGOES)!;
    const seen = editOf(mangoes);
    await on.shop.staffCatalog.updateVariant(staff.id, mangoes.id, seen, { ...seen, onHand: 5 });
    const [queued] = await on.database.db
      .select()
      .from(mailQueue)
      .where(inArray(mailQueue.channel, ["sms"]));
    const productId = found!.id;
    expect(JSON.parse(queued!.body)).toEqual({ item: "अरावली फ़ार्म्स केसर आम", link: `haat.test/hi/product/${productId}`, language: "hi" });
    await retryKeptMail(on.shop, mail, 20, { sender: sms, resendCode: (id, language) => resendKeptCode(on.shop, sms, id, language) });
    expect(standin.messagesTo(mobile).at(-1)).toMatchObject({ templateId: HINDI.backInStock, text: `Haat: अरावली फ़ार्म्स केसर आम फिर से स्टॉक में है। देखें: haat.test/hi/product/${productId}` });
  });

  it("tells the old number and the e-mail in Hindi when a Hindi page changes the number", async () => {
    const { customer, mobile: old } = await mobileShopper("hi", "Kiran");
    await on.database.db
      .update(customers)
      .set({ email: `kiran-${n++}-${Date.now()}@example.in` })
      .where(eq(customers.id, customer.id));
    const kiran = (await on.shop.accounts.byMobile(old))!;
    const next = fresh();
    const { token } = await on.shop.accounts.startSession(kiran.id);
    await sendAddMobileCode(on.shop, sms, kiran, { mobile: next.mobile, clientAddress: next.clientAddress, sessionToken: token, language: "hi" });
    expect(standin.messagesTo(next.mobile).at(-1)!.templateId).toBe(HINDI.otp);
    await addMobile(on.shop, sms, kiran, { mobile: next.mobile, code: standin.lastCodeTo(next.mobile), clientAddress: next.clientAddress, sessionToken: token, language: "hi" }, mail);
    expect(standin.messagesTo(old).at(-1)).toMatchObject({
      templateId: HINDI.signInChanged,
      text: "Haat: आपके खाते की साइन-इन जानकारी बदली गई है। अगर यह आपने नहीं किया, तो हमें लिखें: haat.test/hi/contact",
    });
    await expect.poll(() => mail.sent.find((m) => m.to === kiran.email)?.subject).toBe("आपके Haat खाते का मोबाइल नंबर बदल दिया गया है");
    expect(mail.sent.find((m) => m.to === kiran.email)!.text).toContain("http://haat.test/hi/contact");
  });

  it("mails the pause of sign-ins in Hindi to an owner who tried from a Hindi page", async () => {
    const email = `paused-${n++}-${Date.now()}@example.in`;
    await on.shop.accounts.register({ name: "Ravi", email, phone: "9876543210", password: "the-right-password" });
    for (let i = 0; i < 5; i++) await signInWithPassword(on.shop, mail, { email, password: `guess-${i}`, clientAddress: `192.0.2.${n}`, device: null, language: "hi" });
    await expect.poll(() => mail.sent.find((m) => m.to === email)?.subject).toBe("आपके Haat खाते में साइन-इन 15 मिनट के लिए रोक दिया गया है");
    expect(mail.sent.find((m) => m.to === email)!.text).toContain("http://haat.test/hi/forgot-password");
  });
});
