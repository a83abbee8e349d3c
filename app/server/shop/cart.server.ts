// The cart: the customer's order in state draft, with one line per variant (docs/ARCHITECTURE.md, Data model).
// Lines show the variant's current price; placing the order (issue 4) fixes the prices.
import { withWeight } from "../../domain/weight.ts";
import { DEFAULT_REPLACEMENT, REPLACEMENT_MESSAGES, type ReplacementChoice } from "../../domain/replacement.ts";
import { and, eq, sql } from "drizzle-orm";
import { CART_MESSAGES, cartCount, checkQuantity, lineTotal, summarize, type CartLineView } from "../../domain/cart.ts";
import { PLACEHOLDER_IMAGE } from "../../domain/catalog.ts";
import { GIFT_MESSAGES, giftOfRow, isGifting, mayCarryGift } from "../../domain/gift.ts";
import { taxRate } from "../../domain/money.ts";
import type { Db } from "../db/client.server.ts";
import { COUPON_MESSAGES } from "../../domain/coupon.ts";
import { coupons, orderLines, orders, products, variants } from "../db/schema.server.ts";
import { checkCoupon, couponByCode, type Conn } from "./coupons.server.ts";
import { deliveryFeeOf, settingsOf } from "./delivery.server.ts";
import { isReadFor, jsonColumn } from "./header-facts.server.ts";
import { ShopError, type CartChange, type CartPort, type SessionRead, type CartView, type Customer } from "./port.server.ts";

/** The customer's draft order id, created when asked to and absent. */
export async function draftOrderId(tx: Conn, customerId: number, create: boolean): Promise<number | null> {
  if (create) {
    // The partial unique index keeps this to one cart even when two adds race.
    await tx.execute(sql`insert into orders (customer_id) values (${customerId}) on conflict (customer_id) where state = 'draft' and subscription_id is null do nothing`);
  }
  const [row] = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.customerId, customerId), eq(orders.state, "draft")))
    .limit(1);
  return row?.id ?? null;
}

async function touch(tx: Conn, orderId: number) {
  await tx.update(orders).set({ updatedAt: new Date() }).where(eq(orders.id, orderId));
}

/** Adds a quantity of a variant to the cart, within its stock; shared with the wishlist's move to cart. */
export async function addToCart(tx: Conn, customer: Customer, internalReference: string, quantity: number): Promise<CartChange> {
  const [variant] = await tx
    .select({ id: variants.id, inStock: variants.inStock, inventoryStock: variants.inventoryStock, title: products.title })
    .from(variants)
    .innerJoin(products, eq(products.id, variants.productId))
    .where(eq(variants.internalReference, internalReference))
    .limit(1);
  if (!variant) throw new ShopError("invalid", CART_MESSAGES.unknownProduct);
  const orderId = (await draftOrderId(tx, customer.id, true))!;
  const [line] = await tx
    .select({ id: orderLines.id, quantity: orderLines.quantity })
    .from(orderLines)
    .where(and(eq(orderLines.orderId, orderId), eq(orderLines.variantId, variant.id)))
    .limit(1);
  const check = checkQuantity((line?.quantity ?? 0) + quantity, variant);
  if (!check.ok) throw new ShopError("conflict", check.message);
  if (line) {
    await tx.update(orderLines).set({ quantity: check.quantity, updatedAt: new Date() }).where(eq(orderLines.id, line.id));
  } else {
    await tx
      .insert(orderLines)
      .values({ orderId, variantId: variant.id, quantity: check.quantity })
      .onConflictDoUpdate({ target: [orderLines.orderId, orderLines.variantId], set: { quantity: check.quantity, updatedAt: new Date() } });
  }
  await touch(tx, orderId);
  return { title: variant.title, quantity: check.quantity, ...(check.clamped ? { warning: check.message } : {}) };
}

/** The cart's lines at current prices, before any coupon. */
export async function readCart(conn: Conn, customer: Customer): Promise<CartView> {
  return (await readDraft(conn, customer)).view;
}

