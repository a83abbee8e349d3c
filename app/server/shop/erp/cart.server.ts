// The cart, the wishlist and the header's facts of a customer whose cart lives in the ERP
// (issue 17, decision 043), by the calls of Specification: Browsing calls and Transaction calls. What the ERP's
// answers leave out (a line's stock, its tax rate when the ERP names none) comes from the
// catalogue Haat keeps a copy of.
import { GIFT_MESSAGES } from "../../../domain/gift.ts";
import { DEFAULT_REPLACEMENT, REPLACEMENT_MESSAGES } from "../../../domain/replacement.ts";
import { inArray, eq } from "drizzle-orm";
import type { ApiCart, ApiWishlistItem } from "../../../domain/api.ts";
import { cartCount, summarize, type CartEntries, type CartLineView } from "../../../domain/cart.ts";
import { PLACEHOLDER_IMAGE } from "../../../domain/catalog.ts";
import { rupeesToPaise, taxRate } from "../../../domain/money.ts";
import type { PaymentChoice } from "../../../domain/payment.ts";
import { CART_MESSAGES } from "../../../domain/cart.ts";
import { WISHLIST_MESSAGES, type WishlistItemView } from "../../../domain/wishlist.ts";
import type { Db } from "../../db/client.server.ts";
import { products, variants } from "../../db/schema.server.ts";
import { ShopError, type CartChange, type CartPort, type CartView, type Customer, type StockRequestsPort, type ViewerPort, type WishlistPort } from "../port.server.ts";
import { erpImage, type ErpClient } from "./client.server.ts";
import type { ErpCredentials } from "./credentials.server.ts";

type ErpCartAnswer = Partial<ApiCart> & { cart?: ApiCart["cart"]; warning?: string | null; coupon_dropped?: string | null };

interface Local {
  inStock: boolean;
  inventoryStock: number;
  taxRate: number;
  attribute: string;
}

/** The copied catalogue's facts of these variants. */
async function localVariants(db: Db, refs: readonly string[]): Promise<Map<string, Local>> {
  if (refs.length === 0) return new Map();
  const rows = await db
    .select({ ref: variants.internalReference, inStock: variants.inStock, stock: variants.inventoryStock, attribute: variants.attribute, salesTax: products.salesTax })
    .from(variants)
    .innerJoin(products, eq(products.id, variants.productId))
    .where(inArray(variants.internalReference, [...refs]));
  return new Map(rows.map((r) => [r.ref, { inStock: r.inStock, inventoryStock: r.stock, taxRate: taxRate(r.salesTax), attribute: r.attribute }]));
}

/** "GST 5%" or "5%" as 5; null when the ERP gave nothing readable. */
function rateOf(salesTax: unknown): number | null {
  const first = Array.isArray(salesTax) ? salesTax[0] : salesTax;
  const name = typeof first === "string" ? first : typeof (first as { name?: unknown })?.name === "string" ? (first as { name: string }).name : null;
  const m = name ? /(\d+(?:\.\d+)?)\s*%/.exec(name) : null;
  return m ? Number(m[1]) : null;
}

