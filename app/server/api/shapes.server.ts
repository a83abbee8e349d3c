// The Shop's views in the words of the specifications' calls (Specification: Catalogue, Browsing calls,
// Cart, Orders and Transaction calls): money in rupees, snake_case names, the fields the brand's apps read. Typed by the
// result schemas of app/domain/api.ts, so the OpenAPI document says what these give.
import type { Gift } from "../../domain/gift.ts";
import { lineAmountPaise } from "../../domain/order.ts";
import type { SoldByWeight } from "../../domain/weight.ts";
import { rupeesOf, type ApiAddress, type ApiCart, type ApiOrder, type ApiProduct, type ApiSubscription, type ApiWishlistItem } from "../../domain/api.ts";
import type { AddressView } from "../../domain/address.ts";
import { cartCount, lineTotal } from "../../domain/cart.ts";
import type { ProductDetail } from "../../domain/catalog.ts";
import { discountPercent, taxIncluded } from "../../domain/money.ts";
import type { WishlistItemView } from "../../domain/wishlist.ts";
import type { Customer, CartView, OrderView, SubscriptionView } from "../shop/port.server.ts";

export function productOut(p: ProductDetail): ApiProduct {
  return {
    id: p.id,
    title: p.title,
    short_desc: p.shortDesc,
    long_desc: p.longDesc,
    category: p.categoryPath,
    sales_tax: p.salesTax,
    rating: p.rating,
    isOrganic: p.isOrganic,
    product_variants: p.variants.map((v) => ({
      id: v.id,
      internal_reference: v.internalReference,
      price: rupeesOf(v.pricePaise),
      mrp: rupeesOf(v.mrpPaise),
      images: v.images,
      inStock: v.inStock,
      inventory_stock: v.inventoryStock,
      attribute: v.attribute,
      discount: discountPercent(v.pricePaise, v.mrpPaise),
      sold_by_weight: weightOut(v.byWeight),
    })),
  };
}

function weightOut(byWeight: SoldByWeight | undefined) {
  return byWeight ? { unit_grams: byWeight.unitGrams, tolerance_percent: byWeight.tolerancePercent } : null;
}

function giftOut(gift: Gift | null) {
  return gift && { message: gift.message, from: gift.from, hide_prices: gift.hidePrices };
}

export function cartOut(cart: CartView): ApiCart {
  return {
    cart: cart.lines.map((l) => ({
      id: l.id,
      product_id: l.productId,
      title: l.title,
      images: [l.image],
      quantity: l.quantity,
      price_unit: rupeesOf(l.pricePaise),
      price: rupeesOf(lineTotal(l)),
      mrp: rupeesOf(l.mrpPaise),
      internal_reference: l.internalReference,
      attribute: l.attribute,
      inventory_stock: l.inventoryStock,
      sales_tax: [{ name: `GST ${l.taxRate}%`, amount: rupeesOf(taxIncluded(lineTotal(l), l.taxRate)) }],
      gifting: l.gifting === true,
      sold_by_weight: weightOut(l.byWeight),
      replacement: l.replacement ?? null,
    })),
    tax: rupeesOf(cart.summary.taxPaise),
    delivery_charge: rupeesOf(cart.summary.deliveryPaise),
    discount: rupeesOf(cart.summary.couponPaise),
    total: rupeesOf(cart.summary.totalPaise),
    cart_count: cartCount(cart.lines),
    cart_id: cart.id,
    coupon_code: cart.coupon?.code ?? null,
    gift: giftOut(cart.gift),
    replacement: cart.replacement,
  };
}

