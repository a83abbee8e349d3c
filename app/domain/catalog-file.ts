// Reading a catalogue file (JSON or CSV) for `npm run catalog:import` and the demo seed.
// Pure: text in, validated rows or errors with their line out. Nothing is written
// unless the whole file is valid, so a bad row is reported with its line and reason.
import { z } from "zod";
import { placeCategoryPath, slugify } from "./category.ts";
import { rupeesToPaise } from "./money.ts";
import { isPhotoFilePath } from "./photo.ts";
import { LOW_STOCK_THRESHOLD_RULE, validLowStockThreshold } from "./stock.ts";
import { DEFAULT_WEIGHT_TOLERANCE, validTolerance, validUnitGrams, WEIGHT_TOLERANCE_MAX, WEIGHT_UNIT_MAX_GRAMS, type SoldByWeight } from "./weight.ts";

/** A price or MRP in rupees, as a catalogue file and the staff's catalogue form give it. */
export const rupees = z
  .number({ error: "must be a number of rupees" })
  .min(0, "must not be negative")
  .max(10_000_000, "is too large")
  .refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, "has more than two decimals");

/**
 * A path on the shop ("/images/…"), never one a browser reads as another site's: "//evil.example/x.png"
 * is protocol-relative, and a backslash or a control character can become a slash (issue 25).
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const shopPath = (s: string) => /^\/(?![/\\])/.test(s) && !/[\u0000-\u001f\u007f\\]/.test(s);
const httpsUrl = (s: string) => /^https:\/\/[^/\\]/.test(s);

const mediaPath = z
  .string()
  .trim()
  .max(500)
  .refine((s) => shopPath(s) || httpsUrl(s), "must be a path starting with / or an https:// URL");

/** A variant's pictures: at most this many. */
export const MAX_IMAGES = 20;

/**
 * A variant's picture: a path or URL as above, or a photo file beside the catalogue file
 * ("photos/ghee.jpg"), which `npm run catalog:import` runs through the photo pipeline and
 * records by the URL it is stored under (decision 041).
 */
const pictureEntry = z
  .string()
  .trim()
  .max(500)
  .refine((s) => shopPath(s) || httpsUrl(s) || isPhotoFilePath(s), "must be a path starting with /, an https:// URL, or a .jpg, .png or .webp file beside the catalogue file");

/** A count of stock, as a catalogue file and the staff's catalogue form give it. */
export const stockCount = z.number({ error: "must be a whole number" }).int("must be a whole number").min(0, "must not be negative").max(1_000_000_000, "is too large");

/** A variant's own low-stock threshold (issue 46), as a catalogue file and the staff's catalogue form give it. */
export const lowStockThreshold = z.number({ error: LOW_STOCK_THRESHOLD_RULE }).refine(validLowStockThreshold, LOW_STOCK_THRESHOLD_RULE);

/** An MRP below the price: refused by the file's rules and the staff's form alike. */
export const MRP_BELOW_PRICE = "mrp is below price";

const variantSchema = z
  .object({
    internal_reference: z
      .string({ error: "internal_reference is required" })
      .trim()
      .min(1, "internal_reference is required")
      .max(64, "internal_reference is longer than 64 characters")
      .regex(/^[A-Za-z0-9][A-Za-z0-9._/-]*$/, "internal_reference may hold only letters, digits, '.', '_', '/' and '-'"),
    attribute: z.string().trim().max(120).default(""),
    price: rupees,
    mrp: rupees,
    images: z.array(pictureEntry).max(MAX_IMAGES).default([]),
    in_stock: z.boolean().default(true),
    inventory_stock: stockCount.default(0),
    // Optional: a file without it leaves the threshold staff set as it is.
    low_stock_below: lowStockThreshold.optional(),
    video: mediaPath.nullable().optional(),
    // Sold by weight (issue 29): packs of about unit_grams, weighed within tolerance_percent. A
    // variant without it is sold by the pack: the file is the truth for the variants it lists.
    sold_by_weight: z
      .object({
        // The bounds are weight.ts's, the staff form's and the Shop's: said in the file's own names.
        unit_grams: z.number({ error: "unit_grams must be a whole number of grams" }).refine(validUnitGrams, `unit_grams must be whole grams from 1 to ${WEIGHT_UNIT_MAX_GRAMS}`),
        tolerance_percent: z
          .number({ error: "tolerance_percent must be a whole percent" })
          .refine(validTolerance, `tolerance_percent must be a whole percent from 0 to ${WEIGHT_TOLERANCE_MAX}`)
          .default(DEFAULT_WEIGHT_TOLERANCE),
      })
      .nullable()
      .optional(),
  })
  .refine((v) => v.mrp >= v.price, { message: MRP_BELOW_PRICE, path: ["mrp"] });