/** haat_draft()'s answer (drizzle/0030_cart_read.sql), as both drivers parse JSON; null without a cart. */
interface DraftJson {
  orderId: number;
  couponId: number | null;
  paymentMethod: "cod" | "razorpay" | null;
  instrument: "upi" | "card" | null;
  giftMessage: string | null;
  giftFrom: string | null;
  giftHidePrices: boolean;
  replacement: ReplacementChoice;
  settings: Record<string, number>;
  lines: {
    id: number;
    quantity: number;
    lineReplacement: ReplacementChoice | null;
    productId: number;
    title: string;
    titleHi: string;
    categorySlug: string;
    salesTax: string[];
    internalReference: string;
    attribute: string;
    images: string[];
    pricePaise: number;
    mrpPaise: number;
    inStock: boolean;
    inventoryStock: number;
    weightUnitGrams: number | null;
    weightTolerance: number | null;
  }[];
}

/**
 * The cart, its draft order's own choices (coupon, payment) and the delivery settings: one call
 * of haat_draft(), whose plans the connection keeps, or what the session read brought with it.
 */
async function readDraft(conn: Conn, customer: Customer, read?: SessionRead) {
  const json = isReadFor(read, "cart", customer) ? (read.json as DraftJson | null) : jsonColumn<DraftJson>(await conn.execute(sql`select haat_draft(${customer.id}) as draft`), "draft");
  const lines: CartLineView[] = (json?.lines ?? []).map((r) => ({
    id: r.id,
    productId: r.productId,
    internalReference: r.internalReference,
    title: r.title,
    ...(r.titleHi ? { titleHi: r.titleHi } : {}),
    attribute: r.attribute,
    image: r.images[0] ?? PLACEHOLDER_IMAGE,
    quantity: r.quantity,
    pricePaise: r.pricePaise,
    mrpPaise: r.mrpPaise,
    taxRate: taxRate(r.salesTax),
    inStock: r.inStock,
    inventoryStock: r.inventoryStock,
    gifting: isGifting(r.categorySlug),
    ...withWeight(r),
    ...(r.lineReplacement ? { replacement: r.lineReplacement } : {}),
  }));
  const draft = json ? { couponId: json.couponId, paymentMethod: json.paymentMethod, instrument: json.instrument, settings: settingsOf(json.settings) } : null;
  const view: CartView = {
    id: json?.orderId ?? null,
    lines,
    summary: summarize(lines),
    count: cartCount(lines),
    coupon: null,
    couponDropped: null,
    paymentMethod: null,
    paymentChoice: null,
    // Kept on the draft while no Gifting product is in it, but not shown, nor placed (orders.place).
    gift: json && mayCarryGift(lines) ? giftOfRow(json) : null,
    replacement: json?.replacement ?? DEFAULT_REPLACEMENT,
  };
  return { view, draft };
}

/**
 * Re-checks the draft order's applied coupon against its lines as they are now, inside the
 * caller's transaction, after a change that can lower the subtotal. A coupon that no longer
 * applies is taken off and its reason returned, so the shopper is told. An emptied cart loses
 * its coupon silently: that is expected (as cart.get and clear do).
 */
async function recheckCoupon(tx: Conn, customer: Customer, orderId: number): Promise<string | undefined> {
  const [order] = await tx.select({ couponId: orders.couponId }).from(orders).where(eq(orders.id, orderId)).limit(1);
  if (!order?.couponId) return undefined;
  const lines = await tx
    .select({ pricePaise: variants.pricePaise, quantity: orderLines.quantity })
    .from(orderLines)
    .innerJoin(variants, eq(variants.id, orderLines.variantId))
    .where(eq(orderLines.orderId, orderId));
  const subtotal = lines.reduce((a, l) => a + lineTotal(l), 0);
  const [row] = await tx.select().from(coupons).where(eq(coupons.id, order.couponId)).limit(1);
  const check = lines.length ? await checkCoupon(tx, row ?? null, customer.id, subtotal) : null;
  if (check?.ok) return undefined;
  await tx.update(orders).set({ couponId: null }).where(eq(orders.id, orderId));
  return check ? check.reason : undefined;
}

