// What staff do while packing an order (issue 14, issue 29): mark a line short, replace an
// item out of stock, and weigh what is sold by weight; and, once it has left the shop, take items
// back (decision 065: a credit note against its invoice). Each prices the order again for what will be delivered (repricePacked:
// the shopper never pays more than they were shown), record the change on the order's
// timeline and in the audit, and give a prepaid order the difference back as a refund of its
// own, sent by shop.payments.sendRefund after the transaction commits.
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { creditLines, type FiguredLine } from "../../domain/invoice.ts";
import { canTakeBack, TAKE_BACK_MESSAGES } from "../../domain/take-back.ts";
import { ORDER_MESSAGES } from "../../domain/order.ts";
import { canShort } from "../../domain/order-life.ts";
import { refundLeft, type PartRefund } from "../../domain/payment.ts";
import { deliveryPaiseOf } from "../../domain/pricing.ts";
import { repricePacked, SHORT_MESSAGES } from "../../domain/repricing.ts";
import { formatRupees, taxRate } from "../../domain/money.ts";
import { PLACEHOLDER_IMAGE } from "../../domain/catalog.ts";
import { choiceFor, replacementPricePaise, REPLACEMENT_MESSAGES } from "../../domain/replacement.ts";
import { isAvailable } from "../../domain/stock.ts";
import { inRange, linesToWeigh, soldByWeightOf, stockAfterWeighing, weighedPaise, weightRange, WEIGHT_MESSAGES, type SoldByWeight } from "../../domain/weight.ts";
import { coupons, orderEvents, orderLines, orders, payments, products, refunds, variants, type OrderLineRow, type OrderRow } from "../db/schema.server.ts";
import type { Conn } from "./coupons.server.ts";
import { issueCreditNote } from "./documents.server.ts";
import { askRefund, customerOfOrder, refundKey } from "./order-rows.server.ts";
import { ShopError, type Customer, type ReplaceResult, type ShortPickResult, type TakeBackResult, type WeighResult } from "./port.server.ts";
import { audit } from "./audit.server.ts";

/** The placed order, locked, with its lines; refused once cancelled. */
async function lockOrder(tx: Conn, orderId: number): Promise<{ row: OrderRow; lines: OrderLineRow[] }> {
  const [row] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
  if (!row || (row.state !== "confirmed" && row.state !== "cancelled")) throw new ShopError("not_found", ORDER_MESSAGES.notFound);
  if (row.state === "cancelled") throw new ShopError("conflict", ORDER_MESSAGES.alreadyCancelled);
  const lines = await tx.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.id));
  return { row, lines };
}

/** The order's figures again for `kept` (the lines as they will be delivered), written to its rows. */
async function reprice(tx: Conn, row: OrderRow, kept: OrderLineRow[], at: Date) {
  // The rule as placed; orders placed before it was kept use the coupon as it is now.
  const [current] = !row.couponRule && row.couponId ? await tx.select().from(coupons).where(eq(coupons.id, row.couponId)) : [];
  const coupon = row.couponRule ?? current ?? null;
  const before = { subtotalPaise: row.subtotalPaise ?? 0, couponPaise: row.discountPaise ?? 0, prepaidPaise: row.prepaidDiscountPaise, totalPaise: row.totalPaise ?? 0 };
  const pricing = repricePacked(
    kept.map((l) => ({ line: l, pricePaise: l.unitPricePaise ?? 0, mrpPaise: l.mrpPaise ?? 0, quantity: l.quantity, taxRate: l.taxRate ?? 0, weighedPaise: l.weighedPaise })),
    { ...before, deliveryPaise: deliveryPaiseOf({ ...before, discountPaise: before.couponPaise, prepaidDiscountPaise: before.prepaidPaise }) },
    coupon,
  );
  for (const l of pricing.lines) {
    await tx
      .update(orderLines)
      .set({ quantity: l.quantity, packedGrams: l.line.packedGrams, weighedPaise: l.weighedPaise ?? null, discountPaise: l.discountPaise, taxPaise: l.taxPaise, updatedAt: at })
      .where(eq(orderLines.id, l.line.id));
  }
  await tx
    .update(orders)
    .set({
      subtotalPaise: pricing.subtotalPaise,
      discountPaise: pricing.couponPaise,
      prepaidDiscountPaise: pricing.prepaidPaise,
      taxPaise: pricing.taxPaise,
      totalPaise: pricing.totalPaise,
      updatedAt: at,
    })
    .where(eq(orders.id, row.id));
  return { before, pricing };
}

