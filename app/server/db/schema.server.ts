import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from "drizzle-orm/pg-core";

// One schema for both PGlite (embedded) and PostgreSQL. Money is integer paise.

export const categories = pgTable(
  "categories",
  {
    id: serial("id").primaryKey(),
    parentId: integer("parent_id").references((): any => categories.id, { onDelete: "restrict" }),
    name: text("name").notNull(),
    slug: text("slug").notNull().unique(),
    image: text("image"),
    status: text("status", { enum: ["active", "coming_soon"] }).notNull().default("active"),
    sort: integer("sort").notNull().default(0),
    backendKey: text("backend_key"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("categories_parent_idx").on(t.parentId),
    check("categories_status_check", sql`${t.status} in ('active', 'coming_soon')`),
  ],
);

export const products = pgTable(
  "products",
  {
    id: serial("id").primaryKey(),
    title: text("title").notNull(),
    shortDesc: text("short_desc").notNull().default(""),
    longDesc: text("long_desc").notNull().default(""),
    // The spec's slash-separated path ("All / Grocers Pick / Rice"); the two slugs
    // below are derived from it by app/domain/category.ts when the row is written.
    categoryPath: text("category_path").notNull(),
    categorySlug: text("category_slug").notNull(),
    subSlug: text("sub_slug"),
    salesTax: jsonb("sales_tax").$type<string[]>().notNull().default(["0%"]),
    rating: real("rating").notNull().default(4),
    isOrganic: boolean("is_organic").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("products_category_idx").on(t.categorySlug, t.subSlug),
    index("products_created_idx").on(t.createdAt),
  ],
);

export const variants = pgTable(
  "variants",
  {
    id: serial("id").primaryKey(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    internalReference: text("internal_reference").notNull().unique(),
    attribute: text("attribute").notNull().default(""),
    pricePaise: integer("price_paise").notNull(),
    mrpPaise: integer("mrp_paise").notNull(),
    images: jsonb("images").$type<string[]>().notNull().default([]),
    video: text("video"),
    inStock: boolean("in_stock").notNull().default(true),
    inventoryStock: integer("inventory_stock").notNull().default(0),
    sort: integer("sort").notNull().default(0),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("variants_product_idx").on(t.productId),
    check("variants_price_check", sql`${t.pricePaise} >= 0 and ${t.mrpPaise} >= ${t.pricePaise}`),
    check("variants_stock_check", sql`${t.inventoryStock} >= 0`),
  ],
);

// ---------- customers and their sessions (issue 3) ----------

export const customers = pgTable("customers", {
  id: serial("id").primaryKey(),
  // Stored lower-cased and trimmed (app/domain/account.ts), so uniqueness ignores case.
  email: text("email").notNull().unique(),
  name: text("name").notNull(),
  phone: text("phone").notNull().default(""),
  // scrypt parameters, salt and hash in one string; null for customers who sign in through Clerk.
  passwordHash: text("password_hash"),
  clerkUserId: text("clerk_user_id").unique(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const sessions = pgTable(
  "sessions",
  {
    // SHA-256 of the token in the cookie: a leaked table does not sign anyone in.
    id: text("id").primaryKey(),
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    renewedAt: timestamp("renewed_at", { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("sessions_customer_idx").on(t.customerId), index("sessions_expires_idx").on(t.expiresAt)],
);

export const passwordResets = pgTable(
  "password_resets",
  {
    id: serial("id").primaryKey(),
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    attempts: integer("attempts").notNull().default(0),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("password_resets_customer_idx").on(t.customerId)],
);

/** Fixed-window counters shared by every server instance (sign-in, sign-up, reset). */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
  count: integer("count").notNull(),
});

// ---------- orders: the cart is the customer's order in state draft ----------

export const orders = pgTable(
  "orders",
  {
    id: serial("id").primaryKey(),
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "restrict" }),
    state: text("state", { enum: ["draft", "confirmed", "cancelled"] }).notNull().default("draft"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("orders_customer_idx").on(t.customerId, t.state),
    // One cart per customer, even when two requests create it at once.
    uniqueIndex("orders_one_draft_per_customer").on(t.customerId).where(sql`${t.state} = 'draft'`),
    check("orders_state_check", sql`${t.state} in ('draft', 'confirmed', 'cancelled')`),
  ],
);

export const orderLines = pgTable(
  "order_lines",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    variantId: integer("variant_id")
      .notNull()
      .references(() => variants.id, { onDelete: "restrict" }),
    quantity: integer("quantity").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique("order_lines_one_per_variant").on(t.orderId, t.variantId),
    check("order_lines_quantity_check", sql`${t.quantity} >= 1`),
  ],
);

export const wishlistItems = pgTable(
  "wishlist_items",
  {
    id: serial("id").primaryKey(),
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    variantId: integer("variant_id")
      .notNull()
      .references(() => variants.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique("wishlist_items_one_per_variant").on(t.customerId, t.variantId)],
);

export type CategoryRow = typeof categories.$inferSelect;
export type ProductRow = typeof products.$inferSelect;
export type VariantRow = typeof variants.$inferSelect;
export type CustomerRow = typeof customers.$inferSelect;
