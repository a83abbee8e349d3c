// The address book and sign-up as use cases (issue 24), on PGlite and PostgreSQL: every way in
// (Review Order, the address picker, My Account, the JSON API; the sign-up page and the API's
// register call) runs these, so their rules are proven here once.
import { RouterContextProvider } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { ACCOUNT_MESSAGES } from "../../app/domain/account.ts";
import { eq, sql } from "drizzle-orm";
import { ADDRESS_MESSAGES, chosenAddress } from "../../app/domain/address.ts";
import type { FormReply } from "../../app/domain/form-reply.ts";
import { MOBILE_MESSAGES } from "../../app/domain/mobile-sign-in.ts";
import { API_CALLS } from "../../app/server/api/calls.server.ts";
import { answerCall } from "../../app/server/api/pipeline.server.ts";
import { shopContext, signedInContext } from "../../app/server/context.server.ts";
import { customers, emailConfirmations, sessions } from "../../app/server/db/schema.server.ts";
import { appEnv } from "../../app/server/env.server.ts";
import { reviewOrderForm } from "../../app/server/forms/review-order.server.ts";
import { rateLimit } from "../../app/server/security/rate-limits.server.ts";
import type { Customer } from "../../app/server/shop/port.server.ts";
import { addAddress, changeAddress, deleteAddress, makeDefaultAddress } from "../../app/server/use-cases/address-book.server.ts";
import { signUp, signUpOpen } from "../../app/server/use-cases/sign-up.server.ts";
import { reviewOrderFacts } from "../../app/server/shopper-facts.server.ts";
import { targets } from "./databases.ts";
import { shopOn } from "./fixtures.ts";
import { home, recordingMailer, refusal, routeContext } from "./fixtures.ts";

