// A cart change sent more than once with its key (issue 26 part 3, decision 051): the offline
// queue replays a post whose answer was lost, and the server makes the change once. Through the
// cart and wishlist forms as the browser posts them, on PGlite and on PostgreSQL.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { postKeys, variants } from "../../app/server/db/schema.server.ts";
import { cartForm } from "../../app/server/forms/cart.server.ts";
import { wishlistForm } from "../../app/server/forms/wishlist.server.ts";
import type { Customer } from "../../app/server/shop/port.server.ts";
import type { FormReply } from "../../app/domain/form-reply.ts";
import { POST_KEY_FIELD, POST_KEY_KEEP_MS } from "../../app/domain/offline-queue.ts";
import { ONCE_MESSAGES } from "../../app/server/idempotency.server.ts";
import { targets } from "./databases.ts";
import { routeContext, shopOn } from "./fixtures.ts";

const ORIGIN = "http://localhost:3000";
const REF = "GP-PUL-MSR-1KG";

describe.each(targets)("keyed posts on $name", (target) => {
  const on = shopOn(target, { catalog: true });
  let asha: Customer;
  let ravi: Customer;
  let n = 0;
  const newKey = () => `key-${Date.now()}-${++n}-0000000000`;

  /** A fetcher's post of `form` (as React Router sends it, to `/action.data`) by `who`. */
  async function post(form: typeof cartForm | typeof wishlistForm, who: Customer, fields: Record<string, string>) {
    const url = new URL(`${ORIGIN}${form.action}.data`);
    const request = new Request(url, { method: "POST", body: new URLSearchParams(fields) });
    const answer = (await form.run({ request, context: routeContext(on.shop, who), url })) as unknown as { data: FormReply; init: ResponseInit | null };
    return { status: answer.init?.status ?? 200, reply: answer.data };
  }
  const add = (who: Customer, key: string | null, quantity = 1) =>
    post(cartForm, who, { intent: "add", internal_reference: REF, quantity: String(quantity), ...(key ? { [POST_KEY_FIELD]: key } : {}) });
  const quantityOf = async (who: Customer) => (await on.shop.cart.get(who)).lines.find((l) => l.internalReference === REF)?.quantity ?? 0;
  const stock = (count: number) =>
    on.database.db
      .update(variants)
      .set({ inventoryStock: count, inStock: count > 0 })
      .where(eq(variants.internalReference, REF));

  beforeAll(async () => {
    asha = await on.shop.accounts.register({ name: "Asha", email: "asha-keys@example.in", phone: "9876543210", password: "password-asha" });
    ravi = await on.shop.accounts.register({ name: "Ravi", email: "ravi-keys@example.in", phone: "9876543211", password: "password-ravi" });
    await stock(50);
  });

  it("adds once however many times a keyed add arrives, answering each copy alike", async () => {
    await on.shop.cart.clear(asha);
    const key = newKey();
    const first = await add(asha, key);
    const again = await add(asha, key);
    const third = await add(asha, key);
    expect(first.reply).toMatchObject({ ok: true, intent: "add" });
    expect(again).toEqual(first);
    expect(third).toEqual(first);
    expect(await quantityOf(asha)).toBe(1);
    // A new press is a new key: it adds.
    await add(asha, newKey());
    expect(await quantityOf(asha)).toBe(2);
  });

  it("makes copies sent at the same moment count once", async () => {
    await on.shop.cart.clear(asha);
    const key = newKey();
    const answers = await Promise.all([add(asha, key), add(asha, key), add(asha, key)]);
    expect(answers.every((a) => a.reply.ok)).toBe(true);
    expect(await quantityOf(asha)).toBe(1);
  });

  it("keeps one customer's key from answering another's post", async () => {
    await on.shop.cart.clear(asha);
    await on.shop.cart.clear(ravi);
    const key = newKey();
    await add(asha, key);
    await add(ravi, key);
    expect([await quantityOf(asha), await quantityOf(ravi)]).toEqual([1, 1]);
  });

  it("gives a refused post's key back: a copy sent once the product is back in stock adds it", async () => {
    await on.shop.cart.clear(asha);
    await stock(0);
    const key = newKey();
    const refused = await add(asha, key);
    expect(refused.reply).toMatchObject({ ok: false, error: "This product is currently out of stock." });
    expect(await on.database.db.select().from(postKeys).where(eq(postKeys.key, key))).toEqual([]);
    await stock(50);
    expect((await add(asha, key)).reply.ok).toBe(true);
    expect(await quantityOf(asha)).toBe(1);
    await stock(50);
  });

  it("toggles a heart once for a replayed tap", async () => {
    const key = newKey();
    const tap = () => post(wishlistForm, asha, { intent: "toggle", internal_reference: REF, [POST_KEY_FIELD]: key });
    const before = (await on.shop.wishlist.list(asha)).some((i) => i.internalReference === REF);
    await tap();
    await tap();
    expect((await on.shop.wishlist.list(asha)).some((i) => i.internalReference === REF)).toBe(!before);
  });

  // Issue 41 item 7: a key is tied to what it was first sent for.
  it("refuses a key reused for another intent or another form, and changes nothing", async () => {
    await on.shop.cart.clear(asha);
    const key = newKey();
    const first = await add(asha, key);
    expect(first.reply).toMatchObject({ ok: true, intent: "add" });
    expect(await quantityOf(asha)).toBe(1);

    // The cart's 'remove' with the add's key: refused, not answered with the add's outcome.
    const removed = await post(cartForm, asha, { intent: "remove", internal_reference: REF, [POST_KEY_FIELD]: key });
    expect(removed.status).toBe(400);
    expect(removed.reply).toMatchObject({ ok: false, intent: "remove", error: ONCE_MESSAGES.otherChange });
    expect(await quantityOf(asha)).toBe(1);

    // The wishlist's 'add' (the same intent's name, another form) with it: refused too.
    const hearted = (await on.shop.wishlist.list(asha)).some((i) => i.internalReference === REF);
    const wished = await post(wishlistForm, asha, { intent: "add", internal_reference: REF, [POST_KEY_FIELD]: key });
    expect(wished.status).toBe(400);
    expect(wished.reply).toMatchObject({ ok: false, error: ONCE_MESSAGES.otherChange });
    expect((await on.shop.wishlist.list(asha)).some((i) => i.internalReference === REF)).toBe(hearted);

    // The key still answers its own intent with its first outcome; the row keeps what it was for.
    expect(await add(asha, key)).toEqual(first);
    expect(await quantityOf(asha)).toBe(1);
    expect((await on.database.db.select({ intent: postKeys.intent }).from(postKeys).where(eq(postKeys.key, key)))[0]).toEqual({ intent: `${cartForm.action} add` });

    // Another intent's key left running by a process that died is not taken over either.
    const running = newKey();
    await on.database.db.insert(postKeys).values({ customerId: asha.id, key: running, intent: `${cartForm.action} remove`, createdAt: new Date(Date.now() - 120_000) });
    expect((await add(asha, running)).reply).toMatchObject({ ok: false, error: ONCE_MESSAGES.otherChange });
    expect(await quantityOf(asha)).toBe(1);
  });

  it("makes a post without a key, or with a malformed one, as often as it comes (no JavaScript: no queue)", async () => {
    await on.shop.cart.clear(asha);
    await add(asha, null);
    await add(asha, null);
    await add(asha, "short");
    await add(asha, "short");
    expect(await quantityOf(asha)).toBe(4);
  });

  it("forgets a key after a day: a copy that old is a new change", async () => {
    await on.shop.cart.clear(asha);
    const key = newKey();
    await add(asha, key);
    await on.database.db
      .update(postKeys)
      .set({ createdAt: new Date(Date.now() - POST_KEY_KEEP_MS - 60_000) })
      .where(eq(postKeys.key, key));
    await add(asha, key);
    expect(await quantityOf(asha)).toBe(2);
    expect(await on.database.db.select().from(postKeys).where(eq(postKeys.key, key))).toHaveLength(1);
  });
});