export interface CartOptions {
  /** The prepaid discount's percentage, shown in the summary once card or UPI is chosen (decision 031). */
  prepaidPercent?: number;
}

export function createCart(db: Db, { prepaidPercent = 0 }: CartOptions = {}): CartPort {
  /** The line of this customer's cart holding the variant, with its stock; not found when the cart holds none. */
  async function ownLine(tx: Conn, customer: Customer, internalReference: string) {
    const [row] = await tx
      .select({
        id: orderLines.id,
        orderId: orderLines.orderId,
        quantity: orderLines.quantity,
        inStock: variants.inStock,
        inventoryStock: variants.inventoryStock,
        title: products.title,
      })
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .innerJoin(variants, eq(variants.id, orderLines.variantId))
      .innerJoin(products, eq(products.id, variants.productId))
      .where(and(eq(variants.internalReference, internalReference), eq(orders.customerId, customer.id), eq(orders.state, "draft")))
      .limit(1);
    if (!row) throw new ShopError("not_found", CART_MESSAGES.notInCart);
    return row;
  }

  async function setLine(tx: Conn, customer: Customer, line: Awaited<ReturnType<typeof ownLine>>, wanted: number): Promise<CartChange> {
    const check = checkQuantity(wanted, line);
    if (!check.ok) throw new ShopError("conflict", check.message);
    let couponDropped: string | undefined;
    if (check.quantity !== line.quantity) {
      await tx.update(orderLines).set({ quantity: check.quantity, updatedAt: new Date() }).where(eq(orderLines.id, line.id));
      await touch(tx, line.orderId);
      // Fewer items can take the cart below the coupon's minimum.
      if (check.quantity < line.quantity) couponDropped = await recheckCoupon(tx, customer, line.orderId);
    }
    return {
      title: line.title,
      quantity: check.quantity,
      ...(check.clamped ? { warning: check.message } : {}),
      ...(couponDropped ? { couponDropped } : {}),
    };
  }

  return {
    async get(customer, read): Promise<CartView> {
      const { view, draft: order } = await readDraft(db, customer, read);
      if (!view.id || !order) return view;
      const { settings } = order;
      // The coupon is re-checked against the cart as it is now; one that no longer
      // applies (or an empty cart) takes it off, and the page says why.
      view.paymentMethod = order.paymentMethod ?? null;
      view.paymentChoice = order.paymentMethod === "razorpay" ? (order.instrument ?? "upi") : (order.paymentMethod ?? null);
      const prepaid = view.paymentMethod === "razorpay" ? prepaidPercent : 0;
      const fee = deliveryFeeOf(settings);
      view.summary = summarize(view.lines, 0, prepaid, fee);
      if (!order.couponId) return view;
      const [row] = await db.select().from(coupons).where(eq(coupons.id, order.couponId)).limit(1);
      const check = await checkCoupon(db, row ?? null, customer.id, view.summary.subtotalPaise);
      if (!check.ok) {
        await db
          .update(orders)
          .set({ couponId: null })
          .where(and(eq(orders.id, view.id), eq(orders.state, "draft")));
        return { ...view, couponDropped: view.lines.length ? check.reason : null };
      }
      return { ...view, coupon: { code: row!.code, discountPaise: check.discountPaise }, summary: summarize(view.lines, check.discountPaise, prepaid, fee) };
    },

    async applyCoupon(customer, code) {
      return db.transaction(async (tx) => {
        const view = await readCart(tx, customer);
        if (!view.id || view.lines.length === 0) throw new ShopError("invalid", COUPON_MESSAGES.emptyCart);
        const row = await couponByCode(tx, code);
        const check = await checkCoupon(tx, row, customer.id, view.summary.subtotalPaise);
        if (!check.ok) throw new ShopError("invalid", check.reason);
        const [order] = await tx.select({ couponId: orders.couponId }).from(orders).where(eq(orders.id, view.id)).limit(1);
        if (order?.couponId !== row!.id) await tx.update(orders).set({ couponId: row!.id, updatedAt: new Date() }).where(eq(orders.id, view.id));
        return { code: row!.code, discountPaise: check.discountPaise };
      });
    },

    async choosePayment(customer, choice) {
      const orderId = await draftOrderId(db, customer.id, false);
      if (!orderId) throw new ShopError("invalid", CART_MESSAGES.empty);
      await db
        .update(orders)
        .set({ paymentMethod: choice === "cod" ? "cod" : "razorpay", paymentInstrument: choice === "cod" ? null : choice, updatedAt: new Date() })
        .where(and(eq(orders.id, orderId), eq(orders.state, "draft")));
    },

    setGift: (customer, gift) =>
      db.transaction(async (tx) => {
        const { view } = await readDraft(tx, customer);
        if (!view.id || view.lines.length === 0) throw new ShopError("invalid", CART_MESSAGES.empty);
        if (gift && !mayCarryGift(view.lines)) throw new ShopError("invalid", GIFT_MESSAGES.notGift);
        await tx
          .update(orders)
          .set({ giftMessage: gift?.message ?? null, giftFrom: gift?.from || null, giftHidePrices: gift?.hidePrices ?? false, updatedAt: new Date() })
          .where(and(eq(orders.id, view.id), eq(orders.state, "draft")));
      }),

    setReplacement: (customer, order, lines) =>
      db.transaction(async (tx) => {
        const { view } = await readDraft(tx, customer);
        if (!view.id || view.lines.length === 0) throw new ShopError("invalid", CART_MESSAGES.empty);
        const byRef = new Map(view.lines.map((l) => [l.internalReference, l.id]));
        for (const ref of lines.keys()) if (!byRef.has(ref)) throw new ShopError("invalid", REPLACEMENT_MESSAGES.notInCart);
        const at = new Date();
        await tx
          .update(orders)
          .set({ replacement: order, updatedAt: at })
          .where(and(eq(orders.id, view.id), eq(orders.state, "draft")));
        // A line whose choice is the order's keeps none of its own, so changing the order's changes it.
        for (const [ref, choice] of lines) {
          await tx
            .update(orderLines)
            .set({ replacement: choice === order ? null : choice, updatedAt: at })
            .where(eq(orderLines.id, byRef.get(ref)!));
        }
      }),

    async removeCoupon(customer) {
      const orderId = await draftOrderId(db, customer.id, false);
      if (orderId) await db.update(orders).set({ couponId: null, updatedAt: new Date() }).where(eq(orders.id, orderId));
    },

    add: (customer, item) => db.transaction((tx) => addToCart(tx, customer, item.internalReference, item.quantity)),

    async addMany(customer, items) {
      const added: CartChange[] = [];
      const refused: { label: string; reason: string }[] = [];
      for (const item of items) {
        try {
          added.push(await db.transaction((tx) => addToCart(tx, customer, item.internalReference, item.quantity)));
        } catch (error) {
          if (!(error instanceof ShopError)) throw error;
          refused.push({ label: item.label, reason: error.message });
        }
      }
      return { added, refused };
    },

    setQuantity: (customer, internalReference, quantity) => db.transaction(async (tx) => setLine(tx, customer, await ownLine(tx, customer, internalReference), quantity)),

    step: (customer, internalReference, by) =>
      db.transaction(async (tx) => {
        const line = await ownLine(tx, customer, internalReference);
        // Minus stops at 1: removing is its own action.
        return setLine(tx, customer, line, Math.max(1, line.quantity + by));
      }),

    remove: (customer, internalReference) =>
      db.transaction(async (tx) => {
        const line = await ownLine(tx, customer, internalReference);
        await tx.delete(orderLines).where(eq(orderLines.id, line.id));
        await touch(tx, line.orderId);
        const couponDropped = await recheckCoupon(tx, customer, line.orderId);
        return { title: line.title, ...(couponDropped ? { couponDropped } : {}) };
      }),

    async clear(customer) {
      const orderId = await draftOrderId(db, customer.id, false);
      if (orderId) {
        await db.delete(orderLines).where(eq(orderLines.orderId, orderId));
        await db.update(orders).set({ couponId: null, updatedAt: new Date() }).where(eq(orders.id, orderId));
      }
    },
  };
}
