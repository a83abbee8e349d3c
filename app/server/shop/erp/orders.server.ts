// Addresses and orders of a customer whose orders live in the ERP (issue 17, decision 043),
// by the calls of Specification: Transaction calls. The chosen delivery address is remembered by Haat (the ERP's
// calls have no place for it). An order's view takes what the ERP gives and says plainly
// what it did not (an empty timeline, no slot), never inventing it. Tax invoices and credit
// notes are the ERP's (decision 065): Haat shows the numbers it gives and links to its invoice.
import { metrics } from "../../metrics/metrics.server.ts";
import { ELSEWHERE_MESSAGES } from "../../../domain/capabilities.ts";
import type { ApiAddress, ApiOrder } from "../../../domain/api.ts";
import { stateIdOf } from "../../../domain/api.ts";
import { ADDRESS_DEFAULTS, ADDRESS_MESSAGES, chosenAddress, type AddressView } from "../../../domain/address.ts";
import { PLACEHOLDER_IMAGE } from "../../../domain/catalog.ts";
import { slotLabel, type SlotKind } from "../../../domain/delivery.ts";
import { rupeesToPaise } from "../../../domain/money.ts";
import { STAGES, type Stage } from "../../../domain/order-life.ts";
import { ORDER_MESSAGES } from "../../../domain/order.ts";
import type { PaymentState } from "../../../domain/payment.ts";
import { ShopError, type AddressesPort, type Customer, type NewAddress, type OrdersPort, type OrderView } from "../port.server.ts";
import { erpImage, type ErpClient } from "./client.server.ts";
import type { ErpCredentials } from "./credentials.server.ts";

const STAFF_ONLY = ELSEWHERE_MESSAGES.orders;

export function toAddressView(a: Partial<ApiAddress> & { id: number }): AddressView {
  return {
    id: a.id,
    name: a.name ?? "",
    phone: a.phone ?? "",
    email: a.email ?? "",
    street: a.street ?? "",
    street2: a.street2 ?? "",
    city: a.city ?? "",
    state: a.state ?? "",
    zip: a.zip ?? "",
    country: a.country ?? ADDRESS_DEFAULTS.country,
    isDefault: Boolean(a.is_default),
    isPrimary: Boolean(a.is_primary),
  };
}

export function createErpAddresses(credentials: ErpCredentials, now: () => number = Date.now): AddressesPort {
  const as = credentials.callAs;

  async function list(customer: Customer): Promise<AddressView[]> {
    const answer = await as<{ addresses?: ApiAddress[] } | ApiAddress[]>(customer, "/api/customer/addresses", {}, true);
    const rows = Array.isArray(answer) ? answer : Array.isArray(answer.addresses) ? answer.addresses : [];
    return rows.map(toAddressView);
  }

  function payload(input: NewAddress, extra: Record<string, unknown> = {}) {
    const stateId = stateIdOf(input.state);
    if (stateId === null) throw new ShopError("invalid", "Choose a state of India.");
    return {
      name: input.name,
      phone: input.phone,
      email: input.email,
      street: input.street,
      street2: input.street2,
      zip: input.zip,
      city: input.city,
      country_id: 105,
      state_id: stateId,
      ...extra,
    };
  }

  async function get(customer: Customer, id: number) {
    return (await list(customer)).find((a) => a.id === id) ?? null;
  }

  async function saved(customer: Customer, id: number): Promise<AddressView> {
    const address = await get(customer, id);
    if (!address) throw new ShopError("not_found", ADDRESS_MESSAGES.invalidId);
    return address;
  }

  return {
    list,
    get,
    async create(customer, input) {
      const answer = await as<{ address_id?: number; id?: number }>(customer, "/api/customer/addresses/new", payload(input));
      return saved(customer, Number(answer.address_id ?? answer.id));
    },
    async update(customer, id, input) {
      await as(customer, `/api/customer/addresses/${id}`, payload(input));
      return saved(customer, id);
    },
    async remove(customer, id) {
      await as(customer, `/api/customer/addresses/delete/${id}`);
    },
    async makeDefault(customer, id) {
      const address = await saved(customer, id);
      await as(customer, `/api/customer/addresses/${id}`, payload(address, { is_default: true }));
    },
    async select(customer, id) {
      await saved(customer, id);
      await credentials.setChosenAddress(customer.id, id, new Date(now()));
    },
    async book(customer) {
      const [addresses, remembered] = await Promise.all([list(customer), credentials.chosenAddress(customer.id)]);
      return { addresses, chosen: chosenAddress(addresses, remembered, now()) };
    },
  };
}

