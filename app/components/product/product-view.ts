import type { ProductDetail, VariantView } from "../../domain/catalog.ts";
import type { ProductReviews } from "../../domain/review.ts";
import { displayVariant, isAvailable } from "../../domain/stock.ts";
import { store } from "../../domain/store-config.ts";

/** The variant named in the query string, else the first in-stock one, else the first. */
export function selectVariant(variants: VariantView[], ref: string | null): VariantView {
  return variants.find((v) => v.internalReference === ref) ?? displayVariant(variants)!;
}

/** A review's day as the page shows it: the shop's (India's), as YYYY-MM-DD. */
const shopDate = new Intl.DateTimeFormat("en-CA", { year: "numeric", month: "2-digit", day: "2-digit", timeZone: "Asia/Kolkata" });

/** schema.org Product; its rating only from published reviews (none: no rating is claimed). */
export function productJsonLd(product: Omit<ProductDetail, "longDesc">, variant: VariantView, origin: string, reviews: ProductReviews) {
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    name: product.title,
    description: product.shortDesc || undefined,
    sku: variant.internalReference,
    image: variant.images.map((i) => (i.startsWith("/") ? origin + i : i)),
    category: product.categoryPath,
    brand: { "@type": "Brand", name: store.name },
    ...(reviews.mean !== null
      ? {
          aggregateRating: { "@type": "AggregateRating", ratingValue: reviews.mean, reviewCount: reviews.count, bestRating: 5, worstRating: 1 },
          review: reviews.reviews.slice(0, 5).map((r) => ({
            "@type": "Review",
            author: { "@type": "Person", name: r.author },
            datePublished: shopDate.format(new Date(r.createdAt)),
            reviewRating: { "@type": "Rating", ratingValue: r.rating, bestRating: 5, worstRating: 1 },
            ...(r.body ? { reviewBody: r.body } : {}),
          })),
        }
      : {}),
    offers: product.variants.map((v) => ({
      "@type": "Offer",
      sku: v.internalReference,
      url: `${origin}/product/${product.id}?variant=${encodeURIComponent(v.internalReference)}`,
      priceCurrency: "INR",
      price: (v.pricePaise / 100).toFixed(0),
      availability: isAvailable(v) ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
      itemCondition: "https://schema.org/NewCondition",
    })),
  };
}