/** The order's captured online payment, if it has one: what a part refund is given back from. */
async function paidOnline(tx: Conn, orderId: number) {
  const [paid] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.method, "razorpay"), eq(payments.status, "captured"), eq(payments.unwanted, false)));
  return paid ?? null;
}

/**
 * A refund of part of the payment, keyed by the change's event: one per change, never asked twice.
 * Never more than is left of the payment (refundLeft): repricing cannot make it so, and if it
 * ever did the change is undone rather than refunding money that was not paid.
 */
async function partRefund(tx: Conn, paid: { id: number; amountPaise: number }, amountPaise: number, reason: PartRefund, eventId: number): Promise<number> {
  const given = await tx.select({ amountPaise: refunds.amountPaise, reason: refunds.reason, status: refunds.status }).from(refunds).where(eq(refunds.paymentId, paid.id));
  const left = refundLeft(paid.amountPaise, given);
  if (amountPaise > left) throw new Error(`a ${reason} refund of ${amountPaise} paise is more than the ${left} left of payment ${paid.id}`);
  const paymentId = paid.id;
  const refund = await askRefund(tx, { paymentId, amountPaise, reason, idempotencyKey: `${refundKey(paymentId)}-${reason}-${eventId}` });
  // Each part refund's key names its own event: one recorded already is a bug, not a retry.
  if (refund === null) throw new Error(`the ${reason} refund of event ${eventId} was recorded already`);
  return refund;
}

export async function shortPickIn(tx: Conn, at: Date, orderId: number, lineId: number, packed: number, by: number): Promise<ShortPickResult> {
  const { row, lines } = await lockOrder(tx, orderId);
  if (!canShort(row.stage, false)) throw new ShopError("conflict", SHORT_MESSAGES.tooLate(row.orderNumber!));
  const line = lines.find((l) => l.id === lineId);
  if (!line) throw new ShopError("not_found", SHORT_MESSAGES.noLine);
  if (!Number.isSafeInteger(packed) || packed < 0 || packed >= line.quantity) throw new ShopError("invalid", SHORT_MESSAGES.notFewer(line.quantity));
  if (packed === 0 && lines.length === 1) throw new ShopError("invalid", SHORT_MESSAGES.onlyLine);
  // A weight is for the packs weighed: fewer packs would need it again.
  if (line.packedGrams !== null) throw new ShopError("conflict", WEIGHT_MESSAGES.shortWeighed(line.title ?? ""));
  const kept = lines.flatMap((l) => (l.id !== lineId ? [l] : packed > 0 ? [{ ...l, quantity: packed }] : []));
  if (packed === 0) await tx.delete(orderLines).where(eq(orderLines.id, lineId));
  const { before, pricing } = await reprice(tx, row, kept, at);
  const title = line.title ?? "";
  const paid = await paidOnline(tx, orderId);
  const refundPaise = paid ? pricing.refundPaise : 0;
  const [event] = await tx
    .insert(orderEvents)
    .values({ orderId, stage: "short", at, by, note: SHORT_MESSAGES.note(title, packed, line.quantity, refundPaise) })
    .returning({ id: orderEvents.id });
  await audit(tx, {
    staffId: by,
    action: "order.short",
    entity: "order",
    entityId: orderId,
    before: { line: lineId, quantity: line.quantity, totalPaise: before.totalPaise },
    after: { line: lineId, quantity: packed, totalPaise: pricing.totalPaise },
  });
  const refundId = paid && refundPaise > 0 ? await partRefund(tx, paid, refundPaise, "short", event!.id) : null;
  const shopper = await customerOfOrder(tx, row.id);
  return { customer: shopper!, number: row.orderNumber!, title, ordered: line.quantity, packed, totalPaise: pricing.totalPaise, refundPaise, refundId };
}