export function orderOut(o: OrderView): ApiOrder {
  return {
    id: o.id,
    name: String(o.number),
    order_number: o.number,
    invoice_number: o.invoice?.number ?? null,
    invoice_date: o.invoice?.issuedAt.toISOString() ?? null,
    credit_notes: o.creditNotes.map((n) => ({ number: n.number, date: n.issuedAt.toISOString(), amount: rupeesOf(n.totalPaise) })),
    date_order: o.placedAt.toISOString(),
    order_state: o.state === "cancelled" ? "cancel" : "sale",
    stage: o.stage,
    payment_method: o.paymentMethod,
    payment_state: o.payment.state,
    amount_total: rupeesOf(o.totalPaise),
    amount_untaxed: rupeesOf(o.subtotalPaise),
    amount_tax: rupeesOf(o.taxPaise),
    discount: rupeesOf(o.discountPaise),
    prepaid_discount: rupeesOf(o.prepaidDiscountPaise),
    coupon_code: o.couponCode,
    cancelled_at: o.cancelledAt?.toISOString() ?? null,
    slot: o.slot ? { date: o.slot.date, kind: o.slot.kind } : null,
    delivery_address: o.deliveryAddress,
    gift: giftOut(o.gift ?? null),
    products: o.lines.map((l) => ({
      id: l.id,
      product_id: l.productId,
      title: l.title,
      attribute: l.attribute,
      internal_reference: l.internalReference,
      quantity: l.quantity,
      price_unit: rupeesOf(l.unitPricePaise),
      mrp: rupeesOf(l.mrpPaise),
      tax_rate: l.taxRate,
      tax: rupeesOf(l.taxPaise),
      discount: rupeesOf(l.discountPaise),
      hsn: l.hsn,
      amount: rupeesOf(lineAmountPaise(l)),
      image: [l.image],
      sold_by_weight: weightOut(l.byWeight),
      packed_grams: l.packedGrams ?? null,
      replacement: l.replacement ?? null,
      replaced_from: l.replacedFrom
        ? { title: l.replacedFrom.title, internal_reference: l.replacedFrom.internalReference, attribute: l.replacedFrom.attribute, price_unit: rupeesOf(l.replacedFrom.unitPricePaise) }
        : null,
    })),
    ...(o.replacement ? { replacement: o.replacement } : {}),
  };
}

export function addressOut(a: AddressView): ApiAddress {
  return {
    id: a.id,
    name: a.name,
    phone: a.phone,
    email: a.email,
    street: a.street,
    street2: a.street2,
    city: a.city,
    state: a.state,
    zip: a.zip,
    country: a.country,
    // Haat keeps no coordinates of a saved address: the map fills its fields, nothing more.
    latitude: null,
    longitude: null,
    is_default: a.isDefault,
    is_primary: a.isPrimary,
    type: "delivery",
  };
}

export function wishlistItemOut(w: WishlistItemView): ApiWishlistItem {
  return {
    id: w.id,
    product_id: w.productId,
    internal_reference: w.internalReference,
    qty: 1,
    title: w.title,
    name: w.title,
    image: w.image,
    price: rupeesOf(w.pricePaise),
    price_unit: rupeesOf(w.pricePaise),
    mrp: rupeesOf(w.mrpPaise),
    inventory_stock: w.inventoryStock,
    inStock: w.inStock,
  };
}

export function profileOut(c: Customer) {
  return { name: c.name, email: c.email, mobile: c.phone, phone: c.phone };
}

/** A standing order as the JSON API says it (issue 45): prices in rupees, names in snake_case. */
export function subscriptionOut(s: SubscriptionView): ApiSubscription {
  return {
    id: s.id,
    product_id: s.productId,
    title: s.title,
    attribute: s.attribute,
    internal_reference: s.internalReference,
    image: s.image,
    price_unit: rupeesOf(s.pricePaise),
    quantity: s.quantity,
    frequency:
      s.frequency.kind === "days"
        ? { kind: "days", days: [...s.frequency.days] }
        : s.frequency.kind === "weeks"
          ? { kind: "weeks", every: s.frequency.every }
          : { kind: s.frequency.kind },
    start_date: s.startDate,
    slot: s.slotKind,
    address_id: s.addressId,
    payment_method: s.paymentMethod,
    autopay: s.autopay ? { method: s.autopay.method, status: s.autopay.status, max_amount: rupeesOf(s.autopay.maxPaise) } : null,
    status: s.status,
    held_reason: s.heldReason,
    pauses: s.pauses,
    skips: s.skips,
    days: s.days.map((d) => ({ date: d.date, outcome: d.outcome, order_id: d.orderId, order_number: d.orderNumber, reason: d.reason })),
  };
}
