// The wishlist: one row per customer and variant.
import { and, desc, eq } from "drizzle-orm";
import { CART_MESSAGES } from "../../domain/cart.ts";
import { PLACEHOLDER_IMAGE } from "../../domain/catalog.ts";
import { WISHLIST_MESSAGES, wishlistItemInStock, type WishlistItemView } from "../../domain/wishlist.ts";
import type { Db } from "../db/client.server.ts";
import { products, variants, wishlistItems } from "../db/schema.server.ts";
import { addToCart } from "./cart.server.ts";
import { ShopError, type WishlistPort } from "./port.server.ts";

export function createWishlist(db: Db): WishlistPort {
  async function variantId(internalReference: string): Promise<number> {
    const [v] = await db.select({ id: variants.id }).from(variants).where(eq(variants.internalReference, internalReference)).limit(1);
    if (!v) throw new ShopError("invalid", CART_MESSAGES.unknownProduct);
    return v.id;
  }

  async function add(customerId: number, vid: number) {
    // A duplicate is ignored (Specification: Wishlist).
    await db.insert(wishlistItems).values({ customerId, variantId: vid }).onConflictDoNothing();
  }

  return {
    async list(customer) {
      const rows = await db
        .select({
          id: wishlistItems.id,
          productId: products.id,
          title: products.title,
          titleHi: products.titleHi,
          internalReference: variants.internalReference,
          attribute: variants.attribute,
          images: variants.images,
          pricePaise: variants.pricePaise,
          mrpPaise: variants.mrpPaise,
          inStock: variants.inStock,
          inventoryStock: variants.inventoryStock,
        })
        .from(wishlistItems)
        .innerJoin(variants, eq(variants.id, wishlistItems.variantId))
        .innerJoin(products, eq(products.id, variants.productId))
        .where(eq(wishlistItems.customerId, customer.id))
        .orderBy(desc(wishlistItems.createdAt), desc(wishlistItems.id));
      return rows.map(({ images, ...r }): WishlistItemView => ({ ...r, image: images[0] ?? PLACEHOLDER_IMAGE }));
    },

    async add(customer, internalReference) {
      await add(customer.id, await variantId(internalReference));
    },

    async remove(customer, which) {
      let condition;
      if (which.item) condition = eq(wishlistItems.id, which.item);
      else if (which.internalReference) condition = eq(wishlistItems.variantId, await variantId(which.internalReference));
      else throw new ShopError("invalid", WISHLIST_MESSAGES.missingReference);
      const gone = await db
        .delete(wishlistItems)
        .where(and(eq(wishlistItems.customerId, customer.id), condition))
        .returning({ id: wishlistItems.id });
      if (gone.length === 0) throw new ShopError("not_found", WISHLIST_MESSAGES.notFound);
    },

    async toggle(customer, internalReference) {
      const vid = await variantId(internalReference);
      const gone = await db
        .delete(wishlistItems)
        .where(and(eq(wishlistItems.customerId, customer.id), eq(wishlistItems.variantId, vid)))
        .returning({ id: wishlistItems.id });
      if (gone.length > 0) return { added: false };
      await add(customer.id, vid);
      return { added: true };
    },

    moveToCart: (customer, itemId) =>
      db.transaction(async (tx) => {
        const [item] = await tx
          .select({ id: wishlistItems.id, internalReference: variants.internalReference, inStock: variants.inStock, inventoryStock: variants.inventoryStock })
          .from(wishlistItems)
          .innerJoin(variants, eq(variants.id, wishlistItems.variantId))
          .where(and(eq(wishlistItems.id, itemId), eq(wishlistItems.customerId, customer.id)))
          .limit(1);
        if (!item) throw new ShopError("not_found", WISHLIST_MESSAGES.notFound);
        if (!wishlistItemInStock(item)) throw new ShopError("conflict", WISHLIST_MESSAGES.outOfStock);
        const change = await addToCart(tx, customer, item.internalReference, 1);
        await tx.delete(wishlistItems).where(eq(wishlistItems.id, item.id));
        return change;
      }),
  };
}