/**
 * An item out of stock at packing, replaced by staff with another variant (issue 29, decision
 * 056), unless the shopper said not to. The line keeps its quantity and becomes the other item,
 * charged the lower of the two prices; the replacement's stock is taken (refused when too little).
 */
export async function replaceIn(tx: Conn, at: Date, orderId: number, lineId: number, variantId: number, by: number): Promise<ReplaceResult> {
  const { row, lines } = await lockOrder(tx, orderId);
  if (!canShort(row.stage, false)) throw new ShopError("conflict", SHORT_MESSAGES.tooLate(row.orderNumber!));
  const line = lines.find((l) => l.id === lineId);
  if (!line) throw new ShopError("not_found", SHORT_MESSAGES.noLine);
  const from = line.title ?? "";
  if (choiceFor(row.replacement, line.replacement) === "refund") throw new ShopError("conflict", REPLACEMENT_MESSAGES.noRefuse(from));
  if (line.packedGrams !== null) throw new ShopError("conflict", REPLACEMENT_MESSAGES.weighed(from));
  const [found] = await tx
    .select({ variant: variants, title: products.title, salesTax: products.salesTax, hsn: products.hsn })
    .from(variants)
    .innerJoin(products, eq(products.id, variants.productId))
    .where(eq(variants.id, variantId))
    .for("update", { of: variants });
  if (!found) throw new ShopError("not_found", REPLACEMENT_MESSAGES.noVariant);
  if (lines.some((l) => l.variantId === variantId)) throw new ShopError("conflict", REPLACEMENT_MESSAGES.inOrder(found.title));
  const [original] = await tx.select({ productId: variants.productId }).from(variants).where(eq(variants.id, line.variantId));
  if (found.variant.productId === original?.productId) throw new ShopError("invalid", REPLACEMENT_MESSAGES.sameProduct);
  if (!isAvailable(found.variant) || found.variant.inventoryStock < line.quantity) throw new ShopError("conflict", REPLACEMENT_MESSAGES.notEnough(found.title, line.quantity));

  const v = found.variant;
  const unitPricePaise = replacementPricePaise(line.unitPricePaise ?? 0, v.pricePaise);
  const replaced = {
    ...line,
    variantId: v.id,
    title: found.title,
    attribute: v.attribute,
    internalReference: v.internalReference,
    image: v.images[0] ?? PLACEHOLDER_IMAGE,
    unitPricePaise,
    mrpPaise: Math.max(v.mrpPaise, unitPricePaise),
    taxRate: taxRate(found.salesTax),
    hsn: found.hsn,
    weightUnitGrams: v.weightUnitGrams,
    weightTolerance: v.weightTolerance,
    // Replaced twice, the line still names the item the shopper ordered.
    replacedFrom: line.replacedFrom ?? { title: from, internalReference: line.internalReference ?? "", attribute: line.attribute ?? "", unitPricePaise: line.unitPricePaise ?? 0 },
  };
  await tx
    .update(orderLines)
    .set({
      variantId: replaced.variantId,
      title: replaced.title,
      attribute: replaced.attribute,
      internalReference: replaced.internalReference,
      image: replaced.image,
      unitPricePaise: replaced.unitPricePaise,
      mrpPaise: replaced.mrpPaise,
      taxRate: replaced.taxRate,
      hsn: replaced.hsn,
      weightUnitGrams: replaced.weightUnitGrams,
      weightTolerance: replaced.weightTolerance,
      replacedFrom: replaced.replacedFrom,
    })
    .where(eq(orderLines.id, lineId));
  // Changing updated_at tells every instance's catalogue snapshot to reload (decision 002).
  await tx
    .update(variants)
    .set({ inventoryStock: v.inventoryStock - line.quantity, updatedAt: at })
    .where(eq(variants.id, v.id));
  // Replaced a second time: the first replacement was on the shelf, and goes back to it. (The item
  // first ordered was not: its count stays, as a short pick's does.)
  if (line.replacedFrom) {
    await tx
      .update(variants)
      .set({ inventoryStock: sql`${variants.inventoryStock} + ${line.quantity}`, updatedAt: at })
      .where(eq(variants.id, line.variantId));
  }
  const { before, pricing } = await reprice(
    tx,
    row,
    lines.map((l) => (l.id === lineId ? replaced : l)),
    at,
  );
  const paid = await paidOnline(tx, orderId);
  const refundPaise = paid ? pricing.refundPaise : 0;
  const [event] = await tx
    .insert(orderEvents)
    .values({ orderId, stage: "replaced", at, by, note: REPLACEMENT_MESSAGES.note(from, found.title) })
    .returning({ id: orderEvents.id });
  await audit(tx, {
    staffId: by,
    action: "order.replace",
    entity: "order",
    entityId: orderId,
    before: { line: lineId, reference: line.internalReference, totalPaise: before.totalPaise },
    after: { line: lineId, reference: v.internalReference, unitPricePaise, totalPaise: pricing.totalPaise },
  });
  const refundId = paid && refundPaise > 0 ? await partRefund(tx, paid, refundPaise, "replaced", event!.id) : null;
  const shopper = await customerOfOrder(tx, row.id);
  return { customer: shopper!, number: row.orderNumber!, from, to: found.title, totalPaise: pricing.totalPaise, refundPaise, refundId };
}