/** An HSN code: 4, 6 or 8 digits, written "0802", "0802.12" or "0802 12" and kept as digits; "" is none. */
export const hsnCode = z
  .string({ error: 'hsn must be a string of digits, e.g. "0802"' })
  .trim()
  .transform((s) => s.replace(/[.\s]/g, ""))
  .refine((s) => s === "" || /^(\d{4}|\d{6}|\d{8})$/.test(s), "hsn must be an HSN code of 4, 6 or 8 digits");

const productSchema = z.object({
  title: z.string({ error: "title is required" }).trim().min(1, "title is required").max(200),
  // Hindi beside the English (issue 27): optional, shown on Hindi pages, English where blank.
  title_hi: z.string().trim().max(200).default(""),
  short_desc: z.string().max(2_000).default(""),
  short_desc_hi: z.string().max(2_000).default(""),
  long_desc: z.string().max(50_000).default(""),
  category: z
    .string({ error: "category is required" })
    .max(300)
    .refine((p) => placeCategoryPath(p) !== null, "category path is empty"),
  sales_tax: z
    .array(
      z
        .string()
        .trim()
        .regex(/^\d{1,2}(\.\d+)?%$/, "sales_tax entries look like '5%'"),
    )
    .min(1)
    .default(["0%"]),
  // Optional, so older files still import; an invoice line then has no HSN code.
  hsn: hsnCode.optional(),
  rating: z.number().min(0).max(5).default(4),
  isOrganic: z.boolean().default(false),
  // Offered as a standing order (issue 45): milk, curd, eggs, bread, staples.
  subscribable: z.boolean().default(false),
  created_at: z.iso.datetime({ offset: true }).optional(),
  variants: z.array(variantSchema).min(1, "a product needs at least one variant").max(50),
});

const childSchema = z.object({
  name: z.string().trim().min(1).max(100),
  // The name in Hindi (issue 27), optional.
  title_hi: z.string().trim().max(100).default(""),
  slug: z.string().trim().max(100).optional(),
  image: mediaPath.nullable().optional(),
  sort: z.number().int().optional(),
  backendKey: z.string().trim().max(100).nullable().optional(),
});

const categorySchema = childSchema.extend({
  status: z.enum(["active", "coming_soon"]).default("active"),
  children: z.array(childSchema).max(200).default([]),
});

export interface ImportVariant {
  internalReference: string;
  attribute: string;
  pricePaise: number;
  mrpPaise: number;
  images: string[];
  inStock: boolean;
  inventoryStock: number;
  /** The staff dashboard's low-stock threshold (issue 46); null when the file does not give one (an update then keeps the stored one). */
  lowStockBelow: number | null;
  video: string | null;
  sort: number;
  /** Sold by weight (issue 29), or null: by the pack. */
  byWeight: SoldByWeight | null;
}

export interface ImportProduct {
  line: number;
  title: string;
  /** Hindi (issue 27); "" when the file has none. */
  titleHi: string;
  shortDesc: string;
  shortDescHi: string;
  longDesc: string;
  categoryPath: string;
  categorySlug: string;
  subSlug: string | null;
  categoryName: string;
  subName: string | null;
  salesTax: string[];
  /** The HSN code; null when the file does not give one (an update then keeps the stored code). */
  hsn: string | null;
  rating: number;
  isOrganic: boolean;
  subscribable: boolean;
  createdAt: Date | null;
  variants: ImportVariant[];
}

