// The mails an order sends (issue 11 point 4): its confirmation and its cancellation, in
// plain text, in the shopper's language (issue 27). Pure: the forms send them through the
// mailer, kept for a retry if it fails.
import { addressLine, type AddressSnapshot } from "./address.ts";
import { pathIn } from "./i18n/locale.ts";
import type { I18n } from "./i18n/messages.ts";
import { formatRupees } from "./money.ts";
import { lineItemsPaise } from "./order.ts";
import { deliveryPaiseOf } from "./pricing.ts";
import { SLOTS, type SlotKind } from "./delivery.ts";
import { attributeIn, weightIn } from "./pack-size.ts";
import type { SoldByWeight } from "./weight.ts";

export interface MailedOrder {
  /** The order's key: its links. */
  id: number;
  /** The order's number people see (#3). */
  number: number;
  /** Where it is in its life (a cash on delivery order delivered has been paid). */
  stage?: "placed" | "confirmed" | "packed" | "out_for_delivery" | "delivered";
  paymentMethod: "cod" | "razorpay";
  couponCode: string | null;
  subtotalPaise: number;
  discountPaise: number;
  /** The prepaid discount of an order paid online (decision 031). */
  prepaidDiscountPaise?: number;
  taxPaise: number;
  totalPaise: number;
  deliveryAddress: AddressSnapshot;
  /** The delivery slot (issue 14): its English label, and its day and kind to say it in another language. */
  slot?: { label: string; date?: string; kind?: SlotKind } | null;
  lines: {
    title: string;
    titleHi?: string;
    attribute: string;
    quantity: number;
    unitPricePaise: number;
    /** Sold by weight (issue 29): an estimate until weighed, then the grams packed and what they cost. */
    byWeight?: SoldByWeight;
    packedGrams?: number;
    weighedPaise?: number;
  }[];
}

export interface OrderMail {
  subject: string;
  text: string;
}

/** What composes an order's mail: the order, who it is for, the shop, its origin, the language. */
export type ComposeOrderMail = (order: MailedOrder, customerName: string, shopName: string, origin: string, i18n: I18n) => OrderMail;

function figures(order: MailedOrder, i18n: I18n): string[] {
  const prepaid = order.prepaidDiscountPaise ?? 0;
  const delivery = deliveryPaiseOf(order);
  return [
    ...order.lines.map((l) => {
      const title = i18n.locale === "hi" && l.titleHi ? l.titleHi : l.title;
      const line = `${title}${l.attribute ? ` (${attributeIn(i18n, l.attribute)})` : ""} × ${l.quantity}`;
      const estimate = formatRupees(l.unitPricePaise * l.quantity);
      if (l.packedGrams !== undefined && l.weighedPaise !== undefined) {
        return `  ${i18n._("{line}, weighed {weight}: {amount} (estimated {estimate})", { line, weight: weightIn(i18n, l.packedGrams), amount: formatRupees(l.weighedPaise), estimate })}`;
      }
      if (l.byWeight) return `  ${i18n._("{line}: {amount} (estimated)", { line, amount: estimate })}`;
      return `  ${line}: ${formatRupees(lineItemsPaise(l))}`;
    }),
    "",
    `  ${i18n._("Items: {amount}", { amount: formatRupees(order.subtotalPaise) })}`,
    ...(order.discountPaise > 0
      ? [
          `  ${order.couponCode ? i18n._("Coupon {code}: −{amount}", { code: order.couponCode, amount: formatRupees(order.discountPaise) }) : i18n._("Coupon: −{amount}", { amount: formatRupees(order.discountPaise) })}`,
        ]
      : []),
    ...(prepaid > 0 ? [`  ${i18n._("Prepaid discount: −{amount}", { amount: formatRupees(prepaid) })}`] : []),
    `  ${delivery === 0 ? i18n._("Delivery: Free") : i18n._("Delivery: {amount}", { amount: formatRupees(delivery) })}`,
    `  ${i18n._("Tax included: {amount}", { amount: formatRupees(order.taxPaise) })}`,
  ];
}

const link = (origin: string, i18n: I18n, path: string) => origin + pathIn(i18n.locale, path);

/** A product the order names by its English title (a change at packing), by its Hindi name where a line of the order has one. */
function named(order: MailedOrder, i18n: I18n, title: string): string {
  if (i18n.locale !== "hi") return title;
  return order.lines.find((l) => l.title === title && l.titleHi?.trim())?.titleHi?.trim() ?? title;
}

