// The address book and sign-up as use cases (issue 24), on PGlite and PostgreSQL: every way in
// (Review Order, the address picker, My Account, the JSON API; the sign-up page and the API's
// register call) runs these, so their rules are proven here once.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCOUNT_MESSAGES } from "../../app/domain/account.ts";
import { eq } from "drizzle-orm";
import { ADDRESS_MESSAGES, chosenAddress } from "../../app/domain/address.ts";
import type { Database } from "../../app/server/db/client.server.ts";
import { customers } from "../../app/server/db/schema.server.ts";
import { appEnv } from "../../app/server/env.server.ts";
import { rateLimit } from "../../app/server/security/rate-limits.server.ts";
import { createShop, seedDemoCatalog } from "../../app/server/shop/open.server.ts";
import type { Customer, Shop } from "../../app/server/shop/port.server.ts";
import { addAddress, changeAddress, deleteAddress, makeDefaultAddress } from "../../app/server/use-cases/address-book.server.ts";
import { signUp, signUpOpen } from "../../app/server/use-cases/sign-up.server.ts";
import { targets } from "./databases.ts";
import { home, recordingMailer, refusal } from "./fixtures.ts";

describe.each(targets)("the address book and sign-up on $name", (target) => {
  let database: Database;
  let shop: Shop;
  let asha: Customer;
  let ravi: Customer;
  const mail = recordingMailer();

  beforeAll(async () => {
    database = await target.open();
    await seedDemoCatalog(database);
    shop = createShop(database, 0);
    asha = await signUp(shop, mail, { name: "Asha Verma", email: `asha-book-${target.name}@example.in`, phone: "9876543210", password: "password-asha" }, "198.51.100.1");
    ravi = await signUp(shop, mail, { name: "Ravi Kumar", email: `ravi-book-${target.name}@example.in`, phone: "9876543211", password: "password-ravi" }, "198.51.100.1");
  });
  afterAll(async () => {
    await database?.close();
  });

  it("adds an address, delivers there and makes it the default when asked", async () => {
    const first = await addAddress(shop, asha, home);
    expect(first.message).toBe(ADDRESS_MESSAGES.saved);
    const office = await addAddress(shop, asha, { ...home, street: "Plot 7, Udyog Vihar", street2: "Phase 4", zip: "122015" }, { deliverHere: true, makeDefault: true });
    const book = await shop.addresses.book(asha);
    expect(book.chosen?.id).toBe(office.address.id);
    expect(book.addresses.find((a) => a.id === office.address.id)?.isDefault).toBe(true);
  });

  it("keeps what a form does not send when an address is changed", async () => {
    const { address } = await addAddress(shop, asha, { ...home, street2: "Tower B, flat 1204", state: "Haryana" });
    // My Account's quick form has no second line, state or country.
    const changed = await changeAddress(shop, asha, address.id, { name: "Asha V.", street: "14 Golf Course Road" });
    expect(changed.message).toBe(ADDRESS_MESSAGES.updated);
    expect(await shop.addresses.get(asha, address.id)).toMatchObject({
      name: "Asha V.",
      street: "14 Golf Course Road",
      street2: "Tower B, flat 1204",
      state: "Haryana",
      country: "India",
      zip: home.zip,
    });
  });

  it("never reaches another customer's address, and keeps the primary one", async () => {
    const { address } = await addAddress(shop, asha, home);
    expect((await refusal(changeAddress(shop, ravi, address.id, { name: "Not Ravi's" }))).message).toBe(ADDRESS_MESSAGES.invalidId);
    expect((await refusal(deleteAddress(shop, ravi, address.id))).code).toBe("not_found");
    expect((await refusal(makeDefaultAddress(shop, ravi, address.id))).code).toBe("not_found");
    expect((await shop.addresses.get(asha, address.id))?.name).toBe(home.name);
    const primary = (await shop.addresses.list(asha)).find((a) => a.isPrimary)!;
    expect((await refusal(deleteAddress(shop, asha, primary.id))).message).toBe(ADDRESS_MESSAGES.primaryKept);
    expect((await deleteAddress(shop, asha, address.id)).message).toBe(ADDRESS_MESSAGES.deleted);
  });

  it("the database names the same chosen address as the ERP back end's rule (chosenAddress), in every case", async () => {
    const meera = await signUp(shop, mail, { name: "Meera Iyer", email: `meera-book-${target.name}@example.in`, phone: "9876543212", password: "password-meera" }, "198.51.100.1");
    const now = Date.now();
    const remember = async (id: number | null, daysAgo: number) => {
      const at = id === null ? null : new Date(now - daysAgo * 24 * 60 * 60 * 1000);
      await database.db.update(customers).set({ selectedAddressId: id, selectedAddressAt: at }).where(eq(customers.id, meera.id));
      return id === null ? null : { id, at: at! };
    };
    const agree = async (remembered: { id: number; at: Date } | null) => {
      const book = await shop.addresses.book(meera);
      expect(book.chosen?.id ?? null).toBe(chosenAddress(book.addresses, remembered, now)?.id ?? null);
      expect((await shop.viewer.of(meera)).deliverTo?.zip ?? null).toBe(book.chosen?.zip ?? null);
      return book.chosen?.id ?? null;
    };
    expect(await agree(null)).toBeNull();
    const first = (await addAddress(shop, meera, { ...home, zip: "122001" })).address;
    const second = (await addAddress(shop, meera, { ...home, zip: "122002" })).address;
    const third = (await addAddress(shop, meera, { ...home, zip: "122003" })).address;
    expect(await agree(null)).toBe(first.id);
    expect(await agree(await remember(third.id, 29))).toBe(third.id);
    expect(await agree(await remember(third.id, 31))).toBe(first.id);
    await makeDefaultAddress(shop, meera, second.id);
    expect(await agree(await remember(null, 0))).toBe(second.id);
    expect(await agree(await remember(third.id, 1))).toBe(third.id);
    await deleteAddress(shop, meera, third.id);
    expect(await agree({ id: third.id, at: new Date(now) })).toBe(second.id);
  });

  it("opens accounts only while the connection is within its limit, and says so", async () => {
    const { limit } = rateLimit("signUpPerAddress");
    const from = `203.0.113.${target.name === "pglite" ? 7 : 8}`;
    for (let i = 0; i < limit; i++) await signUp(shop, mail, { name: "Many", email: `many-${i}-${target.name}@example.in`, phone: "9876543210", password: "password-many" }, from);
    const refused = await refusal(signUp(shop, mail, { name: "One more", email: `one-more-${target.name}@example.in`, phone: "9876543210", password: "password-more" }, from));
    expect([refused.code, refused.message]).toEqual(["too_many", ACCOUNT_MESSAGES.tooManySignUps]);
    // Nothing was written for the refused one; another connection still may.
    expect(await shop.accounts.authenticate(`one-more-${target.name}@example.in`, "password-more")).toBeNull();
    await signUp(shop, mail, { name: "Elsewhere", email: `elsewhere-${target.name}@example.in`, phone: "9876543210", password: "password-else" }, "192.0.2.9");
  });

  it("refuses an e-mail that has an account", async () => {
    expect((await refusal(signUp(shop, mail, { name: "Asha Again", email: asha.email!, phone: "9876543210", password: "password-again" }, "192.0.2.10"))).code).toBe("conflict");
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