export interface ImportCategory {
  name: string;
  /** The name in Hindi; "" when the file has none. */
  nameHi: string;
  slug: string;
  image: string | null;
  status: "active" | "coming_soon";
  sort: number;
  backendKey: string | null;
  children: { name: string; nameHi: string; slug: string; image: string | null; sort: number; backendKey: string | null }[];
}

export interface CatalogFile {
  categories: ImportCategory[];
  products: ImportProduct[];
}

/** The photo files a catalogue file names (paths relative to it, "./" dropped), each with the first line that names it. */
export function photoFilesOf(file: CatalogFile): { path: string; line: number }[] {
  const found = new Map<string, number>();
  for (const p of file.products) for (const v of p.variants) for (const image of v.images) if (isPhotoFilePath(image)) found.set(photoKey(image), found.get(photoKey(image)) ?? p.line);
  return [...found].map(([path, line]) => ({ path, line }));
}

/** The file with each photo file replaced by the URL its photo was stored under (`urls` by photoFilesOf's paths). */
export function withPhotoUrls(file: CatalogFile, urls: ReadonlyMap<string, string>): CatalogFile {
  const url = (image: string) => (isPhotoFilePath(image) ? (urls.get(photoKey(image)) ?? image) : image);
  return { ...file, products: file.products.map((p) => ({ ...p, variants: p.variants.map((v) => ({ ...v, images: [...new Set(v.images.map(url))] })) })) };
}