/** The slot as the mail's language says it: 'Wed, 25 Nov, Morning 8-12', Hindi day and month names in Hindi. */
function slotIn(i18n: I18n, slot: NonNullable<MailedOrder["slot"]>): string {
  if (i18n.locale === "en" || !slot.date || !slot.kind) return slot.label;
  const day = i18n.date(`${slot.date}T12:00:00Z`, { weekday: "short", day: "numeric", month: "short", timeZone: "UTC" });
  return `${day}, ${i18n._(SLOTS[slot.kind].label)}`;
}
const hello = (i18n: I18n, name: string) => i18n._("Hello {name},", { name });

export const orderPlacedMail: ComposeOrderMail = (order, customerName, shopName, origin, i18n) => {
  const a = order.deliveryAddress;
  const total = formatRupees(order.totalPaise);
  const payment = order.paymentMethod === "cod" ? i18n._("To pay on delivery (cash on delivery): {amount}", { amount: total }) : i18n._("Paid online: {amount}", { amount: total });
  return {
    subject: i18n._("Your {shop} order #{id} is confirmed", { shop: shopName, id: order.number }),
    text: [
      hello(i18n, customerName),
      "",
      i18n._("Thank you for your order #{id}.", { id: order.number }),
      "",
      ...figures(order, i18n),
      `  ${payment}`,
      "",
      ...(order.slot ? [i18n._("Delivery slot: {slot}", { slot: slotIn(i18n, order.slot) })] : []),
      i18n._("Delivering to: {name}, {address}, phone {phone}", { name: a.name, address: addressLine(a), phone: a.phone }),
      "",
      i18n._("See your order: {link}", { link: link(origin, i18n, `/ordersuccess?order=${order.id}`) }),
      i18n._("Your orders and invoices: {link}", { link: link(origin, i18n, "/orders") }),
      "",
    ].join("\n"),
  };
};

export const orderCancelledMail: ComposeOrderMail = (order, customerName, shopName, origin, i18n) => ({
  subject: i18n._("Your {shop} order #{id} is cancelled", { shop: shopName, id: order.number }),
  text: [
    hello(i18n, customerName),
    "",
    i18n._("Your order #{id} has been cancelled, as you asked. Nothing will be delivered.", { id: order.number }),
    order.paymentMethod === "cod" ? i18n._("Nothing is to pay.") : i18n._("The amount paid is refunded to your payment method."),
    "",
    ...figures(order, i18n),
    `  ${i18n._("Total: {amount}", { amount: formatRupees(order.totalPaise) })}`,
    "",
    i18n._("Your orders: {link}", { link: link(origin, i18n, "/orders") }),
    "",
  ].join("\n"),
});

/** Each step of an order's life after it is placed (issue 14), told to the shopper. */
export function orderStageMail(stage: "confirmed" | "packed" | "out_for_delivery" | "delivered"): ComposeOrderMail {
  return (order, customerName, shopName, origin, i18n) => {
    const values = { shop: shopName, id: order.number };
    const [subject, line] = {
      confirmed: [
        i18n._("Your {shop} order #{id} is confirmed by the store", values),
        i18n._("Your order #{id} is confirmed by the store. We have your order and will pack it for its slot.", values),
      ],
      packed: [
        i18n._("Your {shop} order #{id} is packed", values),
        i18n._("Your order #{id} is packed. It is packed and waits for its delivery slot. It can no longer be cancelled.", values),
      ],
      out_for_delivery: [i18n._("Your {shop} order #{id} is out for delivery", values), i18n._("Your order #{id} is out for delivery. It is on its way to you.", values)],
      delivered: [
        i18n._("Your {shop} order #{id} is delivered", values),
        i18n._("Your order #{id} is delivered. Thank you for shopping with us. You can rate what you bought on its product page.", values),
      ],
    }[stage];
    return {
      subject,
      text: [
        hello(i18n, customerName),
        "",
        line,
        ...(order.slot ? [i18n._("Delivery slot: {slot}", { slot: slotIn(i18n, order.slot) })] : []),
        "",
        i18n._("Your order: {link}", { link: link(origin, i18n, `/orders/${order.id}`) }),
        "",
      ].join("\n"),
    };
  };
}

/** How a change at packing is settled: what a cash on delivery order now pays, or what a prepaid one gets back; then the order's link. */
function settled(order: MailedOrder, refundPaise: number, origin: string, i18n: I18n): string[] {
  return [
    order.paymentMethod === "cod"
      ? i18n._("To pay on delivery (cash on delivery): {amount}", { amount: formatRupees(order.totalPaise) })
      : refundPaise > 0
        ? i18n._("{amount} is refunded to your payment method.", { amount: formatRupees(refundPaise, { exact: true }) })
        : i18n._("Nothing more is charged."),
    "",
    i18n._("Your order: {link}", { link: link(origin, i18n, `/orders/${order.id}`) }),
    "",
  ];
}

