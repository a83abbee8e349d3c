// Product reviews as the embedded Shop keeps them (issue 14). A review is written by a shopper
// to whom an order with the product was delivered, once per product, and published at once;
// the product row keeps the published reviews' count and rating sum, changed in the same
// transaction, so cards and listings show the mean without a join and the catalogue snapshot
// (its stamp reads products.updated_at) refreshes on every instance.
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { ratingMean, REVIEW_MESSAGES, reviewAuthor, type ReviewStanding, type ReviewView } from "../../domain/review.ts";
import type { Db } from "../db/client.server.ts";
import { productReviews, products } from "../db/schema.server.ts";
import type { Conn } from "./coupons.server.ts";
import { ShopError, type Customer, type ReviewsPort, type StaffReviewRow } from "./port.server.ts";
import { audit } from "./audit.server.ts";

const view = (r: { id: number; author: string; rating: number; body: string; createdAt: Date }): ReviewView => ({
  id: r.id,
  author: r.author,
  rating: r.rating,
  body: r.body,
  createdAt: r.createdAt,
});

/**
 * Whether the customer reviewed the product, else whether an order with one of its variants was
 * delivered to them (and not cancelled): haat_review_standing() (drizzle/0029), which the product
 * page's session read also calls.
 */
async function standingOf(tx: Conn, customerId: number, productId: number): Promise<ReviewStanding> {
  const result = await tx.execute(sql`select haat_review_standing(${customerId}::integer, ${productId}::integer) as standing`);
  return (result as unknown as { rows: { standing: ReviewStanding }[] }).rows[0]!.standing;
}

/** Moves the product's published count and sum by one review, and its stamp with them. */
async function count(tx: Conn, productId: number, by: 1 | -1, rating: number): Promise<void> {
  await tx
    .update(products)
    .set({ reviewCount: sql`${products.reviewCount} + ${by}`, reviewTotal: sql`${products.reviewTotal} + ${by * rating}`, updatedAt: new Date() })
    .where(eq(products.id, productId));
}

export function createReviews(db: Db): ReviewsPort {
  return {
    async forProduct(product: { id: number; reviewCount: number; rating: number }, limit = 50, shopperReviewed = false) {
      // The count and mean are on the product (kept with each review): no query for a product without reviews.
      if (product.reviewCount === 0 && !shopperReviewed) return { count: 0, mean: null, reviews: [] };
      const rows = await db
        .select()
        .from(productReviews)
        .where(and(eq(productReviews.productId, product.id), isNull(productReviews.hiddenAt)))
        .orderBy(desc(productReviews.createdAt), desc(productReviews.id))
        .limit(limit);
      // A count the snapshot has not caught up with: the rows read say it (a shopper's own review seen at once).
      if (product.reviewCount === 0)
        return {
          count: rows.length,
          mean: ratingMean(
            rows.length,
            rows.reduce((sum, r) => sum + r.rating, 0),
          ),
          reviews: rows.map(view),
        };
      return { count: product.reviewCount, mean: product.rating, reviews: rows.map(view) };
    },

    async standing(customer: Customer, productId: number): Promise<ReviewStanding> {
      return standingOf(db, customer.id, productId);
    },

    async write(customer: Customer, productId: number, review: { rating: number; body: string }) {
      return db.transaction(async (tx) => {
        // A shopper who reviewed it has received it; a second review is refused below, by the constraint.
        if ((await standingOf(tx, customer.id, productId)) === "not_delivered") throw new ShopError("invalid", REVIEW_MESSAGES.notEligible);
        // One per customer and product: the unique constraint decides a double post.
        const [row] = await tx
          .insert(productReviews)
          .values({ productId, customerId: customer.id, author: reviewAuthor(customer.name), rating: review.rating, body: review.body })
          .onConflictDoNothing()
          .returning();
        if (!row) throw new ShopError("conflict", REVIEW_MESSAGES.already);
        await count(tx, productId, 1, row.rating);
        return view(row);
      });
    },

    async recent(limit: number): Promise<StaffReviewRow[]> {
      const rows = await db
        .select({ review: productReviews, productTitle: products.title })
        .from(productReviews)
        .innerJoin(products, eq(products.id, productReviews.productId))
        .orderBy(desc(productReviews.createdAt), desc(productReviews.id))
        .limit(limit);
      return rows.map(({ review, productTitle }) => ({ ...view(review), productId: review.productId, productTitle, hidden: review.hiddenAt !== null }));
    },

    async setHidden(staffId: number, reviewId: number, hidden: boolean) {
      await db.transaction(async (tx) => {
        // Only a change of state moves the product's count: hiding twice hides once.
        const [row] = await tx
          .update(productReviews)
          .set({ hiddenAt: hidden ? new Date() : null })
          .where(and(eq(productReviews.id, reviewId), hidden ? isNull(productReviews.hiddenAt) : sql`${productReviews.hiddenAt} is not null`))
          .returning();
        if (!row) {
          const [exists] = await tx.select({ id: productReviews.id }).from(productReviews).where(eq(productReviews.id, reviewId));
          if (!exists) throw new ShopError("not_found", REVIEW_MESSAGES.notFound);
          return;
        }
        await count(tx, row.productId, hidden ? -1 : 1, row.rating);
        await audit(tx, { staffId, action: hidden ? "review.hide" : "review.show", entity: "review", entityId: reviewId, before: { hidden: !hidden }, after: { hidden } });
      });
    },
  };
}
