// Placing, listing and cancelling orders. Placing is one transaction that locks the cart
// and its variants' rows, re-checks stock and coupon, takes the stock, fixes prices, tax
// and address, gives the order the next number of the orders' series, and confirms the cart;
// placing the same cart again answers that order. Moving an order Out for delivery issues its
// tax invoice (decision 065).
import { metrics, type PaymentMethodLabel } from "../metrics/metrics.server.ts";
import { onCommit } from "../db/transaction-scope.server.ts";
import { giftOfRow, isGifting, mayCarryGift } from "../../domain/gift.ts";
import { leaveRefusal, withWeight } from "../../domain/weight.ts";
import { and, asc, desc, eq, inArray, notInArray, sql, type SQL } from "drizzle-orm";
import { CART_MESSAGES, onlyAvailableMessage } from "../../domain/cart.ts";
import { PLACEHOLDER_IMAGE } from "../../domain/catalog.ts";
import { taxRate } from "../../domain/money.ts";
import { ORDER_MESSAGES } from "../../domain/order.ts";
import { DEFAULT_HOLD_MINUTES, PART_REFUNDS, refundLeft, type PaymentState } from "../../domain/payment.ts";
import { slotLabel } from "../../domain/delivery.ts";
import { bookSlot, checkMinimum, deliveryFeeOf, pinServed, readSettings, refuseUnserved, releaseSlot } from "./delivery.server.ts";
import { audit } from "./audit.server.ts";
import { askRefund, customerOfOrder, refundKey } from "./order-rows.server.ts";
import { canCancel, canMoveSlot, LIFE_MESSAGES, nextStage, STAGE_LABELS, type Stage } from "../../domain/order-life.ts";
import { slotValue, type Slot } from "../../domain/delivery.ts";

/** An order's columns for its figures, from the one pricing function's answer. */
function orderTotals(pricing: Pick<OrderPricing<PricedLineInput>, "subtotalPaise" | "couponPaise" | "prepaidPaise" | "taxPaise" | "totalPaise">) {
  return {
    subtotalPaise: pricing.subtotalPaise,
    discountPaise: pricing.couponPaise,
    prepaidDiscountPaise: pricing.prepaidPaise,
    taxPaise: pricing.taxPaise,
    totalPaise: pricing.totalPaise,
  };
}

import { priceOrder, type OrderPricing, type PricedLineInput } from "../../domain/pricing.ts";
import type { Db } from "../db/client.server.ts";
import { addresses, coupons, invoices, orderEvents, orderLines, orders, payments, products, refunds, variants, type OrderLineRow, type OrderRow } from "../db/schema.server.ts";
import { checkCoupon, type Conn } from "./coupons.server.ts";
import { documentsOf, issueInvoice, nextInSeries, ORDER_SERIES } from "./documents.server.ts";
import { replaceIn, shortPickIn, takeBackIn, weighIn } from "./packing.server.ts";
import { ShopError, type CreditNoteRef, type Customer, type IssuedRef, type OrderLineView, type OrdersPort, type OrderView } from "./port.server.ts";

type LineRow = { line: OrderLineRow; productId: number; productHsn: string; titleHi?: string };
type PaidRow = { status: string; providerMethod: string | null; providerPaymentId: string | null; refundStatus: string | null };
/** An order's issued documents as its row reads them: the invoice (when issued) and its credit notes. */
type IssuedRow = { invoice: { number: string; issuedAt: Date } | null; creditNotes: { id: number; number: string; issuedAt: string; totalPaise: number }[] };

function issuedOf(row: IssuedRow | undefined): { invoice: IssuedRef | null; creditNotes: CreditNoteRef[] } {
  return {
    invoice: row?.invoice ? { number: row.invoice.number, issuedAt: row.invoice.issuedAt } : null,
    creditNotes: (row?.creditNotes ?? []).map((n) => ({ id: n.id, number: n.number, issuedAt: new Date(n.issuedAt), totalPaise: n.totalPaise })),
  };
}

/** How an order's payment reads: cash on delivery, or the online payment and its refund. */
function paymentOf(row: OrderRow, paid: PaidRow | undefined): OrderView["payment"] {
  if (row.paymentMethod !== "razorpay" || !paid) return { state: "cod", method: null, providerPaymentId: null };
  const state: PaymentState =
    paid.refundStatus === "processed" || paid.status === "refunded"
      ? "refunded"
      : paid.refundStatus === "failed"
        ? "refund_failed"
        : paid.refundStatus === "initiated"
          ? "refund_initiated"
          : "paid";
  return { state, method: paid.providerMethod, providerPaymentId: paid.providerPaymentId };
}

