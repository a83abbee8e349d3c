// Reviews (Specification: Product page; decision 058): a shopper's review of what they bought,
// and staff hiding or showing one. Who may review is the Shop's (a delivered order of the
// product), checked in the same transaction as the write.
import type { ReviewsPort, Shop } from "../shop/port.server.ts";

export function writeReview(shop: Shop, ...args: Parameters<ReviewsPort["write"]>): ReturnType<ReviewsPort["write"]> {
  return shop.reviews.write(...args);
}

/** Staff: hides a review from the product page, or shows it again. */
export function setReviewHidden(shop: Shop, ...args: Parameters<ReviewsPort["setHidden"]>): ReturnType<ReviewsPort["setHidden"]> {
  return shop.reviews.setHidden(...args);
}