const photoKey = (image: string) => image.replace(/^\.\//, "");

export interface RowError {
  line: number;
  reason: string;
}

export type ParseResult = { ok: true; file: CatalogFile } | { ok: false; errors: RowError[] };

export function parseCatalogFile(text: string, format: "json" | "csv"): ParseResult {
  return format === "json" ? parseJsonCatalog(text) : parseCsvCatalog(text);
}

// ---------- JSON ----------

export function parseJsonCatalog(text: string): ParseResult {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (error) {
    return { ok: false, errors: [{ line: jsonErrorLine(text, error), reason: `not valid JSON: ${(error as Error).message}` }] };
  }
  if (!doc || typeof doc !== "object" || Array.isArray(doc)) {
    return { ok: false, errors: [{ line: 1, reason: "expected an object with 'categories' and 'products' arrays" }] };
  }
  const { categories = [], products } = doc as { categories?: unknown; products?: unknown };
  if (!Array.isArray(products)) return { ok: false, errors: [{ line: 1, reason: "'products' must be an array" }] };
  if (!Array.isArray(categories)) return { ok: false, errors: [{ line: 1, reason: "'categories' must be an array" }] };
  const lines = locateJsonItems(text);
  const errors: RowError[] = [];

  const cats: ImportCategory[] = [];
  categories.forEach((raw, i) => {
    const line = lines.categories[i] ?? 1;
    const r = categorySchema.safeParse(raw);
    if (!r.success) return errors.push(...issues(line, `categories[${i}]`, r.error));
    const c = r.data;
    cats.push({
      name: c.name,
      nameHi: c.title_hi,
      slug: slugOr(c.slug, c.name),
      image: c.image ?? null,
      status: c.status,
      sort: c.sort ?? i + 1,
      backendKey: c.backendKey || null,
      children: c.children.map((ch, j) => ({
        name: ch.name,
        nameHi: ch.title_hi,
        slug: slugOr(ch.slug, ch.name),
        image: ch.image ?? null,
        sort: ch.sort ?? j + 1,
        backendKey: ch.backendKey || null,
      })),
    });
  });

  const prods: ImportProduct[] = [];
  products.forEach((raw, i) => {
    const line = lines.products[i] ?? 1;
    const r = productSchema.safeParse(raw);
    if (!r.success) return errors.push(...issues(line, `products[${i}]`, r.error));
    prods.push(toImportProduct(line, r.data));
  });
  errors.push(...crossChecks(cats, prods));
  return errors.length ? { ok: false, errors: errors.sort((a, b) => a.line - b.line) } : { ok: true, file: { categories: cats, products: prods } };
}

function slugOr(slug: string | undefined, name: string): string {
  return slugify(slug && slug.length > 0 ? slug : name);
}

function toImportProduct(line: number, p: z.infer<typeof productSchema>): ImportProduct {
  const place = placeCategoryPath(p.category)!;
  return {
    line,
    title: p.title,
    titleHi: p.title_hi,
    shortDesc: p.short_desc,
    shortDescHi: p.short_desc_hi,
    longDesc: p.long_desc,
    categoryPath: p.category.trim(),
    categorySlug: place.categorySlug,
    subSlug: place.subSlug,
    categoryName: place.categoryName,
    subName: place.subName,
    salesTax: p.sales_tax,
    hsn: p.hsn || null,
    rating: p.rating,
    isOrganic: p.isOrganic,
    subscribable: p.subscribable,
    createdAt: p.created_at ? new Date(p.created_at) : null,
    variants: p.variants.map((v, i) => ({
      internalReference: v.internal_reference,
      attribute: v.attribute,
      pricePaise: rupeesToPaise(v.price),
      mrpPaise: rupeesToPaise(v.mrp),
      images: v.images,
      inStock: v.in_stock,
      inventoryStock: v.inventory_stock,
      lowStockBelow: v.low_stock_below ?? null,
      video: v.video ?? null,
      sort: i,
      byWeight: v.sold_by_weight ? { unitGrams: v.sold_by_weight.unit_grams, tolerancePercent: v.sold_by_weight.tolerance_percent } : null,
    })),
  };
}

function issues(line: number, where: string, error: z.ZodError): RowError[] {
  return error.issues.map((i) => ({
    line,
    reason: `${[where, ...i.path].join(".").replace(/\.(\d+)/g, "[$1]")}: ${i.message}`,
  }));
}

function crossChecks(cats: ImportCategory[], prods: ImportProduct[]): RowError[] {
  const errors: RowError[] = [];
  const seen = new Map<string, number>();
  for (const p of prods) {
    for (const v of p.variants) {
      const first = seen.get(v.internalReference);
      if (first !== undefined) errors.push({ line: p.line, reason: `internal_reference ${v.internalReference} already appears on line ${first}` });
      else seen.set(v.internalReference, p.line);
    }
  }
  const slugs = new Set<string>();
  for (const c of cats) {
    for (const slug of [c.slug, ...c.children.map((ch) => ch.slug)]) {
      if (slugs.has(slug)) errors.push({ line: 1, reason: `category slug ${slug} appears twice` });
      slugs.add(slug);
    }
  }
  return errors;
}

/** 1-based line of each element of the top-level "categories" and "products" arrays. */
export function locateJsonItems(text: string): { categories: number[]; products: number[] } {
  const out = { categories: [] as number[], products: [] as number[] };
  let line = 1;
  let depth = 0;
  let inString = false;
  let lastKey = "";
  let current: "categories" | "products" | null = null;
  let stringStart = 0;
  let expectItem = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === "\n") line++;
    if (inString) {
      if (ch === "\\") i++;
      else if (ch === '"') {
        inString = false;
        if (depth === 1) lastKey = text.slice(stringStart + 1, i);
      }
      continue;
    }
    if (/\s/.test(ch)) continue;
    if (current && depth === 2 && expectItem && ch !== "]") {
      out[current].push(line);
      expectItem = false;
    }
    if (ch === '"') {
      inString = true;
      stringStart = i;
    } else if (ch === "{" || ch === "[") {
      depth++;
      if (depth === 2 && ch === "[" && (lastKey === "categories" || lastKey === "products")) {
        current = lastKey;
        expectItem = true;
      }
    } else if (ch === "}" || ch === "]") {
      depth--;
      if (depth === 1) current = null;
    } else if (ch === "," && depth === 2 && current) {
      expectItem = true;
    }
  }
  return out;
}

/** The line of the first syntax error (V8's message no longer says where it is). */
function jsonErrorLine(text: string, error: unknown): number {
  const line = /line (\d+)/.exec((error as Error).message);
  if (line) return Number(line[1]);
  return text.slice(0, jsonErrorOffset(text)).split("\n").length;
}