function orderView(row: OrderRow, lines: readonly LineRow[], paid?: PaidRow, issued?: IssuedRow): OrderView {
  return {
    id: row.id,
    number: row.orderNumber!,
    state: row.state === "cancelled" ? "cancelled" : "confirmed",
    placedAt: row.placedAt!,
    ...issuedOf(issued),
    cancelledAt: row.cancelledAt,
    paymentMethod: row.paymentMethod ?? "cod",
    stage: (row.stage ?? "placed") as Stage,
    events: [],
    slot: row.slotDate && row.slotKind ? { date: row.slotDate, kind: row.slotKind, label: slotLabel({ date: row.slotDate, kind: row.slotKind }) } : null,
    payment: paymentOf(row, paid),
    couponCode: row.couponCode,
    subtotalPaise: row.subtotalPaise ?? 0,
    discountPaise: row.discountPaise ?? 0,
    prepaidDiscountPaise: row.prepaidDiscountPaise,
    taxPaise: row.taxPaise ?? 0,
    totalPaise: row.totalPaise ?? 0,
    deliveryAddress: row.deliveryAddress!,
    gift: giftOfRow(row),
    replacement: row.replacement,
    lines: lines.map(({ line: l, productId, productHsn, titleHi }): OrderLineView => ({
      id: l.id,
      title: l.title ?? "",
      ...(titleHi ? { titleHi } : {}),
      attribute: l.attribute ?? "",
      internalReference: l.internalReference ?? "",
      image: l.image ?? PLACEHOLDER_IMAGE,
      quantity: l.quantity,
      unitPricePaise: l.unitPricePaise ?? 0,
      mrpPaise: l.mrpPaise ?? 0,
      taxRate: l.taxRate ?? 0,
      discountPaise: l.discountPaise ?? 0,
      taxPaise: l.taxPaise ?? 0,
      // Orders placed before HSN codes were snapshotted (migration 0007) show the product's code.
      hsn: l.hsn ?? productHsn,
      productId,
      ...withWeight(l),
      ...(l.packedGrams !== null && l.weighedPaise !== null ? { packedGrams: l.packedGrams, weighedPaise: l.weighedPaise } : {}),
      ...(l.replacement ? { replacement: l.replacement } : {}),
      ...(l.replacedFrom ? { replacedFrom: l.replacedFrom } : {}),
    })),
  };
}

export interface OrdersOptions {
  /** The clock orders are placed and cancelled by; tests set it to cross a financial year. */
  now?: () => Date;
  /** The prepaid discount's percentage for orders paid online (decision 031). */
  prepaidPercent?: number;
  /** How long stock stays held for an order waiting for its online payment (decision 030). */
  holdMinutes?: number;
}

/**
 * Gives a placed order the next number of the orders' series (decision 065: carts, which share
 * the ids, take none) and marks it confirmed. Taken last of all in the confirming transaction: a
 * placement refused earlier takes none, one that rolls back gives its number back, and the
 * counter's row stays locked until the transaction ends, so numbers follow the order of commits.
 * (The tax invoice's number is given when the order leaves the shop: orders.advance.)
 */
export async function confirmOrder(tx: Conn, orderId: number, at: Date, paidBy: PaymentMethodLabel): Promise<void> {
  await tx
    .update(orders)
    .set(await confirmation(tx, at, paidBy))
    .where(eq(orders.id, orderId));
  await tx.insert(orderEvents).values({ orderId, stage: "placed", at });
}

/**
 * What confirming sets on an order, its number taken now from the orders' series (the caller
 * inserts the "placed" event). The one place an order becomes placed: counted here, once committed.
 */
async function confirmation(tx: Conn, at: Date, paidBy: PaymentMethodLabel) {
  onCommit(() => metrics.orderPlaced(paidBy));
  return { state: "confirmed" as const, stage: "placed" as const, orderNumber: await nextInSeries(tx, ORDER_SERIES), placedAt: at, updatedAt: at };
}

