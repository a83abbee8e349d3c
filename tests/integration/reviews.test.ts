// Product reviews (issue 14), on PGlite and PostgreSQL: only a shopper to whom an order with the
// product was delivered may review it, once; the product's count and mean follow the published
// reviews (cards too, after the snapshot refreshes); staff hide one, audited.
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { slotDates } from "../../app/domain/delivery.ts";
import { STAGES } from "../../app/domain/order-life.ts";
import { productReviews, staffAudit, variants } from "../../app/server/db/schema.server.ts";
import type { Customer } from "../../app/server/shop/port.server.ts";
import { createAccounts } from "../../app/server/shop/accounts.server.ts";
import { targets } from "./databases.ts";
import { queryLog } from "./query-log.ts";
import { home, refusal, shopOn } from "./fixtures.ts";

const REF = "GP-PUL-CHD-500G";

describe.each(targets)("reviews on $name", (target) => {
  const on = shopOn(target, { catalog: true }, { razorpay: null, publicOrigin: "https://shop.example.in", prepaidPercent: 0 });
  let productId: number;
  let staff: Customer;

  beforeAll(async () => {
    const [v] = await on.database.db.select({ productId: variants.productId }).from(variants).where(eq(variants.internalReference, REF));
    productId = v!.productId;
    staff = await on.shop.accounts.register({ name: "Staff", email: "review-staff@haat.example", phone: "9876543210", password: "password-1" });
  });

  /** A shopper with an order of the product, moved by staff up to `stage`. */
  async function buyer(email: string, upTo: (typeof STAGES)[number]): Promise<{ customer: Customer; orderId: number }> {
    const customer = await on.shop.accounts.register({ name: "Neha Gupta", email, phone: "9876543210", password: "password-1" });
    const address = await on.shop.addresses.create(customer, home);
    await on.shop.cart.add(customer, { internalReference: REF, quantity: 1 });
    const { orderId } = await on.shop.orders.place(customer, {
      cartId: (await on.shop.cart.get(customer)).id!,
      addressId: address.id,
      paymentMethod: "cod",
      slot: { date: slotDates(new Date())[1]!, kind: "evening" },
    });
    for (const stage of STAGES.slice(0, STAGES.indexOf(upTo))) await on.shop.orders.advance(orderId, stage, staff.id);
    return { customer, orderId };
  }

  it("lets only a shopper whose order was delivered review the product, once", async () => {
    const waiting = await buyer("waiting@example.in", "out_for_delivery");
    expect(await on.shop.reviews.standing(waiting.customer, productId)).toBe("not_delivered");
    expect(await refusal(on.shop.reviews.write(waiting.customer, productId, { rating: 5, body: "Early" }))).toMatchObject({ code: "invalid" });

    const received = await buyer("received@example.in", "delivered");
    expect(await on.shop.reviews.standing(received.customer, productId)).toBe("may_review");
    const review = await on.shop.reviews.write(received.customer, productId, { rating: 4, body: "Cooks evenly." });
    expect(review).toMatchObject({ author: "Neha G.", rating: 4, body: "Cooks evenly." });
    expect(await on.shop.reviews.standing(received.customer, productId)).toBe("reviewed");
    expect(await refusal(on.shop.reviews.write(received.customer, productId, { rating: 1, body: "Again" }))).toMatchObject({ code: "conflict" });
    // Two posts at once make one review.
    const twice = await buyer("twice@example.in", "delivered");
    const results = await Promise.allSettled([
      on.shop.reviews.write(twice.customer, productId, { rating: 5, body: "" }),
      on.shop.reviews.write(twice.customer, productId, { rating: 5, body: "" }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const rows = await on.database.db
      .select()
      .from(productReviews)
      .where(and(eq(productReviews.productId, productId), eq(productReviews.customerId, twice.customer.id)));
    expect(rows).toHaveLength(1);
  });

  it("shows the mean of published reviews on the product, its card and its tab; staff hide one", async () => {
    const shown = await on.shop.reviews.forProduct((await on.shop.catalog.product(productId))!);
    expect(shown.count).toBe(2);
    expect(shown.mean).toBe(4.5);
    expect(shown.reviews.map((r) => r.rating)).toEqual([5, 4]); // newest first
    expect((await on.shop.catalog.product(productId))!).toMatchObject({ rating: 4.5, reviewCount: 2 });
    const card = (await on.shop.catalog.listing({ search: null, category: null, sub: null, min: 0, max: 100_000, sort: "relevance", page: 1 })).cards.find((c) => c.id === productId);
    expect(card).toMatchObject({ rating: 4.5, reviewCount: 2 });

    const five = shown.reviews[0]!;
    await on.shop.reviews.setHidden(staff.id, five.id, true);
    await on.shop.reviews.setHidden(staff.id, five.id, true); // twice hides once
    const after = await on.shop.reviews.forProduct((await on.shop.catalog.product(productId))!);
    expect(after).toMatchObject({ count: 1, mean: 4 });
    expect(after.reviews.map((r) => r.id)).not.toContain(five.id);
    expect((await on.shop.reviews.recent(10)).find((r) => r.id === five.id)).toMatchObject({ hidden: true });
    const audits = await on.database.db
      .select()
      .from(staffAudit)
      .where(and(eq(staffAudit.entity, "review"), eq(staffAudit.entityId, String(five.id))));
    expect(audits).toMatchObject([{ staffId: staff.id, action: "review.hide", after: { hidden: true } }]);

    await on.shop.reviews.setHidden(staff.id, five.id, false);
    expect(await on.shop.reviews.forProduct((await on.shop.catalog.product(productId))!)).toMatchObject({ count: 2, mean: 4.5 });
    expect(await refusal(on.shop.reviews.setHidden(staff.id, 99_999_999, true))).toMatchObject({ code: "not_found" });
  });

  it("keeps the database's own limits on a rating and a review's length", async () => {
    const c = await buyer("limits@example.in", "delivered");
    await expect(on.shop.reviews.write(c.customer, productId, { rating: 6, body: "" })).rejects.toThrow();
    await expect(on.shop.reviews.write(c.customer, productId, { rating: 3, body: "x".repeat(2001) })).rejects.toThrow();
    expect(await on.shop.reviews.standing(c.customer, productId)).toBe("may_review");
  });

  it("says a shopper's standing with the product page's session read, in its one query (issue 30)", async () => {
    const standings: [string, Awaited<ReturnType<typeof buyer>>["customer"]][] = [
      ["not_delivered", (await buyer("session-waiting@example.in", "packed")).customer],
      ["may_review", (await buyer("session-received@example.in", "delivered")).customer],
    ];
    const reviewed = (await buyer("session-reviewed@example.in", "delivered")).customer;
    await on.shop.reviews.write(reviewed, productId, { rating: 5, body: "Good." });
    standings.push(["reviewed", reviewed]);
    for (const [expected, customer] of standings) {
      const { token } = await on.shop.accounts.startSession(customer.id);
      const log = queryLog(on.database);
      const session = await createAccounts(log.db).resumeSession(token, { productId });
      expect(log.queries).toHaveLength(1);
      expect(session?.standing).toBe(expected);
      expect(await on.shop.reviews.standing(customer, productId)).toBe(expected);
      // Another instance's snapshot may not count a review yet: the shopper who wrote it still sees it.
      if (expected === "reviewed") {
        expect(await on.shop.reviews.forProduct({ id: productId, reviewCount: 0, rating: 0 })).toMatchObject({ count: 0, reviews: [] });
        const own = await on.shop.reviews.forProduct({ id: productId, reviewCount: 0, rating: 0 }, 50, true);
        expect(own.reviews.map((r) => r.body)).toContain("Good.");
        expect(own.count).toBe(own.reviews.length);
      }
      // Any other page's session read carries none.
      expect((await on.shop.accounts.resumeSession(token))?.standing).toBeUndefined();
    }
  });
});