/** Offset of the first JSON syntax error, found by a minimal recursive-descent scan. */
export function jsonErrorOffset(text: string): number {
  let i = 0;
  const ws = () => {
    while (i < text.length && /\s/.test(text[i])) i++;
  };
  const fail = (): never => {
    throw i;
  };
  const value = (): void => {
    ws();
    const ch = text[i];
    if (ch === "{") {
      i++;
      ws();
      if (text[i] === "}") return void i++;
      for (;;) {
        ws();
        if (text[i] !== '"') fail();
        string();
        ws();
        if (text[i] !== ":") fail();
        i++;
        value();
        ws();
        if (text[i] === ",") i++;
        else if (text[i] === "}") return void i++;
        else fail();
      }
    } else if (ch === "[") {
      i++;
      ws();
      if (text[i] === "]") return void i++;
      for (;;) {
        value();
        ws();
        if (text[i] === ",") i++;
        else if (text[i] === "]") return void i++;
        else fail();
      }
    } else if (ch === '"') string();
    else {
      const m = /^(-?\d+(\.\d+)?([eE][+-]?\d+)?|true|false|null)/.exec(text.slice(i, i + 40));
      if (!m) fail();
      i += m![0].length;
    }
  };
  const string = () => {
    i++;
    while (i < text.length && text[i] !== '"') i += text[i] === "\\" ? 2 : 1;
    if (i >= text.length) fail();
    i++;
  };
  try {
    value();
    ws();
    return i < text.length ? i : text.length;
  } catch (at) {
    return typeof at === "number" ? at : 0;
  }
}

// ---------- CSV ----------

export const CSV_COLUMNS = [
  "product_key",
  "title",
  "title_hi",
  "short_desc",
  "short_desc_hi",
  "long_desc",
  "category",
  "sales_tax",
  "hsn",
  "rating",
  "is_organic",
  "created_at",
  "internal_reference",
  "attribute",
  "price",
  "mrp",
  "images",
  "in_stock",
  "inventory_stock",
  "low_stock_below",
  "video",
  "weight_unit_grams",
  "weight_tolerance_percent",
] as const;