/**
 * Puts back what a placed order holds, in the caller's transaction: its lines' stock and its
 * slot's place. A cancelled order and a released payment hold give back the same (one rule);
 * the lines are locked in variant order, as placing takes them. Returns the lines.
 */
export async function giveBackHeld(tx: Conn, order: Pick<OrderRow, "id" | "slotDate" | "slotKind">, at: Date) {
  const lines = await tx.select().from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(asc(orderLines.variantId));
  for (const l of lines) {
    // Changing updated_at tells every instance's catalogue snapshot to reload (decision 002).
    await tx
      .update(variants)
      .set({ inventoryStock: sql`${variants.inventoryStock} + ${l.quantity}`, updatedAt: at })
      .where(eq(variants.id, l.variantId));
  }
  await releaseSlot(tx, { date: order.slotDate, kind: order.slotKind }, at);
  return lines;
}

/**
 * Cancels a placed order (locked by the caller, still cancellable) in the caller's transaction:
 * its stock and slot go back, a payment still due is called off, and one already taken online is
 * given back in full, asked for once (refunds_one_per_payment) and sent to Razorpay after the
 * commit (shop.payments.sendRefund). The shopper's Cancel and a failed Autopay charge both cancel here.
 */
export async function cancelPlaced(tx: Conn, row: OrderRow, at: Date): Promise<{ refundId: number | null }> {
  const id = row.id;
  await giveBackHeld(tx, row, at);
  await tx.update(orders).set({ state: "cancelled", cancelledAt: at, updatedAt: at }).where(eq(orders.id, id));
  await tx.insert(orderEvents).values({ orderId: id, stage: "cancelled", at });
  await tx
    .update(payments)
    .set({ status: "cancelled", updatedAt: at })
    .where(and(eq(payments.orderId, id), eq(payments.status, "pending")));
  const [paid] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, id), eq(payments.method, "razorpay"), eq(payments.status, "captured"), eq(payments.unwanted, false)));
  if (!paid) return { refundId: null };
  // What short picks and weighing gave back already is not given twice.
  const given = await tx.select({ amountPaise: refunds.amountPaise, reason: refunds.reason, status: refunds.status }).from(refunds).where(eq(refunds.paymentId, paid.id));
  const left = refundLeft(paid.amountPaise, given);
  if (left <= 0) return { refundId: null };
  return { refundId: await askRefund(tx, { paymentId: paid.id, amountPaise: left, reason: "cancelled", idempotencyKey: refundKey(paid.id) }) };
}

/** What placing a draft takes: the address, how it is paid, the slot, and the shop's terms. */
export interface PlaceInput {
  addressId: number;
  paymentMethod: "cod" | "razorpay";
  slot?: Slot | null;
  /** Made by the cut-off from a standing order (issue 45): its catch-up may book today's slot while it is still ahead. */
  standing?: boolean;
  /** Paid by an approved Autopay mandate (decision 078): confirmed at once, charged after it commits; nothing is held. */
  mandate?: { instrument: "upi" | "card" };
}

/**
 * Places the draft `cart` (its row locked by the caller) in the caller's transaction: the address
 * is served, every line's stock and the coupon are checked again, the slot is booked, the stock
 * taken and the prices fixed; paid by cash on delivery it is confirmed. The cart's Place Order and
 * the standing orders' cut-off both place through here: one set of rules for any order.
 */