const PAYMENT_STATES = new Set<PaymentState>(["cod", "paid", "refund_initiated", "refunded", "refund_failed"]);

export function toOrderView(o: Partial<ApiOrder> & { id: number }, baseUrl: string): OrderView {
  const method = o.payment_method === "razorpay" ? "razorpay" : "cod";
  const stage = (STAGES as readonly string[]).includes(o.stage ?? "") ? (o.stage as Stage) : "placed";
  const lines = (o.products ?? []).map((l, i) => {
    const quantity = l.quantity ?? 1;
    const unit = l.price_unit !== undefined ? rupeesToPaise(l.price_unit) : Math.round(rupeesToPaise(l.amount ?? 0) / Math.max(1, quantity));
    return {
      id: typeof l.id === "number" ? l.id : i + 1,
      title: l.title ?? l.internal_reference ?? "",
      attribute: l.attribute ?? "",
      internalReference: l.internal_reference ?? "",
      image: erpImage(baseUrl, l.image?.[0], null) ?? PLACEHOLDER_IMAGE,
      quantity,
      unitPricePaise: unit,
      mrpPaise: l.mrp !== undefined ? rupeesToPaise(l.mrp) : unit,
      taxRate: l.tax_rate ?? 0,
      discountPaise: rupeesToPaise(l.discount ?? 0),
      taxPaise: rupeesToPaise(l.tax ?? 0),
      hsn: l.hsn ?? "",
      productId: l.product_id ?? 0,
    };
  });
  const subtotal = o.amount_untaxed !== undefined ? rupeesToPaise(o.amount_untaxed) : lines.reduce((n, l) => n + l.unitPricePaise * l.quantity, 0);
  const a = o.delivery_address;
  // The number people see: the ERP's own when it gives one (Haat as the ERP does), else the id.
  const number = o.order_number ?? (o.name && /^\d{1,9}$/.test(o.name) ? Number(o.name) : o.id);
  return {
    id: o.id,
    number,
    state: o.order_state === "cancel" ? "cancelled" : "confirmed",
    placedAt: new Date(o.date_order ?? 0),
    // The ERP's invoice when it says it issued one (an ERP that does not say: none, and the order summary).
    invoice: o.invoice_number ? { number: o.invoice_number, issuedAt: new Date(o.invoice_date ?? o.date_order ?? 0) } : null,
    creditNotes: (o.credit_notes ?? []).map((n, i) => ({ id: i + 1, number: n.number, issuedAt: new Date(n.date), totalPaise: rupeesToPaise(n.amount) })),
    cancelledAt: o.cancelled_at ? new Date(o.cancelled_at) : null,
    paymentMethod: method,
    stage,
    events: [],
    slot: o.slot ? { date: o.slot.date, kind: o.slot.kind as SlotKind, label: slotLabel({ date: o.slot.date, kind: o.slot.kind as SlotKind }) } : null,
    payment: {
      state: PAYMENT_STATES.has(o.payment_state as PaymentState) ? (o.payment_state as PaymentState) : method === "cod" ? "cod" : "paid",
      method: null,
      providerPaymentId: null,
    },
    couponCode: o.coupon_code ?? null,
    subtotalPaise: subtotal,
    discountPaise: rupeesToPaise(o.discount ?? 0),
    prepaidDiscountPaise: rupeesToPaise(o.prepaid_discount ?? 0),
    taxPaise: rupeesToPaise(o.amount_tax ?? 0),
    totalPaise: rupeesToPaise(o.amount_total ?? 0),
    deliveryAddress: {
      name: a?.name ?? "",
      phone: a?.phone ?? "",
      email: a?.email ?? "",
      street: a?.street ?? "",
      street2: a?.street2 ?? "",
      city: a?.city ?? "",
      state: a?.state ?? "",
      zip: a?.zip ?? "",
      country: a?.country ?? ADDRESS_DEFAULTS.country,
    },
    lines,
  };
}

