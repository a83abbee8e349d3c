// Cart rules of Specification: Adding to cart, Browsing failure messages, Cart and Transaction failure messages: quantities, messages, the
// badge count, the order summary and the optimistic view of pending changes. No I/O.
import type { SoldByWeight } from "./weight.ts";
import type { ReplacementChoice } from "./replacement.ts";
import { say, type I18n } from "./i18n/messages.ts";
import { NO_DELIVERY_FEE, priceOrder, type DeliveryFee, type OrderPricing } from "./pricing.ts";

export const DEFAULT_QUANTITY = 1;
export const MIN_QUANTITY = 1;
/** No sensible cart line is larger; anything above is refused as bad input, not clamped. */
export const MAX_QUANTITY_INPUT = 999;

export const CART_MESSAGES = {
  outOfStock: /*i18n*/ "This product is currently out of stock.",
  updateFailed: /*i18n*/ "Failed to update quantity",
  notInCart: /*i18n*/ "That item is not in your cart.",
  unknownProduct: /*i18n*/ "That product could not be found.",
  cleared: /*i18n*/ "Your cart is now empty.",
  removed: /*i18n*/ "Item removed from cart",
  updated: /*i18n*/ "Cart updated",
  signInToAdd: /*i18n*/ "Please login to add items",
  empty: /*i18n*/ "Your cart is empty. Please add items before placing an order.",
} as const;

export const CHECKOUT_MESSAGES = {
  choosePayment: /*i18n*/ "Choose a payment method.",
  acceptTerms: /*i18n*/ "Please accept the terms and conditions to place your order.",
} as const;

export function addedMessage(title: string): string {
  return say(/*i18n*/ "{title} added to cart!", { title });
}

export function onlyAvailableMessage(stock: number): string {
  return say(/*i18n*/ "Only {stock} item(s) available in stock", { stock });
}

export type QuantityCheck = { ok: true; quantity: number; clamped: false } | { ok: true; quantity: number; clamped: true; message: string } | { ok: false; message: string };

/**
 * The quantity a line may hold: at least 1, at most the variant's inventory_stock. Above
 * the stock it is clamped with 'Only {n} item(s) available in stock'; at stock 0 nothing
 * may be added.
 */
export function checkQuantity(requested: number, stock: { inStock: boolean; inventoryStock: number }): QuantityCheck {
  if (!stock.inStock || stock.inventoryStock <= 0) return { ok: false, message: CART_MESSAGES.outOfStock };
  const wanted = Math.max(MIN_QUANTITY, Math.trunc(requested));
  if (wanted > stock.inventoryStock) {
    return { ok: true, quantity: stock.inventoryStock, clamped: true, message: onlyAvailableMessage(stock.inventoryStock) };
  }
  return { ok: true, quantity: wanted, clamped: false };
}

// ---------- what the pages show ----------

export interface CartLineView {
  id: number;
  productId: number;
  internalReference: string;
  title: string;
  /** The product's Hindi name (issue 27), when the catalogue has one. */
  titleHi?: string;
  attribute: string;
  image: string;
  quantity: number;
  pricePaise: number;
  mrpPaise: number;
  taxRate: number;
  inStock: boolean;
  inventoryStock: number;
  /** A Gifting product's line (issue 29): the cart may then carry a gift message. */
  gifting?: boolean;
  /** Sold by weight (issue 29): its price is an estimate until staff weigh it. */
  byWeight?: SoldByWeight;
  /** The shopper's choice if it is out of stock at packing, where it differs from the cart's (issue 29). */
  replacement?: ReplacementChoice;
}

/** The order summary: the pricing of the lines without the lines themselves. */
export type CartSummary = Omit<OrderPricing<CartLineView>, "lines">;

export function lineTotal(line: Pick<CartLineView, "pricePaise" | "quantity">): number {
  return line.pricePaise * line.quantity;
}

/** The header badge: quantities of lines priced above zero (discount lines are not items). */
export function cartCount(lines: readonly Pick<CartLineView, "pricePaise" | "quantity">[]): number {
  return lines.reduce((n, l) => (l.pricePaise > 0 ? n + l.quantity : n), 0);
}

/** The cart's summary, with the coupon's discount when one is applied (app/domain/pricing.ts). */
export function summarize(lines: readonly CartLineView[], couponDiscountPaise = 0, prepaidPercent = 0, fee: DeliveryFee = NO_DELIVERY_FEE): CartSummary {
  const { lines: _priced, ...summary } = priceOrder(lines, couponDiscountPaise, prepaidPercent, fee);
  return summary;
}

// ---------- optimistic view: the cart as it will be once pending posts land ----------

/** What the browser knows of a cart line: enough for badges, steppers and 'Go to Cart'. */
export interface CartEntry {
  /** Shown before the server has the line (an add not yet answered): its stepper waits. */
  pending?: true;
  /** Changed by a post waiting for the network (issue 26): the page says it will be sent. */
  queued?: true;
  quantity: number;
  pricePaise: number;
  inventoryStock: number;
}

export type CartEntries = Record<string, CartEntry>;

/**
 * A cart post not yet answered, as the browser reads it (app/components/forms.ts types it
 * from the cart form's declaration): the intent and its fields as sent.
 */
export type PendingCartChange =
  | { intent: "add"; fields: { internal_reference?: string; quantity?: string; price?: string; stock?: string } }
  | { intent: "increment" | "decrement" | "remove"; fields: { internal_reference?: string } }
  | { intent: "clear" | "apply-coupon" | "remove-coupon" | "checkout" | "replacement" };