/**
 * Staff enter what each line sold by weight weighed, those not weighed yet all at once, once the
 * order is packed. Each is priced by its weight (weighedPaise): a cash on delivery order collects
 * the new total, a prepaid one never pays more than it paid and gets back what it paid over, and a
 * replacement never costs more than its estimate (the price of what it replaced, decision 056).
 * The stock moves by the grams packed over or under the estimate.
 */
export async function weighIn(tx: Conn, at: Date, orderId: number, weights: ReadonlyMap<number, number>, by: number): Promise<WeighResult> {
  const { row, lines } = await lockOrder(tx, orderId);
  const stage = row.stage ?? "placed";
  if (!canShort(stage, false)) throw new ShopError("conflict", WEIGHT_MESSAGES.tooLate(row.orderNumber!));
  if (stage !== "packed") throw new ShopError("conflict", WEIGHT_MESSAGES.notPacked(row.orderNumber!));
  if (!lines.some((l) => l.weightUnitGrams !== null)) throw new ShopError("invalid", WEIGHT_MESSAGES.nothing);
  const weighed = linesToWeigh(lines);
  if (weighed.length === 0) throw new ShopError("conflict", WEIGHT_MESSAGES.already(row.orderNumber!));
  const paid = row.paymentMethod === "razorpay" ? await paidOnline(tx, orderId) : null;
  const changed = new Map<number, { byWeight: SoldByWeight; grams: number; estimatePaise: number; weighedPaise: number }>();
  for (const l of weighed) {
    const byWeight = soldByWeightOf(l.weightUnitGrams, l.weightTolerance)!;
    const title = l.title ?? "";
    const grams = weights.get(l.id);
    if (grams === undefined) throw new ShopError("invalid", WEIGHT_MESSAGES.missing(title));
    if (!inRange(byWeight, l.quantity, grams)) {
      const range = weightRange(byWeight, l.quantity);
      throw new ShopError("invalid", WEIGHT_MESSAGES.outOfRange(title, range.min, range.max, range.estimate, byWeight.tolerancePercent));
    }
    const line = { pricePaise: l.unitPricePaise ?? 0, quantity: l.quantity, byWeight };
    changed.set(l.id, {
      byWeight,
      grams,
      estimatePaise: line.pricePaise * line.quantity,
      weighedPaise: weighedPaise(line, grams, { paidAhead: row.paymentMethod === "razorpay" || l.replacedFrom !== null }),
    });
  }
  const kept = lines.map((l) => {
    const c = changed.get(l.id);
    return c ? { ...l, packedGrams: c.grams, weighedPaise: c.weighedPaise } : l;
  });
  const { before, pricing } = await reprice(tx, row, kept, at);

  // The stock, in variant id order (as placing locks them): the grams over or under each estimate.
  for (const l of [...weighed].sort((a, b) => a.variantId - b.variantId)) {
    const c = changed.get(l.id)!;
    const [v] = await tx.select().from(variants).where(eq(variants.id, l.variantId)).for("update");
    if (!v) continue;
    const unit = v.weightUnitGrams ?? c.byWeight.unitGrams;
    const after = stockAfterWeighing({ packs: v.inventoryStock, balanceGrams: v.weightBalanceGrams }, unit, c.byWeight.unitGrams * l.quantity, c.grams);
    // Changing updated_at tells every instance's catalogue snapshot to reload (decision 002).
    await tx.update(variants).set({ inventoryStock: after.packs, weightBalanceGrams: after.balanceGrams, updatedAt: at }).where(eq(variants.id, v.id));
  }

  const refundPaise = paid ? pricing.refundPaise : 0;
  const note = weighed
    .map((l) => {
      const c = changed.get(l.id)!;
      return WEIGHT_MESSAGES.note(l.title ?? "", c.grams, formatRupees(c.estimatePaise), formatRupees(c.weighedPaise));
    })
    .join("; ");
  const [event] = await tx.insert(orderEvents).values({ orderId, stage: "weighed", at, by, note }).returning({ id: orderEvents.id });
  await audit(tx, {
    staffId: by,
    action: "order.weigh",
    entity: "order",
    entityId: orderId,
    before: { totalPaise: before.totalPaise },
    after: { lines: weighed.map((l) => ({ line: l.id, grams: changed.get(l.id)!.grams, paise: changed.get(l.id)!.weighedPaise })), totalPaise: pricing.totalPaise },
  });
  const refundId = paid && refundPaise > 0 ? await partRefund(tx, paid, refundPaise, "weight", event!.id) : null;
  const shopper = await customerOfOrder(tx, row.id);
  return {
    customer: shopper as Customer,
    number: row.orderNumber!,
    lines: weighed.map((l) => ({ title: l.title ?? "", grams: changed.get(l.id)!.grams, estimatePaise: changed.get(l.id)!.estimatePaise, finalPaise: changed.get(l.id)!.weighedPaise })),
    estimatePaise: before.totalPaise,
    totalPaise: pricing.totalPaise,
    refundPaise,
    refundId,
  };
}

