// The consent ledger (issue 48 item 2, decision 084), on PGlite and PostgreSQL: each purpose is
// off until given; each grant and withdrawal writes one line (when, how, which notice) in the
// transaction of its change; a withdrawal takes the shopper off the next newsletter export and the
// next list of numbers for offers by SMS; My Account's view reads it all back.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { NOTICE_VERSION } from "../../app/domain/privacy/personal-data.ts";
import { consents, mailQueue, variants } from "../../app/server/db/schema.server.ts";
import { giveConsent, withdrawConsent } from "../../app/server/use-cases/consents.server.ts";
import { targets } from "./databases.ts";
import { confirmed, recordingMailer, refusal, shopOn } from "./fixtures.ts";

const MANGOES = "FB-MNG-1KG"; // out of stock in the demo catalogue

describe.each(targets)("consents on $name", (target) => {
  const on = shopOn(target, { catalog: true });
  let n = 0;
  const shopper = (name: string) => on.shop.accounts.register({ name, email: `consent${n++}@example.in`, phone: "9876543210", password: "password-1" });
  const lines = (customerId: number) =>
    on.database.db
      .select({ purpose: consents.purpose, detail: consents.detail, granted: consents.granted, via: consents.via, noticeVersion: consents.noticeVersion })
      .from(consents)
      .where(eq(consents.customerId, customerId))
      .orderBy(consents.id);
  const mobile = () => `93${String(10_000_000 + n++).slice(-8)}`;

  it("opens a mobile account with SMS updates off unless the box was ticked, and records the tick", async () => {
    const unticked = await on.shop.accounts.registerMobile({ name: "Kiran", mobile: mobile() });
    expect(await on.shop.accounts.smsSettings(unticked.id)).toMatchObject({ updates: false });
    expect(await lines(unticked.id)).toEqual([]);

    const ticked = await on.shop.accounts.registerMobile({ name: "Lata", mobile: mobile(), smsUpdates: true });
    expect(await on.shop.accounts.smsSettings(ticked.id)).toMatchObject({ updates: true });
    expect(await lines(ticked.id)).toEqual([{ purpose: "order-sms", detail: null, granted: true, via: "sign-in", noticeVersion: NOTICE_VERSION }]);

    // A number added in My Account: the tick gives it; left empty, the choice stands as it was.
    const byEmail = await shopper("Meera");
    expect(await on.shop.accounts.setMobile(byEmail.id, mobile())).toMatchObject({ set: true });
    expect(await on.shop.accounts.smsSettings(byEmail.id)).toMatchObject({ updates: false });
    expect(await on.shop.accounts.setMobile(byEmail.id, mobile(), true)).toMatchObject({ set: true });
    expect(await on.shop.accounts.smsSettings(byEmail.id)).toMatchObject({ updates: true });
    expect((await lines(byEmail.id)).map((l) => [l.purpose, l.granted, l.via])).toEqual([["order-sms", true, "sign-in"]]);
  });

  it("gives and withdraws each SMS purpose once per change, only to a verified number, and lists offers' numbers until withdrawn", async () => {
    const staff = await shopper("Staff");
    const asha = await shopper("Asha");
    expect((await refusal(on.shop.consents.setSms(asha.id, "offers-sms", true, "my-account"))).code).toBe("conflict");
    const number = mobile();
    await on.shop.accounts.setMobile(asha.id, number);

    expect(await on.shop.consents.setSms(asha.id, "offers-sms", true, "my-account")).toBe(true);
    expect(await on.shop.consents.setSms(asha.id, "offers-sms", true, "my-account")).toBe(false);
    expect(await on.shop.subscribers.exportSmsOffers(staff.id)).toEqual([{ mobile: number, language: "en", since: expect.any(Date) }]);
    expect((await on.shop.subscribers.summary()).smsOffers).toBe(1);

    expect(await withdrawConsent(on.shop, asha, { purpose: "offers-sms" }, "my-account")).toEqual({ message: "Consent withdrawn." });
    expect(await on.shop.subscribers.exportSmsOffers(staff.id)).toEqual([]);
    await on.shop.consents.setSms(asha.id, "order-sms", true, "api");
    await on.shop.consents.setSms(asha.id, "order-sms", false, "my-account");
    expect((await lines(asha.id)).map((l) => [l.purpose, l.granted, l.via])).toEqual([
      ["offers-sms", true, "my-account"],
      ["offers-sms", false, "my-account"],
      ["order-sms", true, "api"],
      ["order-sms", false, "my-account"],
    ]);
    const view = await on.shop.consents.view(asha);
    expect(view).toMatchObject({ newsletter: "unconfirmed", orderSms: false, offersSms: false });
    // Newest first.
    expect(view.history.map((h) => [h.purpose, h.granted])).toEqual([
      ["order-sms", false],
      ["order-sms", true],
      ["offers-sms", false],
      ["offers-sms", true],
    ]);
  });

  it("takes the SMS consents off with an unproved number a password reset removes, and drops an order SMS waiting for a retry on withdrawal", async () => {
    // Someone typed this address and verified their own number, with order updates and offers on.
    const email = `typed${n++}@example.in`;
    const typed = await on.shop.accounts.registerMobile({ name: "Typed", mobile: mobile(), email, smsUpdates: true });
    await on.shop.consents.setSms(typed.id, "offers-sms", true, "my-account");
    // The mailbox's owner resets the password: the number goes (decision 053), and its consents with it.
    const { code } = (await on.shop.accounts.requestPasswordReset(email))!;
    expect(await on.shop.accounts.resetPassword(email, code, "owners-password-1")).toBe("changed");
    expect((await lines(typed.id)).slice(-2).map((l) => [l.purpose, l.granted, l.via])).toEqual([
      ["order-sms", false, "number-removed"],
      ["offers-sms", false, "number-removed"],
    ]);
    // The owner's own number, box unticked, starts with none.
    await on.shop.accounts.setMobile(typed.id, mobile());
    expect(await on.shop.consents.view((await on.shop.accounts.byId(typed.id))!)).toMatchObject({ orderSms: false, offersSms: false });

    const kiran = await on.shop.accounts.registerMobile({ name: "Kiran", mobile: mobile(), smsUpdates: true });
    const keep = (subject: string) => ({ channel: "sms" as const, to: kiran.mobile!, subject, body: "{}", nextAttemptAt: new Date() });
    await on.database.db.insert(mailQueue).values([keep("outForDelivery"), keep("subscriptionReminder"), keep("otp")]);
    await on.shop.consents.setSms(kiran.id, "order-sms", false, "my-account");
    expect((await on.database.db.select().from(mailQueue).where(eq(mailQueue.to, kiran.mobile!))).map((m) => m.subject)).toEqual(["otp"]);
  });

  it("shows and changes the newsletter's consent only for an e-mail proved the account's", async () => {
    const typed = await on.shop.accounts.registerMobile({ name: "Someone", mobile: mobile(), email: `someone-else${n++}@example.in` });
    expect((await on.shop.consents.view(typed)).newsletter).toBe("unconfirmed");
    // Each change starts only when the one before has been answered: started together, the second's
    // refusal would go unhandled while the first is awaited.
    for (const change of [
      () => withdrawConsent(on.shop, typed, { purpose: "newsletter" }, "my-account"),
      () => giveConsent(on.shop, recordingMailer(), typed, "newsletter", "203.0.113.41"),
    ])
      expect((await refusal(change())).message).toBe("Confirm your e-mail address first, with the link we sent to it");
  });

  it("records the newsletter's grant when its link is followed and its withdrawal from My Account, which ends the export's line", async () => {
    const staff = await shopper("Staff");
    const ravi = await confirmed(on.shop, await shopper("Ravi"));
    const mail = recordingMailer();
    expect(await giveConsent(on.shop, mail, ravi, "newsletter", "203.0.113.40")).toEqual({ message: "We sent you an e-mail: follow its link to start the newsletter." });
    expect((await on.shop.consents.view(ravi)).newsletter).toBe("waiting");
    const link = mail.sent.at(-1)!.text.match(/confirm\?token=([\w-]+)/)![1]!;
    await on.shop.newsletter.confirm(link);
    const view = await on.shop.consents.view(ravi);
    expect(view.newsletter).toBe("given");
    expect(view.history).toEqual([{ purpose: "newsletter", detail: null, granted: true, via: "mail-link", noticeVersion: NOTICE_VERSION, at: expect.any(Date) }]);
    expect((await on.shop.subscribers.export(staff.id)).map((r) => r.email)).toContain(ravi.email);

    expect(await withdrawConsent(on.shop, ravi, { purpose: "newsletter" }, "my-account")).toEqual({ message: "Consent withdrawn." });
    expect((await on.shop.subscribers.export(staff.id)).map((r) => r.email)).not.toContain(ravi.email);
    expect(await withdrawConsent(on.shop, ravi, { purpose: "newsletter" }, "my-account")).toEqual({ message: "There was nothing to withdraw: it was already off." });
    expect((await on.shop.consents.view(ravi)).history.map((h) => [h.granted, h.via])).toEqual([
      [false, "my-account"],
      [true, "mail-link"],
    ]);
  });

  it("records a 'Notify Me' request once, its withdrawal, and its end when the message goes", async () => {
    const meena = await shopper("Meena");
    await on.database.db.update(variants).set({ inventoryStock: 0, inStock: true }).where(eq(variants.internalReference, MANGOES));
    await on.shop.stockRequests.request(meena, MANGOES, "en");
    await on.shop.stockRequests.request(meena, MANGOES, "en", "api"); // asked again: one request, one grant
    const [request] = await on.shop.stockRequests.list(meena);
    await withdrawConsent(on.shop, meena, { purpose: "notify-me", request: request!.id }, "my-account");
    expect((await refusal(withdrawConsent(on.shop, meena, { purpose: "notify-me", request: request!.id }, "my-account"))).code).toBe("not_found");

    await on.shop.stockRequests.request(meena, MANGOES, "hi", "api");
    const staff = await shopper("Stocker");
    const [found] = await on.shop.staffCatalog.search(MANGOES, 5);
    const mangoes = found!.variants.find((v) => v.internalReference === MANGOES)!;
    const { editOf } = await import("../../app/domain/staff-catalog.ts");
    await on.shop.staffCatalog.updateVariant(staff.id, mangoes.id, editOf(mangoes), { ...editOf(mangoes), onHand: 4 });
    expect((await lines(meena.id)).map((l) => [l.purpose, l.detail, l.granted, l.via])).toEqual([
      ["notify-me", MANGOES, true, "product-page"],
      ["notify-me", MANGOES, false, "my-account"],
      ["notify-me", MANGOES, true, "api"],
      ["notify-me", MANGOES, false, "served"],
    ]);
  });
});