export function createErpCart(db: Db, erp: ErpClient, credentials: ErpCredentials): CartPort & { view(customer: Customer, answer: ErpCartAnswer): Promise<CartView> } {
  const as = credentials.callAs;

  async function view(customer: Customer, answer: ErpCartAnswer): Promise<CartView> {
    const list = Array.isArray(answer.cart) ? answer.cart : [];
    const local = await localVariants(
      db,
      list.map((l) => l.internal_reference),
    );
    const lines: CartLineView[] = list.map((l, i) => {
      const known = local.get(l.internal_reference);
      return {
        // An ERP that numbers no lines: their place in the cart, stable while it is unchanged.
        id: typeof l.id === "number" ? l.id : i + 1,
        productId: l.product_id,
        internalReference: l.internal_reference,
        title: l.title,
        attribute: l.attribute ?? known?.attribute ?? "",
        image: erpImage(erp.baseUrl, l.images?.[0], null) ?? PLACEHOLDER_IMAGE,
        quantity: l.quantity ?? 1,
        pricePaise: rupeesToPaise(l.price_unit ?? 0),
        mrpPaise: rupeesToPaise(l.mrp ?? l.price_unit ?? 0),
        taxRate: rateOf(l.sales_tax) ?? known?.taxRate ?? 0,
        inStock: known?.inStock ?? true,
        inventoryStock: typeof l.inventory_stock === "number" ? l.inventory_stock : (known?.inventoryStock ?? 0),
      };
    });
    const discountPaise = rupeesToPaise(answer.discount ?? 0);
    const summary = summarize(lines, discountPaise);
    // The ERP's own figures where it gives them: it is the system of record.
    if (typeof answer.tax === "number") summary.taxPaise = rupeesToPaise(answer.tax);
    if (typeof answer.delivery_charge === "number") summary.deliveryPaise = rupeesToPaise(answer.delivery_charge);
    if (typeof answer.total === "number") summary.totalPaise = rupeesToPaise(answer.total);
    const choice = (await credentials.paymentChoice(customer.id)) as PaymentChoice | null;
    return {
      id: typeof answer.cart_id === "number" ? answer.cart_id : null,
      lines,
      summary,
      count: typeof answer.cart_count === "number" ? answer.cart_count : cartCount(lines),
      coupon: answer.coupon_code ? { code: answer.coupon_code, discountPaise } : null,
      couponDropped: null,
      paymentMethod: choice === null ? null : choice === "cod" ? "cod" : "razorpay",
      paymentChoice: choice,
      // The ERP's cart calls carry no gift message nor replacement choice (Specification: Cart).
      gift: null,
      replacement: DEFAULT_REPLACEMENT,
    };
  }

  const get = async (customer: Customer) => view(customer, await as<ErpCartAnswer>(customer, "/api/cart/get", {}, true));

  /** The cart's line of a variant: the ERP knows lines by internal_reference. */
  async function lineOf(customer: Customer, internalReference: string) {
    const cart = await get(customer);
    const line = cart.lines.find((l) => l.internalReference === internalReference);
    if (!line) throw new ShopError("not_found", CART_MESSAGES.notInCart);
    return line;
  }

  function changeOf(answer: ErpCartAnswer, internalReference: string, fallbackTitle: string): CartChange {
    const line = answer.cart?.find((l) => l.internal_reference === internalReference);
    return {
      title: line?.title ?? fallbackTitle,
      quantity: line?.quantity ?? 0,
      ...(answer.warning ? { warning: answer.warning } : {}),
      ...(answer.coupon_dropped ? { couponDropped: answer.coupon_dropped } : {}),
    };
  }

  async function add(customer: Customer, item: { internalReference: string; quantity: number }): Promise<CartChange> {
    const answer = await as<ErpCartAnswer>(customer, "/api/cart/add", { internal_reference: item.internalReference, quantity: item.quantity });
    return changeOf(answer, item.internalReference, item.internalReference);
  }

  async function setQuantity(customer: Customer, internalReference: string, quantity: number): Promise<CartChange> {
    const line = await lineOf(customer, internalReference);
    const answer = await as<ErpCartAnswer>(customer, "/api/cart/update", { internal_reference: internalReference, quantity });
    return changeOf(answer, internalReference, line.title);
  }

  return {
    view,
    get,
    add,
    async addMany(customer, items) {
      const added: CartChange[] = [];
      const refused: { label: string; reason: string }[] = [];
      for (const item of items) {
        try {
          added.push(await add(customer, item));
        } catch (error) {
          if (!(error instanceof ShopError) || error.code === "unavailable") throw error;
          refused.push({ label: item.label, reason: error.message });
        }
      }
      return { added, refused };
    },
    setQuantity,
    async step(customer, internalReference, by) {
      const line = await lineOf(customer, internalReference);
      // Minus stops at 1: removing is its own action (as the embedded cart).
      const answer = await as<ErpCartAnswer>(customer, "/api/cart/update", { internal_reference: line.internalReference, quantity: Math.max(1, line.quantity + by) });
      return changeOf(answer, line.internalReference, line.title);
    },
    async remove(customer, internalReference) {
      const line = await lineOf(customer, internalReference);
      const answer = await as<ErpCartAnswer>(customer, "/api/cart/remove", { internal_reference: line.internalReference });
      return { title: line.title, ...(answer.coupon_dropped ? { couponDropped: answer.coupon_dropped } : {}) };
    },
    async clear(customer) {
      await as(customer, "/api/cart/clear");
      await credentials.setPaymentChoice(customer.id, null);
    },
    async applyCoupon(customer, code) {
      // The ERP checks the coupon every time, the one already on the cart too.
      const cart = await get(customer);
      const answer = await as<{ cart?: ErpCartAnswer }>(customer, "/api/cart/apply-coupon", { order_id: cart.id ?? undefined, coupon_code: code });
      return { code, discountPaise: rupeesToPaise(answer.cart?.discount ?? 0) };
    },
    async removeCoupon(customer) {
      const cart = await get(customer);
      if (!cart.coupon) return;
      await as(customer, "/api/cart/remove-coupon", { order_id: cart.id ?? undefined });
    },
    async choosePayment(customer, choice) {
      const cart = await get(customer);
      if (cart.lines.length === 0) throw new ShopError("conflict", CART_MESSAGES.empty);
      await credentials.setPaymentChoice(customer.id, choice);
    },
    async setGift() {
      throw new ShopError("unavailable", GIFT_MESSAGES.unavailable);
    },
    async setReplacement() {
      throw new ShopError("unavailable", REPLACEMENT_MESSAGES.unavailable);
    },
  };
}