/** A line's figures as a credit note compares them (its Hindi name from the catalogue, as the invoice printed it). */
function figured(l: OrderLineRow, titleHi: string | undefined): FiguredLine {
  return {
    id: l.id,
    title: l.title ?? "",
    ...(titleHi ? { titleHi } : {}),
    attribute: l.attribute ?? "",
    internalReference: l.internalReference ?? "",
    hsn: l.hsn ?? "",
    quantity: l.quantity,
    unitPricePaise: l.unitPricePaise ?? 0,
    taxRate: l.taxRate ?? 0,
    discountPaise: l.discountPaise ?? 0,
    taxPaise: l.taxPaise ?? 0,
    weighedPaise: l.weighedPaise,
  };
}

/**
 * Items taken back after the order left the shop (decision 065): refused at the door, or returned
 * once delivered. The order is priced again for what the shopper keeps, as a short pick prices
 * it; what comes off is a credit note against its tax invoice, with its own number; a prepaid
 * order gets it back as a refund of its own. The stock is left as it is: what comes back may not
 * be fit to sell, and staff count it back in the catalogue when it is.
 */
export async function takeBackIn(tx: Conn, at: Date, orderId: number, lineId: number, quantity: number, by: number): Promise<TakeBackResult> {
  const { row, lines } = await lockOrder(tx, orderId);
  const number = row.orderNumber!;
  if (!canTakeBack(row.stage, false)) throw new ShopError("conflict", TAKE_BACK_MESSAGES.notLeft(number));
  const line = lines.find((l) => l.id === lineId);
  if (!line) throw new ShopError("not_found", SHORT_MESSAGES.noLine);
  const title = line.title ?? "";
  if (!Number.isSafeInteger(quantity) || quantity < 1 || quantity > line.quantity) throw new ShopError("invalid", TAKE_BACK_MESSAGES.quantity(line.quantity));
  // A weight is for all the packs weighed: fewer packs would need weighing again.
  if (line.packedGrams !== null && quantity !== line.quantity) throw new ShopError("invalid", TAKE_BACK_MESSAGES.weighed(title, line.quantity));
  if (quantity === line.quantity && lines.length === 1) throw new ShopError("invalid", TAKE_BACK_MESSAGES.everything);

  const names = await tx
    .select({ variantId: variants.id, titleHi: products.titleHi })
    .from(variants)
    .innerJoin(products, eq(products.id, variants.productId))
    .where(
      inArray(
        variants.id,
        lines.map((l) => l.variantId),
      ),
    );
  const hindi = new Map(names.map((n) => [n.variantId, n.titleHi.trim() || undefined]));
  const left = line.quantity - quantity;
  const kept = lines.flatMap((l) => (l.id !== lineId ? [l] : left > 0 ? [{ ...l, quantity: left }] : []));
  if (left === 0) await tx.delete(orderLines).where(eq(orderLines.id, lineId));
  const { before, pricing } = await reprice(tx, row, kept, at);
  const credited = creditLines(
    lines.map((l) => figured(l, hindi.get(l.variantId))),
    pricing.lines.map((l) => figured({ ...l.line, discountPaise: l.discountPaise, taxPaise: l.taxPaise }, hindi.get(l.line.variantId))),
  );
  const paid = await paidOnline(tx, orderId);
  const refundPaise = paid ? pricing.refundPaise : 0;
  const [event] = await tx.insert(orderEvents).values({ orderId, stage: "returned", at, by }).returning({ id: orderEvents.id });
  const refundId = paid && refundPaise > 0 ? await partRefund(tx, paid, refundPaise, "returned", event!.id) : null;
  const creditNote = await issueCreditNote(
    tx,
    { id: orderId, number, deliveryAddress: row.deliveryAddress!, paymentMethod: row.paymentMethod ?? "cod" },
    { lines: credited, reason: "returned", refundId },
    at,
  );
  await tx
    .update(orderEvents)
    .set({ note: TAKE_BACK_MESSAGES.note(title, quantity, creditNote, refundPaise) })
    .where(eq(orderEvents.id, event!.id));
  await audit(tx, {
    staffId: by,
    action: "order.take_back",
    entity: "order",
    entityId: orderId,
    before: { line: lineId, quantity: line.quantity, totalPaise: before.totalPaise },
    after: { line: lineId, quantity: left, totalPaise: pricing.totalPaise, creditNote: creditNote?.number ?? null },
  });
  const shopper = await customerOfOrder(tx, row.id);
  return { customer: shopper!, number, title, quantity, totalPaise: pricing.totalPaise, refundPaise, refundId, creditNote };
}