/** RFC 4180 rows, each with the 1-based line it starts on. */
export function readCsv(text: string): { line: number; cells: string[] }[] {
  const rows: { line: number; cells: string[] }[] = [];
  let line = 1;
  let rowLine = 1;
  let cells: string[] = [];
  let cell = "";
  let quoted = false;
  const endRow = () => {
    cells.push(cell);
    if (cells.length > 1 || cells[0].trim() !== "") rows.push({ line: rowLine, cells });
    cells = [];
    cell = "";
  };
  const body = text.replace(/^\uFEFF/, "");
  for (let i = 0; i < body.length; i++) {
    const ch = body[i];
    if (quoted) {
      if (ch === '"' && body[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else {
        if (ch === "\n") line++;
        cell += ch;
      }
    } else if (ch === '"' && cell === "") quoted = true;
    else if (ch === ",") {
      cells.push(cell);
      cell = "";
    } else if (ch === "\n" || ch === "\r") {
      if (ch === "\r" && body[i + 1] === "\n") i++;
      endRow();
      line++;
      rowLine = line;
    } else cell += ch;
  }
  if (cell !== "" || cells.length > 0) endRow();
  return rows;
}

const bool = (s: string) => (/^(true|1|yes)$/i.test(s.trim()) ? true : /^(false|0|no)$/i.test(s.trim()) ? false : undefined);
const list = (s: string) =>
  s
    .split("|")
    .map((x) => x.trim())
    .filter(Boolean);
const num = (s: string) => (s.trim() === "" ? undefined : Number(s));

export function parseCsvCatalog(text: string): ParseResult {
  const rows = readCsv(text);
  if (rows.length === 0) return { ok: false, errors: [{ line: 1, reason: "the file is empty" }] };
  const header = rows[0].cells.map((h) => h.trim().toLowerCase());
  const missing = ["title", "category", "internal_reference", "price", "mrp"].filter((c) => !header.includes(c));
  const unknown = header.filter((h) => !(CSV_COLUMNS as readonly string[]).includes(h));
  if (missing.length || unknown.length) {
    const reasons = [missing.length ? `missing column(s): ${missing.join(", ")}` : "", unknown.length ? `unknown column(s): ${unknown.join(", ")}` : ""].filter(Boolean);
    return { ok: false, errors: [{ line: rows[0].line, reason: reasons.join("; ") }] };
  }
  const errors: RowError[] = [];
  const groups = new Map<string, { line: number; product: Record<string, unknown>; variants: { line: number; v: Record<string, unknown> }[] }>();
  for (const row of rows.slice(1)) {
    if (row.cells.length !== header.length) {
      errors.push({ line: row.line, reason: `expected ${header.length} columns, found ${row.cells.length}` });
      continue;
    }
    const get = (col: string) => {
      const at = header.indexOf(col);
      return at >= 0 ? row.cells[at] : "";
    };
    const key = get("product_key").trim() || `${get("title").trim()}\u0000${get("category").trim()}`;
    const variant = {
      internal_reference: get("internal_reference"),
      attribute: get("attribute"),
      price: num(get("price")) ?? get("price"),
      mrp: num(get("mrp")) ?? get("mrp"),
      images: list(get("images")),
      in_stock: get("in_stock").trim() === "" ? undefined : (bool(get("in_stock")) ?? get("in_stock")),
      inventory_stock: num(get("inventory_stock")),
      low_stock_below: num(get("low_stock_below")),
      video: get("video").trim() || null,
      // A blank unit: sold by the pack (a tolerance alone is refused, as it means nothing).
      sold_by_weight:
        get("weight_unit_grams").trim() === "" && get("weight_tolerance_percent").trim() === ""
          ? null
          : { unit_grams: num(get("weight_unit_grams")) ?? get("weight_unit_grams"), tolerance_percent: num(get("weight_tolerance_percent")) },
    };
    const existing = groups.get(key);
    if (existing) {
      existing.variants.push({ line: row.line, v: variant });
      continue;
    }
    groups.set(key, {
      line: row.line,
      product: {
        title: get("title"),
        title_hi: get("title_hi"),
        short_desc: get("short_desc"),
        short_desc_hi: get("short_desc_hi"),
        long_desc: get("long_desc"),
        category: get("category"),
        sales_tax: get("sales_tax").trim() ? list(get("sales_tax")) : undefined,
        hsn: header.includes("hsn") ? get("hsn") : undefined,
        rating: num(get("rating")),
        isOrganic: get("is_organic").trim() === "" ? undefined : (bool(get("is_organic")) ?? get("is_organic")),
        subscribable: !header.includes("subscribable") || get("subscribable").trim() === "" ? undefined : (bool(get("subscribable")) ?? get("subscribable")),
        created_at: get("created_at").trim() || undefined,
      },
      variants: [{ line: row.line, v: variant }],
    });
  }
  const prods: ImportProduct[] = [];
  for (const g of groups.values()) {
    const r = productSchema.safeParse({ ...g.product, variants: g.variants.map((x) => x.v) });
    if (!r.success) {
      for (const issue of r.error.issues) {
        const vIndex = issue.path[0] === "variants" && typeof issue.path[1] === "number" ? issue.path[1] : -1;
        const line = vIndex >= 0 ? g.variants[vIndex].line : g.line;
        const field = (vIndex >= 0 ? issue.path.slice(2) : issue.path).join(".");
        errors.push({ line, reason: `${field || "row"}: ${issue.message}` });
      }
      continue;
    }
    const product = toImportProduct(g.line, r.data);
    prods.push(product);
  }
  // Duplicate references are reported on the row that repeats them.
  const lineOfRef = new Map<string, number>();
  for (const g of groups.values()) for (const x of g.variants) lineOfRef.set(String(x.v.internal_reference).trim(), x.line);
  for (const e of crossChecks([], prods)) {
    const ref = /internal_reference (\S+)/.exec(e.reason)?.[1];
    errors.push({ line: (ref && lineOfRef.get(ref)) || e.line, reason: e.reason });
  }
  return errors.length ? { ok: false, errors: errors.sort((a, b) => a.line - b.line) } : { ok: true, file: { categories: [], products: prods } };
}
