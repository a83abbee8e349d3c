// The mails an order sends (issue 11 point 4): its confirmation and its cancellation, in
// plain text. Pure: the forms send them through the mailer, kept for a retry if it fails.
import { addressLine, type AddressSnapshot } from "./address.ts";
import { formatRupees } from "./money.ts";
import { deliveryPaiseOf } from "./pricing.ts";

export interface MailedOrder {
  id: number;
  paymentMethod: "cod" | "razorpay";
  couponCode: string | null;
  subtotalPaise: number;
  discountPaise: number;
  /** The prepaid discount of an order paid online (decision 031). */
  prepaidDiscountPaise?: number;
  taxPaise: number;
  totalPaise: number;
  deliveryAddress: AddressSnapshot;
  /** The delivery slot (issue 14). */
  slot?: { label: string } | null;
  lines: { title: string; attribute: string; quantity: number; unitPricePaise: number }[];
}

export interface OrderMail {
  subject: string;
  text: string;
}

function figures(order: MailedOrder): string[] {
  const prepaid = order.prepaidDiscountPaise ?? 0;
  const delivery = deliveryPaiseOf(order);
  return [
    ...order.lines.map((l) => `  ${l.title}${l.attribute ? ` (${l.attribute})` : ""} × ${l.quantity}: ${formatRupees(l.unitPricePaise * l.quantity)}`),
    "",
    `  Items: ${formatRupees(order.subtotalPaise)}`,
    ...(order.discountPaise > 0 ? [`  Coupon${order.couponCode ? ` ${order.couponCode}` : ""}: −${formatRupees(order.discountPaise)}`] : []),
    ...(prepaid > 0 ? [`  Prepaid discount: −${formatRupees(prepaid)}`] : []),
    `  Delivery: ${delivery === 0 ? "Free" : formatRupees(delivery)}`,
    `  Tax included: ${formatRupees(order.taxPaise)}`,
  ];
}

export function orderPlacedMail(order: MailedOrder, customerName: string, shopName: string, origin: string): OrderMail {
  const a = order.deliveryAddress;
  const payment = order.paymentMethod === "cod" ? `To pay on delivery (cash on delivery): ${formatRupees(order.totalPaise)}` : `Paid online: ${formatRupees(order.totalPaise)}`;
  return {
    subject: `Your ${shopName} order #${order.id} is confirmed`,
    text: [
      `Hello ${customerName},`,
      "",
      `Thank you for your order #${order.id}.`,
      "",
      ...figures(order),
      `  ${payment}`,
      "",
      ...(order.slot ? [`Delivery slot: ${order.slot.label}`] : []),
      `Delivering to: ${a.name}, ${addressLine(a)}, phone ${a.phone}`,
      "",
      `See your order: ${origin}/ordersuccess?order=${order.id}`,
      `Your orders and invoices: ${origin}/orders`,
      "",
    ].join("\n"),
  };
}

export function orderCancelledMail(order: MailedOrder, customerName: string, shopName: string, origin: string): OrderMail {
  return {
    subject: `Your ${shopName} order #${order.id} is cancelled`,
    text: [
      `Hello ${customerName},`,
      "",
      `Your order #${order.id} has been cancelled, as you asked. Nothing will be delivered.`,
      order.paymentMethod === "cod" ? "Nothing is to pay." : "The amount paid is refunded to your payment method.",
      "",
      ...figures(order),
      `  Total: ${formatRupees(order.totalPaise)}`,
      "",
      `Your orders: ${origin}/orders`,
      "",
    ].join("\n"),
  };
}

/** Each step of an order's life after it is placed (issue 14), told to the shopper. */
export function orderStageMail(stage: "confirmed" | "packed" | "out_for_delivery" | "delivered") {
  const words = {
    confirmed: ["is confirmed by the store", "We have your order and will pack it for its slot."],
    packed: ["is packed", "It is packed and waits for its delivery slot. It can no longer be cancelled."],
    out_for_delivery: ["is out for delivery", "It is on its way to you."],
    delivered: ["is delivered", "Thank you for shopping with us. You can rate what you bought on its product page."],
  }[stage];
  return (order: MailedOrder, customerName: string, shopName: string, origin: string): OrderMail => ({
    subject: `Your ${shopName} order #${order.id} ${words[0]}`,
    text: [
      `Hello ${customerName},`,
      "",
      `Your order #${order.id} ${words[0]}. ${words[1]}`,
      ...(order.slot ? [`Delivery slot: ${order.slot.label}`] : []),
      "",
      `Your order: ${origin}/orders/${order.id}`,
      "",
    ].join("\n"),
  });
}

/** Items short at packing (issue 14): what changed, the new total, and the money given back. */
export function orderShortMail(change: { title: string; ordered: number; packed: number; refundPaise: number }) {
  return (order: MailedOrder, customerName: string, shopName: string, origin: string): OrderMail => ({
    subject: `Your ${shopName} order #${order.id}: some items were short`,
    text: [
      `Hello ${customerName},`,
      "",
      `We are sorry: while packing your order #${order.id} we could not find everything you ordered.`,
      change.packed === 0 ? `  ${change.title}: none of ${change.ordered} (taken off your order)` : `  ${change.title}: ${change.packed} of ${change.ordered}`,
      "",
      "Your order now:",
      ...figures(order),
      `  Total: ${formatRupees(order.totalPaise)}`,
      order.paymentMethod === "cod"
        ? `To pay on delivery (cash on delivery): ${formatRupees(order.totalPaise)}`
        : change.refundPaise > 0
          ? `${formatRupees(change.refundPaise, { exact: true })} is refunded to your payment method.`
          : "Nothing more is charged.",
      "",
      `Your order: ${origin}/orders/${order.id}`,
      "",
    ].join("\n"),
  });
}
