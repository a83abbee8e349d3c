// The Shop port: the only way loaders and actions reach data. Grouped by aggregate;
// later issues add cart, wishlist, orders, addresses, customers, tickets, newsletter.
import type { CategoryNode, ListingResult, ProductCard, ProductDetail, Suggestion } from "../../domain/catalog.ts";
import type { ListingQuery } from "../../domain/listing.ts";

export interface CatalogPort {
  /** Top-level categories with their children, in display order (coming_soon last). */
  categories(): Promise<CategoryNode[]>;
  listing(query: ListingQuery): Promise<ListingResult>;
  product(id: number): Promise<ProductDetail | null>;
  /** Up to `limit` products of the same category, same subcategory first, never the product itself. */
  related(product: Pick<ProductDetail, "id" | "categorySlug" | "subSlug">, limit?: number): Promise<ProductCard[]>;
  newProducts(limit: number): Promise<ProductCard[]>;
  suggestions(query: string): Promise<Suggestion[]>;
}

export interface Shop {
  catalog: CatalogPort;
  /** True when the database answers. */
  healthy(): Promise<boolean>;
  close(): Promise<void>;
}

/** A failure with the shopper-facing message from the specifications' error catalogue. */
export class ShopError extends Error {
  readonly code: "not_found" | "invalid" | "unavailable";
  constructor(code: ShopError["code"], message: string) {
    super(message);
    this.name = "ShopError";
    this.code = code;
  }
}
