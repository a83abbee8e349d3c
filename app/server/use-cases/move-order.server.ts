// An order's life after it is placed (issue 14; decision 034, 037): staff move it through its
// stages (Out for delivery issues its tax invoice, decision 065), mark a line short, replace an
// item out of stock, weigh what is sold by weight, and take items back once it has left the shop
// (a credit note); the shopper moves its delivery slot. Each mails the shopper what changed. The rules (which stage follows, until when a slot may move, what a short pick
// refunds) are the Shop's orders port and app/domain/order-life.ts.
import type { Slot } from "../../domain/delivery.ts";
import { formatRupees } from "../../domain/money.ts";
import { orderReplacedMail, orderShortMail, orderStageMail, orderTakenBackMail, orderWeighedMail } from "../../domain/order-mail.ts";
import { choiceFor, DEFAULT_REPLACEMENT, isOffered, REPLACEMENT_MESSAGES } from "../../domain/replacement.ts";
import { canShort, LIFE_MESSAGES, STAGE_LABELS, type Stage } from "../../domain/order-life.ts";
import { SHORT_MESSAGES } from "../../domain/repricing.ts";
import { TAKE_BACK_MESSAGES } from "../../domain/take-back.ts";
import { WEIGHT_MESSAGES } from "../../domain/weight.ts";
import { mailOrder } from "../mail/order-mail.server.ts";
import { ShopError, type Customer, type OrderLineView, type OrderView, type ReplacementOffer, type Shop } from "../shop/port.server.ts";
import type { OrderSms } from "../sms/order-sms.server.ts";

/** The stages a shopper is also told of by SMS (issue 28): the ones they wait at the door for. */
const STAGE_SMS: Partial<Record<Stage, OrderSms>> = { out_for_delivery: "outForDelivery", delivered: "delivered" };

/** Staff: the order's next stage, from the stage the staff member saw (two at once make one move). */
export async function advanceOrder(shop: Shop, staff: Customer, orderId: number, from: Stage): Promise<{ message: string }> {
  const { stage, customer, number, invoice } = await shop.orders.advance(orderId, from, staff.id);
  if (stage !== "placed") await mailOrder(shop, customer, orderId, orderStageMail(stage), undefined, STAGE_SMS[stage]);
  return { message: `Order #${number} is now ${STAGE_LABELS[stage]}.${invoice ? ` Tax invoice ${invoice.number} issued.` : ""}` };
}

/** Staff: fewer of a line could be packed than were ordered; the order is priced again, its own refund sent. */
export async function shortPick(shop: Shop, staff: Customer, orderId: number, lineId: number, packed: number): Promise<{ message: string }> {
  const short = await shop.orders.shortPick(orderId, lineId, packed, staff.id);
  if (short.refundId !== null) await shop.payments.sendRefund(short.refundId);
  await mailOrder(shop, short.customer, orderId, orderShortMail(short));
  return { message: SHORT_MESSAGES.done(short.number, formatRupees(short.totalPaise)) };
}

/** Staff: what each line sold by weight weighed; the order is priced again, a prepaid difference refunded, the shopper told. */
export async function weighOrder(shop: Shop, staff: Customer, orderId: number, weights: ReadonlyMap<number, number>): Promise<{ message: string }> {
  const weighed = await shop.orders.weigh(orderId, weights, staff.id);
  if (weighed.refundId !== null) await shop.payments.sendRefund(weighed.refundId);
  await mailOrder(shop, weighed.customer, orderId, orderWeighedMail(weighed));
  return { message: WEIGHT_MESSAGES.done(weighed.number, formatRupees(weighed.totalPaise)) };
}

/**
 * Staff: an item out of stock at packing replaced as the shopper allowed, by one of the products
 * offered in its place (issue 41: nothing else, whichever way the variant was posted); the order
 * priced again, a prepaid difference refunded, the shopper told.
 */
export async function replaceItem(shop: Shop, staff: Customer, orderId: number, lineId: number, variantId: number): Promise<{ message: string }> {
  // Where staff move orders: elsewhere, and for a line that cannot be replaced at all (or no such
  // order or line), the Shop refuses, saying why.
  if (shop.capabilities.staffMovesOrders) {
    const shopper = await shop.staff.customerOfOrder(orderId);
    const order = shopper ? await shop.orders.get(shopper, orderId) : null;
    const line = order?.lines.find((l) => l.id === lineId);
    const offers = order && line ? await offersFor(shop, order, line) : null;
    if (line && offers && !isOffered(offers, variantId)) throw new ShopError("invalid", REPLACEMENT_MESSAGES.notOffered(line.title));
  }
  const replaced = await shop.orders.replace(orderId, lineId, variantId, staff.id);
  if (replaced.refundId !== null) await shop.payments.sendRefund(replaced.refundId);
  await mailOrder(shop, replaced.customer, orderId, orderReplacedMail(replaced));
  return { message: REPLACEMENT_MESSAGES.done(replaced.number, formatRupees(replaced.totalPaise)) };
}

/**
 * Staff: items taken back once the order has left the shop, refused at the door or returned
 * (decision 065). The order is priced again, a credit note issued against its tax invoice, a
 * prepaid difference refunded, the shopper told.
 */
export async function takeBack(shop: Shop, staff: Customer, orderId: number, lineId: number, quantity: number): Promise<{ message: string }> {
  const back = await shop.orders.takeBack(orderId, lineId, quantity, staff.id);
  if (back.refundId !== null) await shop.payments.sendRefund(back.refundId);
  await mailOrder(shop, back.customer, orderId, orderTakenBackMail(back));
  return { message: TAKE_BACK_MESSAGES.done(back.number, back.creditNote?.number ?? null, formatRupees(back.totalPaise)) };
}

/** What may be packed in place of one line: null when it may not be replaced (the order too far on, the line weighed, or the shopper said not to). */
async function offersFor(shop: Pick<Shop, "catalog">, order: OrderView, line: OrderLineView): Promise<ReplacementOffer[] | null> {
  if (order.state === "cancelled" || !canShort(order.stage, false)) return null;
  if (line.packedGrams !== undefined || choiceFor(order.replacement ?? DEFAULT_REPLACEMENT, line.replacement) === "refund") return null;
  return shop.catalog.replacements(line);
}

/** Staff: what may be packed in place of each line out of stock, by line id: none for a line the shopper said not to replace, or already weighed. */
export async function replacementOffers(shop: Pick<Shop, "catalog">, order: OrderView): Promise<Record<number, ReplacementOffer[]>> {
  const offers: Record<number, ReplacementOffer[]> = {};
  for (const l of order.lines) {
    const found = await offersFor(shop, order, l);
    if (found) offers[l.id] = found;
  }
  return offers;
}

/** The shopper moves an undelivered order to another slot. */
export async function changeSlot(shop: Shop, customer: Customer, orderId: number, slot: Slot): Promise<{ message: string }> {
  await shop.orders.changeSlot(customer, orderId, slot);
  return { message: LIFE_MESSAGES.slotChanged };
}