/** Produce weighed at packing (issue 29): what each weighed, the new total, and the money given back. */
export function orderWeighedMail(change: { estimatePaise: number; refundPaise: number }): ComposeOrderMail {
  return (order, customerName, shopName, origin, i18n) => ({
    subject: i18n._("Your {shop} order #{id} is weighed", { shop: shopName, id: order.number }),
    text: [
      hello(i18n, customerName),
      "",
      i18n._("We weighed what you bought by weight in your order #{id}; it is priced by what it weighed.", { id: order.number }),
      "",
      i18n._("Your order now:"),
      ...figures(order, i18n),
      `  ${i18n._("Total: {amount} (estimated {estimate})", { amount: formatRupees(order.totalPaise), estimate: formatRupees(change.estimatePaise) })}`,
      ...settled(order, change.refundPaise, origin, i18n),
    ].join("\n"),
  });
}

/** An item out of stock at packing, replaced as the shopper allowed (issue 29): what replaced it, the new total, and any money given back. */
export function orderReplacedMail(change: { from: string; to: string; refundPaise: number }): ComposeOrderMail {
  return (order, customerName, shopName, origin, i18n) => ({
    subject: i18n._("Your {shop} order #{id}: an item was replaced", { shop: shopName, id: order.number }),
    text: [
      hello(i18n, customerName),
      "",
      i18n._("{from} was out of stock when we packed your order #{id}, so we packed {to} in its place, as you allowed. It never costs you more than what you ordered.", {
        from: named(order, i18n, change.from),
        to: named(order, i18n, change.to),
        id: order.number,
      }),
      "",
      i18n._("Your order now:"),
      ...figures(order, i18n),
      `  ${i18n._("Total: {amount}", { amount: formatRupees(order.totalPaise) })}`,
      ...settled(order, change.refundPaise, origin, i18n),
    ].join("\n"),
  });
}

/** Items taken back after the order left the shop (decision 065): what, its credit note, the new total, and the money given back. */
export function orderTakenBackMail(change: { title: string; quantity: number; refundPaise: number; creditNote: { number: string; totalPaise: number } | null }): ComposeOrderMail {
  return (order, customerName, shopName, origin, i18n) => {
    const items = `${change.quantity} × ${named(order, i18n, change.title)}`;
    // A cash on delivery order already delivered was paid in cash: the difference is given back so.
    const cashBack = order.paymentMethod === "cod" && order.stage === "delivered";
    return {
      subject: i18n._("Your {shop} order #{id}: items taken back", { shop: shopName, id: order.number }),
      text: [
        hello(i18n, customerName),
        "",
        change.creditNote
          ? i18n._("We took back {items} from your order #{id} and issued credit note {note} for {amount} against its tax invoice.", {
              items,
              id: order.number,
              note: change.creditNote.number,
              amount: formatRupees(change.creditNote.totalPaise, { exact: true }),
            })
          : i18n._("We took back {items} from your order #{id}.", { items, id: order.number }),
        "",
        i18n._("Your order now:"),
        ...figures(order, i18n),
        `  ${i18n._("Total: {amount}", { amount: formatRupees(order.totalPaise) })}`,
        ...(cashBack && change.creditNote
          ? [
              i18n._("We give you back {amount} in cash.", { amount: formatRupees(change.creditNote.totalPaise, { exact: true }) }),
              "",
              i18n._("Your order: {link}", { link: link(origin, i18n, `/orders/${order.id}`) }),
              "",
            ]
          : settled(order, change.refundPaise, origin, i18n)),
      ].join("\n"),
    };
  };
}

/** Items short at packing (issue 14): what changed, the new total, and the money given back. */
export function orderShortMail(change: { title: string; ordered: number; packed: number; refundPaise: number }): ComposeOrderMail {
  return (order, customerName, shopName, origin, i18n) => ({
    subject: i18n._("Your {shop} order #{id}: some items were short", { shop: shopName, id: order.number }),
    text: [
      hello(i18n, customerName),
      "",
      i18n._("We are sorry: while packing your order #{id} we could not find everything you ordered.", { id: order.number }),
      change.packed === 0
        ? `  ${i18n._("{title}: none of {ordered} (taken off your order)", { title: named(order, i18n, change.title), ordered: change.ordered })}`
        : `  ${i18n._("{title}: {packed} of {ordered}", { title: named(order, i18n, change.title), packed: change.packed, ordered: change.ordered })}`,
      "",
      i18n._("Your order now:"),
      ...figures(order, i18n),
      `  ${i18n._("Total: {amount}", { amount: formatRupees(order.totalPaise) })}`,
      ...settled(order, change.refundPaise, origin, i18n),
    ].join("\n"),
  });
}
