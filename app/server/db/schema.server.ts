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

export type CategoryRow = typeof categories.$inferSelect;
export type ProductRow = typeof products.$inferSelect;
export type VariantRow = typeof variants.$inferSelect;