export async function placeIn(
  tx: Conn,
  customer: Pick<Customer, "id">,
  cart: Pick<OrderRow, "id" | "couponId" | "paymentInstrument">,
  input: PlaceInput,
  { at, prepaidPercent, holdMinutes }: { at: Date; prepaidPercent: number; holdMinutes: number },
): Promise<{ orderId: number; alreadyPlaced: false; awaitingPayment: boolean }> {
  const [found] = await tx
    .select({ address: addresses, served: pinServed(addresses.zip) })
    .from(addresses)
    .where(and(eq(addresses.id, input.addressId), eq(addresses.customerId, customer.id)));
  if (!found) throw new ShopError("invalid", ORDER_MESSAGES.invalidAddress);
  const address = found.address;
  // An address outside the PINs served is kept, but nothing is delivered there (issue 14).
  refuseUnserved(address.zip, found.served);

  // The lines with their variants, the variants' rows locked in id order so concurrent orders never
  // deadlock on them. "No key update", the strength the stock's update takes: a cart line's foreign
  // key (key share) does not wait on it, nor it on a line being added (issue 45's makers add one).
  const lines = await tx
    .select({
      line: { id: orderLines.id, quantity: orderLines.quantity },
      // What pricing and the order line keep of the variant, no more: each column costs the query's building.
      variant: {
        id: variants.id,
        inStock: variants.inStock,
        inventoryStock: variants.inventoryStock,
        pricePaise: variants.pricePaise,
        mrpPaise: variants.mrpPaise,
        attribute: variants.attribute,
        internalReference: variants.internalReference,
        images: variants.images,
        weightUnitGrams: variants.weightUnitGrams,
        weightTolerance: variants.weightTolerance,
      },
      title: products.title,
      salesTax: products.salesTax,
      hsn: products.hsn,
      categorySlug: products.categorySlug,
    })
    .from(orderLines)
    .innerJoin(variants, eq(variants.id, orderLines.variantId))
    .innerJoin(products, eq(products.id, variants.productId))
    .where(eq(orderLines.orderId, cart.id))
    .orderBy(asc(orderLines.variantId))
    .for("no key update", { of: variants });
  if (lines.length === 0) throw new ShopError("invalid", CART_MESSAGES.empty);
  const items = lines.map((s) => {
    const l = s.line;
    if (!s.variant.inStock || s.variant.inventoryStock <= 0) throw new ShopError("conflict", `${s.title}: ${CART_MESSAGES.outOfStock}`);
    if (l.quantity > s.variant.inventoryStock) throw new ShopError("conflict", `${s.title}: ${onlyAvailableMessage(s.variant.inventoryStock)}`);
    return {
      line: l,
      variant: s.variant,
      title: s.title,
      hsn: s.hsn,
      pricePaise: s.variant.pricePaise,
      mrpPaise: s.variant.mrpPaise,
      quantity: l.quantity,
      taxRate: taxRate(s.salesTax),
    };
  });

  let discount = 0;
  let couponCode: string | null = null;
  let couponRule: OrderRow["couponRule"] = null;
  if (cart.couponId) {
    const [coupon] = await tx.select().from(coupons).where(eq(coupons.id, cart.couponId)).for("update");
    const subtotal = items.reduce((a, i) => a + i.pricePaise * i.quantity, 0);
    const check = await checkCoupon(tx, coupon ?? null, customer.id, subtotal);
    if (!check.ok) throw new ShopError("conflict", `${coupon?.code ?? "Coupon"}: ${check.reason}`);
    discount = check.discountPaise;
    couponCode = coupon!.code;
    couponRule = { kind: coupon!.kind, value: coupon!.value, maxDiscountPaise: coupon!.maxDiscountPaise };
  }
  const online = input.paymentMethod === "razorpay";
  // Waits for the shopper to pay, its stock held (decision 030); a mandate's order does not wait.
  const held = online && !input.mandate;
  const settings = await readSettings(tx);
  const pricing = priceOrder(items, discount, online ? prepaidPercent : 0, deliveryFeeOf(settings));
  if (pricing.totalPaise <= 0) throw new ShopError("invalid", ORDER_MESSAGES.invalidTotal);
  checkMinimum(settings, pricing.subtotalPaise);

  for (const item of pricing.lines) {
    // Changing updated_at tells every instance's catalogue snapshot to reload (decision 002).
    await tx
      .update(variants)
      .set({ inventoryStock: sql`${variants.inventoryStock} - ${item.quantity}`, updatedAt: at })
      .where(eq(variants.id, item.variant.id));
    await tx
      .update(orderLines)
      .set({
        title: item.title,
        attribute: item.variant.attribute,
        internalReference: item.variant.internalReference,
        image: item.variant.images[0] ?? PLACEHOLDER_IMAGE,
        unitPricePaise: item.pricePaise,
        mrpPaise: item.mrpPaise,
        taxRate: item.taxRate,
        discountPaise: item.discountPaise,
        taxPaise: item.taxPaise,
        hsn: item.hsn,
        // Sold by weight: the pack and tolerance the estimate was shown for (issue 29).
        weightUnitGrams: item.variant.weightUnitGrams,
        weightTolerance: item.variant.weightTolerance,
        updatedAt: at,
      })
      .where(eq(orderLines.id, item.line.id));
  }
  await tx.insert(payments).values({
    orderId: cart.id,
    method: input.paymentMethod,
    status: "pending",
    amountPaise: pricing.totalPaise,
    instrument: online ? (input.mandate?.instrument ?? cart.paymentInstrument ?? null) : null,
    expiresAt: held ? new Date(at.getTime() + holdMinutes * 60_000) : null,
  });
  // The slot's place, then the order's number: the two rows every order waits on, locked last
  // (variants, slot, counter, always in that order) so each is held for the least time.
  // A refusal of the slot gives back all this transaction did.
  if (input.slot) await bookSlot(tx, input.slot, at, { sameDay: input.standing === true, settings });
  await tx
    .update(orders)
    .set({
      couponCode,
      couponRule,
      deliveryAddress: {
        name: address.name,
        phone: address.phone,
        email: address.email,
        street: address.street,
        street2: address.street2,
        city: address.city,
        state: address.state,
        zip: address.zip,
        country: address.country,
      },
      paymentMethod: input.paymentMethod,
      // A gift message goes only with a Gifting product (decision 054): one removed since leaves it behind.
      ...(mayCarryGift(lines.map((s) => ({ gifting: isGifting(s.categorySlug) }))) ? {} : { giftMessage: null, giftFrom: null, giftHidePrices: false }),
      slotDate: input.slot?.date ?? null,
      slotKind: input.slot?.kind ?? null,
      ...orderTotals(pricing),
      // Paid online: the stock is held while the shopper pays; the order is confirmed
      // (and gets its number) when the payment is (decision 030). Else confirmed in this update.
      ...(held ? { state: "awaiting_payment" as const, updatedAt: at } : await confirmation(tx, at, input.mandate ? "autopay" : "cod")),
    })
    .where(eq(orders.id, cart.id));
  if (!held) await tx.insert(orderEvents).values({ orderId: cart.id, stage: "placed", at });
  return { orderId: cart.id, alreadyPlaced: false, awaitingPayment: held };
}