describe.each(targets)("the address book and sign-up on $name", (target) => {
  const on = shopOn(target, { catalog: true });
  let asha: Customer;
  let ravi: Customer;
  const mail = recordingMailer();

  beforeAll(async () => {
    asha = await signUp(on.shop, mail, { name: "Asha Verma", email: `asha-book-${target.name}@example.in`, phone: "9876543210", password: "password-asha" }, "198.51.100.1");
    ravi = await signUp(on.shop, mail, { name: "Ravi Kumar", email: `ravi-book-${target.name}@example.in`, phone: "9876543211", password: "password-ravi" }, "198.51.100.1");
  });

  it("adds an address, delivers there and makes it the default when asked", async () => {
    const first = await addAddress(on.shop, asha, home);
    expect(first.message).toBe(ADDRESS_MESSAGES.saved);
    const office = await addAddress(on.shop, asha, { ...home, street: "Plot 7, Udyog Vihar", street2: "Phase 4", zip: "122015" }, { deliverHere: true, makeDefault: true });
    const book = await on.shop.addresses.book(asha);
    expect(book.chosen?.id).toBe(office.address.id);
    expect(book.addresses.find((a) => a.id === office.address.id)?.isDefault).toBe(true);
  });

  it("keeps what a form does not send when an address is changed", async () => {
    const { address } = await addAddress(on.shop, asha, { ...home, street2: "Tower B, flat 1204", state: "Haryana" });
    // My Account's quick form has no second line, state or country.
    const changed = await changeAddress(on.shop, asha, address.id, { name: "Asha V.", street: "14 Golf Course Road" });
    expect(changed.message).toBe(ADDRESS_MESSAGES.updated);
    expect(await on.shop.addresses.get(asha, address.id)).toMatchObject({
      name: "Asha V.",
      street: "14 Golf Course Road",
      street2: "Tower B, flat 1204",
      state: "Haryana",
      country: "India",
      zip: home.zip,
    });
  });

  it("never reaches another customer's address, and keeps the primary one", async () => {
    const { address } = await addAddress(on.shop, asha, home);
    expect((await refusal(changeAddress(on.shop, ravi, address.id, { name: "Not Ravi's" }))).message).toBe(ADDRESS_MESSAGES.invalidId);
    expect((await refusal(deleteAddress(on.shop, ravi, address.id))).code).toBe("not_found");
    expect((await refusal(makeDefaultAddress(on.shop, ravi, address.id))).code).toBe("not_found");
    expect((await on.shop.addresses.get(asha, address.id))?.name).toBe(home.name);
    const primary = (await on.shop.addresses.list(asha)).find((a) => a.isPrimary)!;
    expect((await refusal(deleteAddress(on.shop, asha, primary.id))).message).toBe(ADDRESS_MESSAGES.primaryKept);
    expect((await deleteAddress(on.shop, asha, address.id)).message).toBe(ADDRESS_MESSAGES.deleted);
  });

  it("the database names the same chosen address as the ERP back end's rule (chosenAddress), in every case", async () => {
    const meera = await signUp(on.shop, mail, { name: "Meera Iyer", email: `meera-book-${target.name}@example.in`, phone: "9876543212", password: "password-meera" }, "198.51.100.1");
    const now = Date.now();
    const remember = async (id: number | null, daysAgo: number) => {
      const at = id === null ? null : new Date(now - daysAgo * 24 * 60 * 60 * 1000);
      await on.database.db.update(customers).set({ selectedAddressId: id, selectedAddressAt: at }).where(eq(customers.id, meera.id));
      return id === null ? null : { id, at: at! };
    };
    const agree = async (remembered: { id: number; at: Date } | null) => {
      const book = await on.shop.addresses.book(meera);
      expect(book.chosen?.id ?? null).toBe(chosenAddress(book.addresses, remembered, now)?.id ?? null);
      expect((await on.shop.viewer.of(meera)).deliverTo?.zip ?? null).toBe(book.chosen?.zip ?? null);
      return book.chosen?.id ?? null;
    };
    expect(await agree(null)).toBeNull();
    const first = (await addAddress(on.shop, meera, { ...home, zip: "122001" })).address;
    const second = (await addAddress(on.shop, meera, { ...home, zip: "122002" })).address;
    const third = (await addAddress(on.shop, meera, { ...home, zip: "122003" })).address;
    expect(await agree(null)).toBe(first.id);
    expect(await agree(await remember(third.id, 29))).toBe(third.id);
    expect(await agree(await remember(third.id, 31))).toBe(first.id);
    await makeDefaultAddress(on.shop, meera, second.id);
    expect(await agree(await remember(null, 0))).toBe(second.id);
    expect(await agree(await remember(third.id, 1))).toBe(third.id);
    await deleteAddress(on.shop, meera, third.id);
    expect(await agree({ id: third.id, at: new Date(now) })).toBe(second.id);
  });

  it("opens accounts only while the connection is within its limit, and says so", async () => {
    const { limit } = rateLimit("signUpPerAddress");
    const from = `203.0.113.${target.name === "pglite" ? 7 : 8}`;
    for (let i = 0; i < limit; i++) await signUp(on.shop, mail, { name: "Many", email: `many-${i}-${target.name}@example.in`, phone: "9876543210", password: "password-many" }, from);
    const refused = await refusal(signUp(on.shop, mail, { name: "One more", email: `one-more-${target.name}@example.in`, phone: "9876543210", password: "password-more" }, from));
    expect([refused.code, refused.message]).toEqual(["too_many", ACCOUNT_MESSAGES.tooManySignUps]);
    // Nothing was written for the refused one; another connection still may.
    expect(await on.shop.accounts.authenticate(`one-more-${target.name}@example.in`, "password-more")).toBeNull();
    await signUp(on.shop, mail, { name: "Elsewhere", email: `elsewhere-${target.name}@example.in`, phone: "9876543210", password: "password-else" }, "192.0.2.9");
  });

  // Issue 41 item 11: mobile-only shoppers at Review Order.
  describe("an address's e-mail and the account's (issue 41 item 11)", () => {
    let mobiles = 0;
    /** An account opened with a mobile number alone (its number verified by the code it signed in with). */
    const mobileAccount = (name: string) => on.shop.accounts.registerMobile({ name, mobile: `70000${String(++mobiles).padStart(5, "0")}` });
    const addressCount = async (who: Customer) => (await on.shop.addresses.list(who)).length;
    const accountRow = async (who: Customer) => (await on.database.db.select().from(customers).where(eq(customers.id, who.id)))[0]!;
    /** The request context of a signed-in page: the Shop, the customer and their session's token. */
    const pageContext = (who: Customer, token: string) => {
      const context = new RouterContextProvider();
      context.set(shopContext, on.shop);
      context.set(signedInContext, { customer: who, token });
      return context;
    };
    /** Review Order's delivery form posted as a page does (no JavaScript): a redirect when saved, the page's reply when refused. */
    const reviewOrderPost = async (context: RouterContextProvider, fields: Record<string, string>) => {
      const url = new URL("http://localhost:3000/revieworder");
      const request = new Request(url, { method: "POST", body: new URLSearchParams(fields) });
      const answer = await reviewOrderForm.run({ request, context, url });
      if (answer instanceof Response) return { status: answer.status, reply: null };
      const refused = answer as unknown as { data: FormReply; init: ResponseInit | null };
      return { status: refused.init?.status ?? 200, reply: refused.data };
    };
    const delivery = { intent: "add-address", firstName: "Meera", lastName: "Devi", phone: "9876501234", street: "4 Sohna Road", zip: "122018" };
    const apiAddress = async (who: Customer, params: Record<string, unknown>) => {
      const { accessToken } = await on.shop.tokens.issue(who.id);
      const request = new Request("http://localhost/api/customer/addresses/new", {
        method: "POST",
        headers: { "Content-Type": "application/json", Authorization: `Bearer ${accessToken}` },
        body: JSON.stringify({ params }),
      });
      const response = await answerCall(API_CALLS["/api/customer/addresses/new"]!, {}, request, routeContext(on.shop, null));
      return { status: response.status, body: (await response.json()) as { result?: { success: boolean }; error?: string } };
    };

    it("may be left empty by an account with a verified mobile number, and by no other, whichever way the address is saved", async () => {
      const meera = await mobileAccount("Meera Devi");
      const saved = await addAddress(on.shop, meera, { ...home, email: "" }, { deliverHere: true });
      expect(saved.message).toBe(ADDRESS_MESSAGES.saved);
      expect((await on.shop.addresses.get(meera, saved.address.id))?.email).toBe("");
      // Changed, it may stay without one.
      await changeAddress(on.shop, meera, saved.address.id, { ...home, email: "", street: "5 Sohna Road" });
      expect((await on.shop.addresses.get(meera, saved.address.id))?.street).toBe("5 Sohna Road");

      // An e-mail account without a verified number: the words of Specification: Addresses, and nothing written.
      const before = await addressCount(asha);
      const refused = await refusal(addAddress(on.shop, asha, { ...home, email: "  " }, { deliverHere: true }));
      expect([refused.code, refused.message]).toEqual(["invalid", "Email address is required"]);
      expect(await addressCount(asha)).toBe(before);
      const { address } = await addAddress(on.shop, asha, home);
      expect((await refusal(changeAddress(on.shop, asha, address.id, { ...home, email: "" }))).message).toBe("Email address is required");
      expect((await on.shop.addresses.get(asha, address.id))?.email).toBe(home.email);
      // My Account's quick form asks no e-mail of anyone (Specification: Addresses).
      expect((await addAddress(on.shop, asha, { ...home, email: "" }, { quickForm: true })).message).toBe(ADDRESS_MESSAGES.saved);

      // Once the e-mail account verifies a number, it may too.
      const rita = await signUp(on.shop, mail, { name: "Rita Sen", email: `rita-book-${target.name}@example.in`, phone: "9876543213", password: "password-rita" }, "198.51.100.2");
      expect((await refusal(addAddress(on.shop, rita, { ...home, email: "" }))).code).toBe("invalid");
      expect(await on.shop.accounts.setMobile(rita.id, "7000099999")).toMatchObject({ set: true });
      expect((await addAddress(on.shop, { ...rita, mobile: "7000099999" }, { ...home, email: "" })).message).toBe(ADDRESS_MESSAGES.saved);
    });

    it("Review Order's form and the JSON API follow the same rule, the page saying it on the e-mail field", async () => {
      const meera = await mobileAccount("Meera Devi");
      const page = await reviewOrderPost(routeContext(on.shop, meera), { ...delivery, email: "" });
      expect(page.status).toBe(303);
      expect(await on.shop.addresses.list(meera)).toEqual([expect.objectContaining({ name: "Meera Devi", email: "", street: "4 Sohna Road" })]);
      expect((await on.shop.addresses.book(meera)).chosen?.street).toBe("4 Sohna Road");

      const before = await addressCount(asha);
      const refused = await reviewOrderPost(routeContext(on.shop, asha), { ...delivery, email: "" });
      expect(refused.status).toBe(400);
      expect(refused.reply).toMatchObject({ ok: false, intent: "add-address", error: "Email address is required", result: { error: { email: ["Email address is required"] } } });
      // What was typed comes back with the refusal, so nothing need be typed again.
      expect(refused.reply?.ok === false && refused.reply.result.initialValue).toMatchObject({ firstName: "Meera", street: "4 Sohna Road" });
      // A wrong e-mail is still refused by the form itself, for every account.
      const wrong = await reviewOrderPost(routeContext(on.shop, meera), { ...delivery, email: "meera@" });
      expect(wrong.reply).toMatchObject({ ok: false, result: { error: { email: ["Enter a valid email address"] } } });
      expect(await addressCount(asha)).toBe(before);

      const params = { name: "Meera Devi", phone: "9876501234", street: "6 Sohna Road", zip: "122018" };
      expect((await apiAddress(meera, params)).body.result).toMatchObject({ success: true });
      const api = await apiAddress(asha, params);
      expect([api.status, api.body.error]).toEqual([400, "Email address is required"]);
      expect((await apiAddress(asha, { ...params, email: "asha.home@example.in" })).body.result).toMatchObject({ success: true });
    });

    it("'Also use this e-mail for my account' keeps it on the account, unconfirmed, and mails its link; only after a recent sign-in", async () => {
      const kiran = await mobileAccount("Kiran Rao");
      const { token } = await on.shop.accounts.startSession(kiran.id);
      const email = `kiran-${target.name}@example.in`;
      const kept = await addAddress(on.shop, kiran, { ...home, email }, { deliverHere: true, keepEmail: { mail, sms: null, sessionToken: token } });
      expect(kept.message).toBe(`${ADDRESS_MESSAGES.saved} ${MOBILE_MESSAGES.emailKept(email)}`);
      expect(await accountRow(kiran)).toMatchObject({ email, emailVerifiedAt: null, passwordHash: null, mobile: kiran.mobile });
      // The confirmation of decision 047: a live link, and its mail to the e-mail.
      expect(await on.database.db.select().from(emailConfirmations).where(eq(emailConfirmations.customerId, kiran.id))).toHaveLength(1);
      await expect.poll(() => mail.sent.some((m) => m.to === email && m.subject.startsWith("Please confirm") && m.text.includes("/verify-email?token="))).toBe(true);

      // An e-mail another account has: refused on the e-mail field's code, and neither the address nor the e-mail is kept.
      const lata = await mobileAccount("Lata Iyer");
      const { token: lataToken } = await on.shop.accounts.startSession(lata.id);
      const taken = await refusal(addAddress(on.shop, lata, { ...home, email: asha.email! }, { keepEmail: { mail, sms: null, sessionToken: lataToken } }));
      expect([taken.code, taken.message]).toEqual(["conflict", ACCOUNT_MESSAGES.emailTaken]);
      expect(await addressCount(lata)).toBe(0);
      expect((await accountRow(lata)).email).toBeNull();

      // Past the sign-in's 10 minutes a stolen session could add a way in: sign in again first.
      await on.database.db
        .update(sessions)
        .set({ createdAt: sql`now() - interval '1 hour'` })
        .where(eq(sessions.customerId, lata.id));
      const stale = await refusal(addAddress(on.shop, lata, { ...home, email: `lata-${target.name}@example.in` }, { keepEmail: { mail, sms: null, sessionToken: lataToken } }));
      expect([stale.code, stale.message]).toEqual(["invalid", MOBILE_MESSAGES.signInAgainKeepEmail]);
      expect(await addressCount(lata)).toBe(0);
      expect((await accountRow(lata)).email).toBeNull();
      // Unticked, the address is saved with its e-mail and the account keeps none.
      await addAddress(on.shop, lata, { ...home, email: `lata-${target.name}@example.in` });
      expect((await accountRow(lata)).email).toBeNull();
    });

    it("the box on Review Order's form, ticked, keeps the e-mail; left unticked, it does not", async () => {
      const dev = await mobileAccount("Dev Malhotra");
      const { token } = await on.shop.accounts.startSession(dev.id);
      const unticked = await reviewOrderPost(pageContext(dev, token), { ...delivery, email: `dev-home-${target.name}@example.in` });
      expect(unticked.status).toBe(303);
      expect((await accountRow(dev)).email).toBeNull();
      const email = `dev-${target.name}@example.in`;
      const ticked = await reviewOrderPost(pageContext(dev, token), { ...delivery, street: "8 Sohna Road", email, keepEmail: "on" });
      expect(ticked.status).toBe(303);
      expect(await accountRow(dev)).toMatchObject({ email, emailVerifiedAt: null });
      expect(await on.database.db.select().from(emailConfirmations).where(eq(emailConfirmations.customerId, dev.id))).toHaveLength(1);
      expect((await on.shop.addresses.list(dev)).map((a) => a.email)).toEqual([`dev-home-${target.name}@example.in`, email]);
    });

    it("Review Order's facts start a new address from the account, and offer to keep an e-mail only where one may be added", async () => {
      const meera = await mobileAccount("Meera  Devi Sharma");
      const { token } = await on.shop.accounts.startSession(meera.id);
      const facts = await reviewOrderFacts(pageContext(meera, token), meera);
      expect(facts.addresses).toEqual([]);
      expect(facts.account).toEqual({
        newAddress: { firstName: "Meera", lastName: "Devi Sharma", email: "", phone: meera.mobile },
        emailOptional: true,
        offerKeepEmail: true,
      });
      // A session signed in long ago may not add a way in: no offer.
      await on.database.db
        .update(sessions)
        .set({ createdAt: sql`now() - interval '1 hour'` })
        .where(eq(sessions.customerId, meera.id));
      expect((await reviewOrderFacts(pageContext(meera, token), meera)).account.offerKeepEmail).toBe(false);

      const { token: ashaToken } = await on.shop.accounts.startSession(asha.id);
      expect((await reviewOrderFacts(pageContext(asha, ashaToken), asha)).account).toEqual({
        newAddress: { firstName: "Asha", lastName: "Verma", email: asha.email, phone: "9876543210" },
        emailOptional: false,
        offerKeepEmail: false,
      });
    });
  });

  it("refuses an e-mail that has an account", async () => {
    expect((await refusal(signUp(on.shop, mail, { name: "Asha Again", email: asha.email!, phone: "9876543210", password: "password-again" }, "192.0.2.10"))).code).toBe("conflict");
  });
});

describe("whether the shop opens accounts", () => {
  it("does with the local provider, not with Clerk, and not when SIGNUP_ENABLED is off", () => {
    const env = appEnv();
    expect(signUpOpen({ ...env, AUTH_PROVIDER: "local", SIGNUP_ENABLED: true })).toBe(true);
    expect(signUpOpen({ ...env, AUTH_PROVIDER: "clerk", SIGNUP_ENABLED: true })).toBe(false);
    expect(signUpOpen({ ...env, AUTH_PROVIDER: "local", SIGNUP_ENABLED: false })).toBe(false);
  });
});