/**
 * Applies one pending cart post to the entries (keyed by internal_reference). Adds of an
 * unknown reference use the price and stock the form carries, so the badge moves at once.
 */
export function applyPendingCartChange(entries: CartEntries, pending: PendingCartChange): CartEntries {
  if (pending.intent === "clear") return {};
  if (pending.intent === "add") {
    const { fields } = pending;
    const ref = fields.internal_reference;
    if (!ref) return entries;
    const current = entries[ref];
    const stock = whole(fields.stock, current?.inventoryStock ?? 0);
    const price = whole(fields.price, current?.pricePaise ?? 0);
    const check = checkQuantity((current?.quantity ?? 0) + Math.max(1, whole(fields.quantity, DEFAULT_QUANTITY)), { inStock: stock > 0, inventoryStock: stock });
    if (!check.ok) return entries;
    return { ...entries, [ref]: { ...(current ? (current.pending ? { pending: true } : {}) : { pending: true }), quantity: check.quantity, pricePaise: price, inventoryStock: stock } };
  }
  if (pending.intent !== "remove" && pending.intent !== "increment" && pending.intent !== "decrement") return entries;
  const ref = pending.fields.internal_reference;
  const entry = ref ? entries[ref] : undefined;
  if (!ref || !entry) return entries;
  if (pending.intent === "remove") {
    const { [ref]: _gone, ...rest } = entries;
    return rest;
  }
  const next = pending.intent === "increment" ? entry.quantity + 1 : entry.quantity - 1;
  const quantity = Math.min(Math.max(MIN_QUANTITY, next), Math.max(MIN_QUANTITY, entry.inventoryStock));
  return { ...entries, [ref]: { ...entry, quantity } };
}

/** A whole number the browser sent, or the fallback. */
function whole(raw: string | undefined, fallback: number): number {
  return raw !== undefined && /^\d{1,9}$/.test(raw) ? Number(raw) : fallback;
}

export function entriesCount(entries: CartEntries): number {
  return Object.values(entries).reduce((n, e) => (e.pricePaise > 0 ? n + e.quantity : n), 0);
}

/** The product page's chosen quantity from `?qty=`: 1 to the stock, with the clamp message. */
export function chosenQuantity(raw: string | null, stock: number): { quantity: number; message?: string } {
  const n = raw !== null && /^\d{1,6}$/.test(raw.trim()) ? Number(raw.trim()) : DEFAULT_QUANTITY;
  const max = Math.max(MIN_QUANTITY, stock);
  if (n > max) return stock > 0 ? { quantity: max, message: onlyAvailableMessage(stock) } : { quantity: MIN_QUANTITY };
  return { quantity: Math.max(MIN_QUANTITY, n) };
}

/** A cart line the stock can no longer fill as it is: gone, or fewer left than it asks for. */
export type StockProblem = { kind: "out"; line: CartLineView } | { kind: "short"; line: CartLineView; available: number };

/** The lines another shopper's purchase has overtaken, in cart order (issue 11 point 2). */
export function stockProblems(lines: readonly CartLineView[]): StockProblem[] {
  return lines.flatMap((line): StockProblem[] => {
    const available = line.inStock ? Math.max(0, line.inventoryStock) : 0;
    if (available === 0) return [{ kind: "out", line }];
    return line.quantity > available ? [{ kind: "short", line, available }] : [];
  });
}

/** What a line's mark says on the cart and Review Order. */
export function stockNote(problem: StockProblem, where: "cart" | "review" = "cart"): string {
  if (problem.kind === "out") return /*i18n*/ "Out of stock: remove it to place your order.";
  // On the cart, Place order lowers a short line; Review Order sends the shopper back to the cart.
  return where === "cart"
    ? say(/*i18n*/ "Only {available} left: your quantity is lowered to {available} when you place the order.", { available: problem.available })
    : say(/*i18n*/ "Only {available} left: lower the quantity in your cart to confirm.", { available: problem.available });
}

/** English, for callers with no page language at hand: every message as its own text. */
const ENGLISH: Pick<I18n, "_"> = { _: say };

/**
 * What Place order says when it stops on the cart page, so nothing fails at Confirm Order. Its
 * sentences come and go with the problems, so the server says it in the page's language
 * (`i18n`); the page cannot recognise the whole as one message.
 */
export function stockStopMessage(problems: readonly StockProblem[], couponDropped: string | null = null, i18n: Pick<I18n, "_"> = ENGLISH): string {
  const out = problems.filter((p) => p.kind === "out").map((p) => p.line.title);
  const short = problems.flatMap((p) => (p.kind === "short" ? [i18n._("{title} (now {available})", { title: p.line.title, available: p.available })] : []));
  const names = (titles: string[]) => titles.join(", ");
  const parts = [
    ...(out.length
      ? [
          out.length === 1
            ? i18n._("{names} is out of stock: remove it to place your order.", { names: names(out) })
            : i18n._("{names} are out of stock: remove them to place your order.", { names: names(out) }),
        ]
      : []),
    ...(short.length ? [i18n._("Fewer are left than you chose, so we lowered the quantity of {names}.", { names: names(short) })] : []),
  ];
  // The coupon's reason is a message of its own (app/domain/coupon.ts).
  const coupon = couponDropped ? ` ${i18n._("Your coupon was removed: {reason}", { reason: i18n._(couponDropped) })}` : "";
  return `${i18n._("Your cart changed.")} ${parts.join(" ")}${coupon}`;
}