export function createOrders(db: Db, { now = () => new Date(), prepaidPercent = 0, holdMinutes = DEFAULT_HOLD_MINUTES }: OrdersOptions = {}): OrdersPort {
  const placed = (customer: Customer) => and(eq(orders.customerId, customer.id), inArray(orders.state, ["confirmed", "cancelled"]));

  /** The customer's placed or cancelled order, locked for this transaction; undefined for anyone else's. */
  async function lockPlaced(tx: Conn, customer: Customer, id: number): Promise<OrderRow | undefined> {
    const [row] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.id, id), placed(customer)))
      .for("update");
    return row;
  }

  /** The lines of the orders that match `where` (joined with orders), in line order. */
  function linesWhere(conn: Conn, where: SQL | undefined): Promise<LineRow[]> {
    return conn
      .select({ line: orderLines, productId: variants.productId, productHsn: products.hsn, titleHi: products.titleHi })
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .innerJoin(variants, eq(variants.id, orderLines.variantId))
      .innerJoin(products, eq(products.id, variants.productId))
      .where(where)
      .orderBy(asc(orderLines.orderId), asc(orderLines.id));
  }

  /**
   * Orders with the online payment each was paid with (none for cash on delivery) and its
   * refund, in one query: an order has at most one wanted captured payment.
   */
  function ordersWhere(conn: Conn, where: SQL | undefined) {
    return (
      conn
        .select({
          order: orders,
          paid: { status: payments.status, providerMethod: payments.providerMethod, providerPaymentId: payments.providerPaymentId, refundStatus: refunds.status },
          invoice: { number: invoices.number, issuedAt: invoices.issuedAt },
          // The credit notes, in the same query (an order has few, usually none).
          creditNotes: sql<
            IssuedRow["creditNotes"]
          >`(select coalesce(json_agg(json_build_object('id', cn.id, 'number', cn.number, 'issuedAt', cn.issued_at, 'totalPaise', cn.total_paise) order by cn.id), '[]'::json) from credit_notes cn where cn.order_id = ${orders.id})`,
        })
        .from(orders)
        .leftJoin(invoices, eq(invoices.orderId, orders.id))
        .leftJoin(payments, and(eq(payments.orderId, orders.id), eq(payments.method, "razorpay"), eq(payments.unwanted, false), inArray(payments.status, ["captured", "refunded"])))
        // The whole refund only (one per payment); partial refunds (short, weight) are on the timeline.
        .leftJoin(refunds, and(eq(refunds.paymentId, payments.id), notInArray(refunds.reason, [...PART_REFUNDS])))
        .where(where)
        .orderBy(desc(orders.placedAt), desc(orders.id))
    );
  }

  /** The orders `where` picks (with their payments), then every line of them grouped here: two queries in all. */
  async function viewsWhere(where: SQL | undefined): Promise<OrderView[]> {
    const rows = await ordersWhere(db, where);
    if (rows.length === 0) return [];
    const byOrder = new Map<number, LineRow[]>();
    for (const l of await linesWhere(db, where)) {
      const list = byOrder.get(l.line.orderId);
      if (list) list.push(l);
      else byOrder.set(l.line.orderId, [l]);
    }
    return rows.map((r) => orderView(r.order, byOrder.get(r.order.id) ?? [], r.paid.status ? (r.paid as PaidRow) : undefined, r));
  }

  async function one(conn: Conn, where: SQL | undefined): Promise<OrderView | null> {
    const [row] = await ordersWhere(conn, where).limit(1);
    if (!row) return null;
    const [lines, events] = await Promise.all([
      linesWhere(conn, eq(orderLines.orderId, row.order.id)),
      conn
        .select({ stage: orderEvents.stage, at: orderEvents.at, note: orderEvents.note })
        .from(orderEvents)
        .where(eq(orderEvents.orderId, row.order.id))
        .orderBy(asc(orderEvents.at), asc(orderEvents.id)),
    ]);
    return { ...orderView(row.order, lines, row.paid.status ? (row.paid as PaidRow) : undefined, row), events };
  }

  return {
    place: (customer, input) =>
      db.transaction(async (tx) => {
        if (!Number.isSafeInteger(input.cartId) || input.cartId <= 0) throw new ShopError("invalid", ORDER_MESSAGES.invalidCart);
        if (!Number.isSafeInteger(input.addressId) || input.addressId <= 0) throw new ShopError("invalid", ORDER_MESSAGES.invalidAddress);
        // Locking the cart row makes a second submit of the same cart wait, then find it placed.
        const [cart] = await tx
          .select()
          .from(orders)
          .where(and(eq(orders.id, input.cartId), eq(orders.customerId, customer.id), eq(orders.state, "draft")))
          .for("update");
        if (!cart) {
          const [done] = await tx
            .select({ id: orders.id, state: orders.state })
            .from(orders)
            .where(and(eq(orders.id, input.cartId), eq(orders.customerId, customer.id), inArray(orders.state, ["confirmed", "cancelled", "awaiting_payment"])));
          if (done) return { orderId: done.id, alreadyPlaced: true, awaitingPayment: done.state === "awaiting_payment" };
          throw new ShopError("invalid", ORDER_MESSAGES.invalidCart);
        }
        return placeIn(tx, customer, cart, input, { at: now(), prepaidPercent, holdMinutes });
      }),

    list: (customer) => viewsWhere(placed(customer)),

    async get(customer, id) {
      if (!Number.isSafeInteger(id) || id <= 0) return null;
      return one(db, and(eq(orders.id, id), placed(customer)));
    },

    latest: (customer) => one(db, placed(customer)),

    inSlot: async (slot) => (await viewsWhere(and(eq(orders.slotDate, slot.date), eq(orders.slotKind, slot.kind), eq(orders.state, "confirmed")))).sort((a, b) => a.number - b.number),

    changeSlot: (customer, id, slot) =>
      db.transaction(async (tx) => {
        const row = await lockPlaced(tx, customer, id);
        if (!row) throw new ShopError("not_found", ORDER_MESSAGES.notFound);
        const at = now();
        const current = row.slotDate && row.slotKind ? { date: row.slotDate, kind: row.slotKind } : null;
        if (!canMoveSlot({ stage: row.stage, cancelled: row.state === "cancelled", slot: current }, at)) throw new ShopError("conflict", LIFE_MESSAGES.slotFixed);
        if (current && slotValue(current) === slotValue(slot)) return;
        // The two slots' rows locked in one order (by their value), so two moves crossing each other never deadlock.
        const steps = [() => bookSlot(tx, slot, at), () => releaseSlot(tx, { date: row.slotDate, kind: row.slotKind }, at)];
        if (current && slotValue(current) < slotValue(slot)) steps.reverse();
        for (const step of steps) await step();
        await tx.update(orders).set({ slotDate: slot.date, slotKind: slot.kind, updatedAt: at }).where(eq(orders.id, id));
        await tx.insert(orderEvents).values({ orderId: id, stage: "slot_changed", at, note: slotLabel(slot) });
      }),

    advance: (orderId, from, by) =>
      db.transaction(async (tx) => {
        const [row] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
        if (!row || (row.state !== "confirmed" && row.state !== "cancelled")) throw new ShopError("not_found", ORDER_MESSAGES.notFound);
        const shopper = await customerOfOrder(tx, row.id);
        if (row.state === "cancelled") throw new ShopError("conflict", ORDER_MESSAGES.alreadyCancelled);
        // Two staff moving one order at once: the second finds it moved and changes nothing.
        const stage = (row.stage ?? "placed") as Stage;
        const number = row.orderNumber!;
        if (stage !== from) throw new ShopError("conflict", `Order #${number} is already ${STAGE_LABELS[stage].toLowerCase()}.`);
        const to = nextStage(stage);
        if (!to) throw new ShopError("conflict", `Order #${number} is already delivered.`);
        if (to === "out_for_delivery") {
          // Its price is an estimate until weighed: it leaves only once every weighed line is (issue 46).
          const lines = await tx
            .select({ title: orderLines.title, weightUnitGrams: orderLines.weightUnitGrams, packedGrams: orderLines.packedGrams })
            .from(orderLines)
            .where(eq(orderLines.orderId, orderId))
            .orderBy(asc(orderLines.id));
          const refused = leaveRefusal(number, lines);
          if (refused) throw new ShopError("conflict", refused);
        }
        const at = now();
        await tx.update(orders).set({ stage: to, updatedAt: at }).where(eq(orders.id, orderId));
        await tx.insert(orderEvents).values({ orderId, stage: to, at, by });
        if (to === "packed") {
          // Confirmed to packed (issue 47): how long staff take once they have the order, not how far ahead it was booked.
          const [confirmed] = await tx
            .select({ at: orderEvents.at })
            .from(orderEvents)
            .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.stage, "confirmed")))
            .orderBy(desc(orderEvents.at))
            .limit(1);
          if (confirmed) onCommit(() => metrics.packed(confirmed.at, at));
        }
        // Leaving the shop, packed and weighed: its tax invoice is issued, once, in this transaction (decision 065).
        const invoice = to === "out_for_delivery" ? await issueInvoice(tx, (await one(tx, eq(orders.id, orderId)))!, at) : null;
        if (by !== null)
          await audit(tx, {
            staffId: by,
            action: "order.advance",
            entity: "order",
            entityId: orderId,
            before: { stage },
            after: { stage: to, ...(invoice ? { invoice: invoice.number } : {}) },
          });
        return { stage: to, customer: shopper!, number, invoice };
      }),

    shortPick: (orderId, lineId, packed, by) => db.transaction((tx) => shortPickIn(tx, now(), orderId, lineId, packed, by)),

    weigh: (orderId, weights, by) => db.transaction((tx) => weighIn(tx, now(), orderId, weights, by)),

    replace: (orderId, lineId, variantId, by) => db.transaction((tx) => replaceIn(tx, now(), orderId, lineId, variantId, by)),

    takeBack: (orderId, lineId, quantity, by) => db.transaction((tx) => takeBackIn(tx, now(), orderId, lineId, quantity, by)),

    async documents(customer, id) {
      if (!Number.isSafeInteger(id) || id <= 0) return null;
      const [mine] = await db
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.id, id), placed(customer)));
      return mine ? documentsOf(db, id) : null;
    },

    cancel: (customer, id) =>
      db.transaction(async (tx) => {
        const row = await lockPlaced(tx, customer, id);
        if (!row) throw new ShopError("not_found", ORDER_MESSAGES.notFound);
        if (row.state === "cancelled") throw new ShopError("conflict", ORDER_MESSAGES.alreadyCancelled);
        if (!canCancel(row.stage, false)) throw new ShopError("conflict", LIFE_MESSAGES.tooLateToCancel);
        return cancelPlaced(tx, row, now());
      }),
  };
}