export function toWishlistItem(w: Partial<ApiWishlistItem> & { internal_reference: string }, local: Local | undefined, index: number, baseUrl: string): WishlistItemView {
  const price = rupeesToPaise(w.price ?? w.price_unit ?? 0);
  return {
    id: typeof w.id === "number" ? w.id : index + 1,
    productId: w.product_id ?? 0,
    internalReference: w.internal_reference,
    title: w.title ?? w.name ?? w.internal_reference,
    attribute: local?.attribute ?? "",
    image: erpImage(baseUrl, w.image, null) ?? PLACEHOLDER_IMAGE,
    pricePaise: price,
    mrpPaise: rupeesToPaise(w.mrp ?? w.price ?? 0),
    inStock: w.inStock ?? local?.inStock ?? true,
    inventoryStock: typeof w.inventory_stock === "number" ? w.inventory_stock : (local?.inventoryStock ?? 0),
  };
}

export function createErpWishlist(db: Db, erp: ErpClient, credentials: ErpCredentials, cart: CartPort): WishlistPort {
  const as = credentials.callAs;

  async function list(customer: Customer): Promise<WishlistItemView[]> {
    const answer = await as<{ products?: (Partial<ApiWishlistItem> & { internal_reference: string })[] }>(customer, "/api/wishlist/list", {}, true);
    const items = Array.isArray(answer.products) ? answer.products : [];
    const local = await localVariants(
      db,
      items.map((i) => i.internal_reference),
    );
    return items.map((w, i) => toWishlistItem(w, local.get(w.internal_reference), i, erp.baseUrl));
  }

  const add = async (customer: Customer, internalReference: string) => {
    await as(customer, "/api/wishlist/add", { internal_reference: internalReference, qty: 1 });
  };
  const remove = async (customer: Customer, which: { item?: number; internalReference?: string }) => {
    await as(customer, "/api/wishlist/remove", { id: which.item, internal_reference: which.internalReference });
  };

  return {
    list,
    add,
    remove,
    async toggle(customer, internalReference) {
      const present = (await list(customer)).some((w) => w.internalReference === internalReference);
      if (present) await remove(customer, { internalReference });
      else await add(customer, internalReference);
      return { added: !present };
    },
    async moveToCart(customer, itemId) {
      const item = (await list(customer)).find((w) => w.id === itemId);
      if (!item) throw new ShopError("not_found", WISHLIST_MESSAGES.notFound);
      if (!item.inStock || item.inventoryStock <= 0) throw new ShopError("conflict", WISHLIST_MESSAGES.outOfStock);
      const change = await cart.add(customer, { internalReference: item.internalReference, quantity: 1 });
      await remove(customer, { item: item.id, internalReference: item.internalReference });
      return change;
    },
  };
}

/**
 * The header's facts from the ERP: its cart and wishlist, and the delivery address and 'Notify Me'
 * requests Haat keeps itself.
 */
export function createErpViewer(
  cart: CartPort,
  wishlist: WishlistPort,
  deliverTo: (customer: Customer) => Promise<{ city: string; zip: string } | null>,
  stockRequests: Pick<StockRequestsPort, "list">,
): ViewerPort {
  return {
    async of(customer) {
      // Haat's own table, read whether or not the ERP answers.
      const waiting = () => stockRequests.list(customer).then((rs) => Object.fromEntries(rs.map((r) => [r.internalReference, r.id])));
      let read;
      try {
        read = await Promise.all([cart.get(customer), wishlist.list(customer), deliverTo(customer)]);
      } catch (error) {
        // The ERP is down: the catalogue's pages still serve from its copy, with an empty
        // header badge rather than an error page; the cart's own page says what is wrong.
        if (error instanceof ShopError && error.code === "unavailable") return { cart: {}, wishlist: {}, deliverTo: null, notify: await waiting() };
        throw error;
      }
      const [c, w, to] = read;
      const entries: CartEntries = {};
      for (const l of c.lines) entries[l.internalReference] = { quantity: l.quantity, pricePaise: l.pricePaise, inventoryStock: l.inventoryStock };
      return { cart: entries, wishlist: Object.fromEntries(w.map((i) => [i.internalReference, i.id])), deliverTo: to, notify: await waiting() };
    },
  };
}