export function createErpOrders(erp: ErpClient, credentials: ErpCredentials): OrdersPort {
  const as = credentials.callAs;

  async function list(customer: Customer): Promise<OrderView[]> {
    const answer = await as<{ orders?: ApiOrder[] } | ApiOrder[]>(customer, "/api/orders/all", {}, true);
    const rows = Array.isArray(answer) ? answer : Array.isArray(answer.orders) ? answer.orders : [];
    return rows.map((o) => toOrderView(o, erp.baseUrl)).sort((x, y) => y.placedAt.getTime() - x.placedAt.getTime() || y.id - x.id);
  }

  return {
    async place(customer, input) {
      if (input.paymentMethod !== "cod") throw new ShopError("conflict", "Payment config error: missing Razorpay key.");
      const slot = input.slot ? `${input.slot.date}/${input.slot.kind}` : undefined;
      const answer = await as<{ order_id?: number; already_placed?: boolean }>(customer, "/api/order/create", {
        cart_id: input.cartId,
        address_id: input.addressId,
        payment_method: "cod",
        price_is_tax_included: true,
        slot,
      });
      await credentials.setPaymentChoice(customer.id, null);
      // The ERP gave it its number: placed here, as confirmation() counts the shop's own.
      if (!answer.already_placed) metrics.orderPlaced("cod");
      return { orderId: Number(answer.order_id ?? input.cartId), alreadyPlaced: Boolean(answer.already_placed), awaitingPayment: false };
    },
    async changeSlot() {
      throw new ShopError("unavailable", STAFF_ONLY);
    },
    async advance() {
      throw new ShopError("unavailable", STAFF_ONLY);
    },
    async shortPick() {
      throw new ShopError("unavailable", STAFF_ONLY);
    },
    async weigh() {
      throw new ShopError("unavailable", STAFF_ONLY);
    },
    async replace() {
      throw new ShopError("unavailable", STAFF_ONLY);
    },
    async takeBack() {
      throw new ShopError("unavailable", STAFF_ONLY);
    },
    async documents(customer, id) {
      const order = (await list(customer)).find((o) => o.id === id);
      if (!order) return null;
      // Haat keeps none of the ERP's documents: its invoice is its own, at the link it gives.
      if (!order.invoice) return { invoice: null, creditNotes: [] };
      const answer = await as<{ invoice_url?: string }>(customer, `/api/order/invoice/${id}`, {}, true);
      const url = answer.invoice_url ? new URL(answer.invoice_url, erp.baseUrl) : null;
      // Only a link on the ERP's own origin is followed.
      const erpInvoiceUrl = url && url.origin === new URL(erp.baseUrl).origin ? url.toString() : undefined;
      return { invoice: null, creditNotes: [], ...(erpInvoiceUrl ? { erpInvoiceUrl } : {}) };
    },
    list,
    async get(customer, id) {
      return (await list(customer)).find((o) => o.id === id) ?? null;
    },
    async latest(customer) {
      return (await list(customer))[0] ?? null;
    },
    // The ERP keeps, packs and prints its orders (ELSEWHERE_MESSAGES.orders): none are the shop's to print.
    inSlot: async () => [],
    async cancel(customer, id) {
      const orders = await list(customer);
      if (!orders.some((o) => o.id === id)) throw new ShopError("not_found", ORDER_MESSAGES.notFound);
      await as(customer, `/api/orders/${id}/cancel`);
      // A refund of an online payment is the ERP's to make.
      return { refundId: null };
    },
  };
}
