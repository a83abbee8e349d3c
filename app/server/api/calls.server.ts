// Every call of the JSON API (issue 17, decision 042): the paths of Specification: Browsing calls and
// Transaction calls, and those the specifications leave out, chosen here (each marked
// "chosen"). A call runs the use case the page's form for the same thing runs (it is given
// `useCases` and `reads`, never the Shop), so the messages and checks are the same; its answer
// is what the specifications' callers read.
import { giftOf } from "../../domain/gift-form.ts";
import {
  API_COUNTRIES,
  API_MESSAGES,
  API_STATES,
  apiCart,
  apiParams,
  apiProduct,
  apiOrder,
  apiAddress,
  apiWishlistItem,
  apiStockRequest,
  apiSubscription,
  apiProfile,
  apiTokenResult,
  apiOtpVerifyResult,
  rupeesOf,
  stateById,
} from "../../domain/api.ts";
import { PROFILE_MESSAGES } from "../../domain/account.ts";
import { ADDRESS_MESSAGES } from "../../domain/address.ts";
import { addedMessage, CART_MESSAGES } from "../../domain/cart.ts";
import { COUPON_MESSAGES } from "../../domain/coupon.ts";
import { parseId } from "../../domain/ids.ts";
import { ORDER_MESSAGES } from "../../domain/order.ts";
import { PAYMENT_MESSAGES } from "../../domain/payment.ts";
import { WISHLIST_MESSAGES } from "../../domain/wishlist.ts";
import { ownSignIn, SIGN_IN_WITH_CLERK } from "../use-cases/password-sign-in.server.ts";
import { clientAddressOf } from "../context.server.ts";
import { appEnv } from "../env.server.ts";
import { ShopError, type ApiTokenPair, type Customer } from "../shop/port.server.ts";
import type { Reads } from "../use-cases/index.server.ts";
import { invoiceLink } from "./invoice-link.server.ts";
import { ApiRefusal, call, type ApiCall } from "./pipeline.server.ts";
import { addressOut, cartOut, orderOut, productOut, profileOut, subscriptionOut, wishlistItemOut } from "./shapes.server.ts";
import { MOBILE_MESSAGES } from "../../domain/mobile-sign-in.ts";
import { z } from "zod";

const cartAnswer = async (reads: Reads, customer: Customer) => ({ success: true, ...cartOut(await reads.cart.get(customer)) });

function pathId(path: Record<string, string>, message: string): number {
  const id = parseId(path.id);
  if (id === null) throw new ShopError("not_found", message);
  return id;
}

// A Clerk shop's app signs in and up with Clerk: Haat's own calls for it say so before anything else is read.
function localOnly() {
  if (!ownSignIn()) throw new ApiRefusal(404, SIGN_IN_WITH_CLERK);
}

async function addressInput(params: z.output<typeof apiParams.address>) {
  const state = stateById(params.state_id);
  if (!state || params.country_id !== API_COUNTRIES[0].id) throw new ShopError("invalid", "Haat delivers in India only: choose one of /api/states.");
  return {
    name: params.name,
    phone: params.phone,
    email: params.email,
    street: params.street,
    street2: params.street2,
    city: params.city,
    state,
    zip: params.zip,
    country: "",
  };
}

const ok = { success: z.boolean() };

/** What the token calls answer: the pair, and the id `clerk_id` must name. */
const tokenAnswer = (pair: ApiTokenPair, customerId: number) => ({
  access_token: pair.accessToken,
  refresh_token: pair.refreshToken,
  token_type: "Bearer" as const,
  expires_in: pair.expiresIn,
  clerk_id: String(customerId),
});

/** The calls by path; `{id}` is a positive whole number. */
export const API_CALLS: Record<string, ApiCall> = {
  // ---------- sign-in (chosen paths; issue 17) ----------
  "/api/auth/token": call({
    summary: "A bearer token for an e-mail and password (local provider), rate limited like sign-in.",
    auth: "none",
    params: apiParams.token,
    result: apiTokenResult,
    async run({ reads, useCases, params, context }) {
      localOnly();
      const device = params.device_token ?? null;
      const outcome = await useCases.passwordSignIn.signInWithPassword({
        email: params.email,
        password: params.password,
        clientAddress: clientAddressOf(context),
        device,
      });
      if (!outcome.ok) throw new ApiRefusal(outcome.tooMany ? 429 : 401, outcome.message);
      const pair = await useCases.apiTokens.issueApiTokens(outcome.customer.id);
      // Only a token this account already knows is kept: an app never names its own.
      const kept = device && (await reads.accounts.knownDevice(params.email, device)) ? device : null;
      return { ...tokenAnswer(pair, outcome.customer.id), device_token: await useCases.devices.rememberDeviceToken(outcome.customer, kept) };
    },
  }),
  "/api/auth/register": call({
    summary:
      "A new account (local provider, when sign-up is on) and its first token, rate limited like sign-up. The account is mailed a link that confirms its e-mail, opened in a browser signed in to it.",
    auth: "none",
    params: apiParams.register,
    result: apiTokenResult,
    async run({ useCases, params, context }) {
      // An app of a Clerk shop is told where its shoppers sign up; the rest is the use case's.
      localOnly();
      const customer = await useCases.signUp.signUp({ name: params.name, email: params.email, phone: params.mobile, password: params.password }, clientAddressOf(context));
      const pair = await useCases.apiTokens.issueApiTokens(customer.id);
      return { ...tokenAnswer(pair, customer.id), device_token: await useCases.devices.rememberDeviceToken(customer, null) };
    },
  }),
  // Mobile sign-in (issue 28): the sign-in page's use case, with the same limits and messages.
  "/api/auth/otp/send": call({
    summary:
      "Sends a 6-digit code by SMS to a 10-digit Indian mobile number (local provider, where the shop sends SMS). The same answer whether or not the number has an account; a new code at most every 30 seconds and 5 an hour per number.",
    auth: "none",
    params: apiParams.otpSend,
    result: z.object({ success: z.boolean(), message: z.string() }),
    async run({ useCases, params, context }) {
      localOnly();
      const { message } = await useCases.mobileSignIn.sendCode({
        mobile: params.mobile,
        purpose: "sign-in",
        customerId: null,
        clientAddress: clientAddressOf(context),
        language: params.language,
      });
      return { success: true, message };
    },
  }),
  "/api/auth/otp/verify": call({
    summary:
      "A bearer token for a mobile number and the code sent to it (valid 10 minutes, 5 tries, used once). A number the shop does not know opens an account when `name` is given; without it the answer asks for the name and the code is not spent.",
    auth: "none",
    params: apiParams.otpVerify,
    result: apiOtpVerifyResult,
    async run({ useCases, params, context }) {
      localOnly();
      const result = await useCases.mobileSignIn.signInWithCode({ ...params, clientAddress: clientAddressOf(context) });
      if ("needsName" in result) return { needs_name: true as const, message: MOBILE_MESSAGES.newAccount };
      const pair = await useCases.apiTokens.issueApiTokens(result.customer.id);
      return { ...tokenAnswer(pair, result.customer.id), created: result.created };
    },
  }),
  "/api/auth/refresh": call({
    summary: "A new token pair for a refresh token, which is spent by it.",
    auth: "none",
    params: apiParams.refresh,
    result: apiTokenResult,
    async run({ useCases, params }) {
      localOnly();
      const refreshed = await useCases.apiTokens.refreshApiTokens(params.refresh_token);
      if (!refreshed) throw new ApiRefusal(401, API_MESSAGES.badRefresh);
      return tokenAnswer(refreshed.pair, refreshed.customer!.id);
    },
  }),
  "/api/auth/revoke": call({
    summary: "Ends a token pair (signing out of an app): give its access or refresh token.",
    auth: "none",
    params: apiParams.revoke,
    result: z.object(ok),
    async run({ useCases, params }) {
      localOnly();
      // As RFC 7009: the answer is the same whether the token was known.
      await useCases.apiTokens.revokeApiTokens(params.token);
      return { success: true };
    },
  }),

  // ---------- catalogue (Specification: Browsing calls) ----------
  "/api/products": call({
    summary: "Products with their variants, in id order (`offset`, `limit` up to 500).",
    auth: "none",
    params: apiParams.products,
    result: z.object({ products: z.array(apiProduct), total: z.number() }),
    async run({ reads, params }) {
      const page = await reads.catalog.products(params.offset, params.limit);
      return { products: page.products.map(productOut), total: page.total };
    },
  }),
  "/api/products/new": call({
    summary: "The newest products (chosen path for the specification's new-products endpoint).",
    auth: "none",
    params: apiParams.newProducts,
    result: z.object({ products: z.array(apiProduct) }),
    async run({ reads, params }) {
      const cards = await reads.catalog.newProducts(params.limit);
      const details = await Promise.all(cards.map((c) => reads.catalog.product(c.id)));
      return { products: details.flatMap((d) => (d ? [productOut(d)] : [])) };
    },
  }),
  "/api/products/{id}": call({
    summary: "One product with its variants.",
    auth: "none",
    params: apiParams.none,
    result: apiProduct,
    async run({ reads, path }) {
      const product = await reads.catalog.product(pathId(path, CART_MESSAGES.unknownProduct));
      if (!product) throw new ShopError("not_found", CART_MESSAGES.unknownProduct);
      return productOut(product);
    },
  }),

  // ---------- cart (Specification: Browsing calls and Transaction calls) ----------
  "/api/cart/setup": call({
    summary: "The customer's cart id (null until something is added).",
    auth: "bearer",
    params: apiParams.none,
    result: z.object({ ...ok, cart_id: z.number().nullable() }),
    async run({ reads, customer }) {
      return { success: true, cart_id: (await reads.cart.get(customer)).id };
    },
  }),
  "/api/cart/get": call({
    summary: "The cart: its lines, tax, delivery charge, total, count and id.",
    auth: "bearer",
    params: apiParams.none,
    result: apiCart.extend(ok),
    run: ({ reads, customer }) => cartAnswer(reads, customer),
  }),
  "/api/cart/add": call({
    summary: "Adds a variant (the price is the shop's, whatever price_unit says); clamped to stock with a warning.",
    auth: "bearer",
    params: apiParams.cartAdd,
    result: apiCart.extend({ ...ok, message: z.string(), warning: z.string().nullable(), coupon_dropped: z.string().nullable() }),
    async run({ reads, useCases, customer, params }) {
      const change = await useCases.cart.addToCart(customer, { internalReference: params.internal_reference, quantity: params.quantity });
      return { ...(await cartAnswer(reads, customer)), message: addedMessage(change.title), warning: change.warning ?? null, coupon_dropped: change.couponDropped ?? null };
    },
  }),
  "/api/cart/remove": call({
    summary: "Takes a variant's line out of the cart.",
    auth: "bearer",
    params: apiParams.cartRemove,
    result: apiCart.extend({ ...ok, coupon_dropped: z.string().nullable() }),
    async run({ reads, useCases, customer, params }) {
      const removed = await useCases.cart.removeFromCart(customer, params.internal_reference);
      return { ...(await cartAnswer(reads, customer)), coupon_dropped: removed.couponDropped ?? null };
    },
  }),
  "/api/cart/update": call({
    summary: "Sets a line's quantity (0 takes it out); clamped to stock with a warning. `coupon_dropped` says why the coupon came off.",
    auth: "bearer",
    params: apiParams.cartUpdate,
    result: apiCart.extend({ ...ok, warning: z.string().nullable(), coupon_dropped: z.string().nullable() }),
    async run({ reads, useCases, customer, params }) {
      const change = await useCases.cart.setCartQuantity(customer, params.internal_reference, params.quantity);
      return { ...(await cartAnswer(reads, customer)), warning: change.warning ?? null, coupon_dropped: change.couponDropped ?? null };
    },
  }),
  "/api/cart/clear": call({
    summary: "Empties the cart.",
    auth: "bearer",
    params: apiParams.none,
    result: z.object(ok),
    async run({ useCases, customer }) {
      await useCases.cart.clearCart(customer);
      return { success: true };
    },
  }),
  "/api/cart/apply-coupon": call({
    summary: "Applies a coupon to the cart.",
    auth: "bearer",
    params: apiParams.applyCoupon,
    result: z.object({ ...ok, message: z.string(), order_id: z.number().nullable(), cart: apiCart, cart_count: z.number() }),
    async run({ reads, useCases, customer, params }) {
      const applied = await useCases.coupons.applyCoupon(customer, { code: params.coupon_code, cartId: params.order_id });
      // The page's form says nothing for an empty code; a caller of the API hears why nothing changed.
      if (applied.kind === "empty") throw new ShopError("invalid", COUPON_MESSAGES.invalid);
      const cart = cartOut(await reads.cart.get(customer));
      return { success: true, message: applied.message, order_id: cart.cart_id, cart, cart_count: cart.cart_count };
    },
  }),
  "/api/cart/remove-coupon": call({
    summary: "Takes the coupon off the cart.",
    auth: "bearer",
    params: apiParams.removeCoupon,
    result: z.object({ ...ok, message: z.string(), order_id: z.number().nullable(), cart: apiCart, cart_count: z.number() }),
    async run({ reads, useCases, customer, params }) {
      const { message } = await useCases.coupons.removeCoupon(customer, { cartId: params.order_id });
      const cart = cartOut(await reads.cart.get(customer));
      return { success: true, message, order_id: cart.cart_id, cart, cart_count: cart.cart_count };
    },
  }),
  "/api/cart/gift": call({
    summary: "Haat's addition (issue 29): sets the cart's gift message, printed on the packing slip and never on the invoice. The cart must hold a Gifting product.",
    auth: "bearer",
    params: apiParams.cartGift,
    result: z.object({ ...ok, message: z.string(), cart: apiCart }),
    async run({ reads, useCases, customer, params }) {
      const { message } = await useCases.gift.setGift(customer, giftOf(params));
      return { success: true, message, cart: cartOut(await reads.cart.get(customer)) };
    },
  }),
  "/api/cart/replacement": call({
    summary:
      "Haat's addition (issue 29): what to do with an item out of stock at packing (replace, call or refund) for the cart, and optionally per line by internal_reference ('' for the cart's).",
    auth: "bearer",
    params: apiParams.cartReplacement,
    result: z.object({ ...ok, message: z.string(), cart: apiCart }),
    async run({ reads, useCases, customer, params }) {
      const { message } = await useCases.replacement.setReplacement(customer, params);
      return { success: true, message, cart: cartOut(await reads.cart.get(customer)) };
    },
  }),
  "/api/cart/remove-gift": call({
    summary: "Haat's addition (issue 29): takes the gift message off the cart.",
    auth: "bearer",
    params: apiParams.none,
    result: z.object({ ...ok, message: z.string(), cart: apiCart }),
    async run({ reads, useCases, customer }) {
      const { message } = await useCases.gift.setGift(customer, null);
      return { success: true, message, cart: cartOut(await reads.cart.get(customer)) };
    },
  }),

  // ---------- wishlist (Specification: Browsing calls) ----------
  "/api/wishlist/add": call({
    summary: "Adds a variant to the wishlist (once).",
    auth: "bearer",
    params: apiParams.wishlistAdd,
    result: z.object({ ...ok, message: z.string() }),
    async run({ useCases, customer, params }) {
      await useCases.wishlist.addToWishlist(customer, params.internal_reference);
      return { success: true, message: WISHLIST_MESSAGES.added };
    },
  }),
  "/api/wishlist/remove": call({
    summary: "Takes an item off the wishlist, by its id or its variant's internal_reference.",
    auth: "bearer",
    params: apiParams.wishlistRemove,
    result: z.object({ ...ok, message: z.string() }),
    async run({ useCases, customer, params }) {
      if (params.id === undefined && !params.internal_reference) throw new ShopError("invalid", WISHLIST_MESSAGES.missingReference);
      await useCases.wishlist.removeFromWishlist(customer, { item: params.id, internalReference: params.internal_reference });
      return { success: true, message: WISHLIST_MESSAGES.removed };
    },
  }),
  "/api/wishlist/list": call({
    summary: "The wishlist's items.",
    auth: "bearer",
    params: apiParams.none,
    result: z.object({ ...ok, products: z.array(apiWishlistItem) }),
    async run({ reads, customer }) {
      return { success: true, products: (await reads.wishlist.list(customer)).map(wishlistItemOut) };
    },
  }),

  // ---------- 'Notify Me' (Haat's addition, issue 29) ----------
  "/api/notify/request": call({
    summary: "Haat's addition (issue 29): asks to be mailed once when an out-of-stock variant is back in stock. Refused while it is in stock.",
    auth: "bearer",
    params: apiParams.notifyRequest,
    result: z.object({ ...ok, message: z.string() }),
    async run({ useCases, customer, params }) {
      return { success: true, ...(await useCases.stockRequests.requestNotice(customer, params.internal_reference, params.language ?? "en", "api")) };
    },
  }),
  "/api/notify/list": call({
    summary: "Haat's addition (issue 29): the 'Notify Me' requests still waiting, newest first.",
    auth: "bearer",
    params: apiParams.none,
    result: z.object({ ...ok, requests: z.array(apiStockRequest) }),
    async run({ reads, customer }) {
      const requests = await reads.stockRequests.list(customer);
      return {
        success: true,
        requests: requests.map((r) => ({
          id: r.id,
          product_id: r.productId,
          title: r.title,
          attribute: r.attribute,
          internal_reference: r.internalReference,
          image: r.image,
          created_at: r.createdAt.toISOString(),
        })),
      };
    },
  }),
  "/api/notify/cancel": call({
    summary: "Haat's addition (issue 29): cancels a 'Notify Me' request.",
    auth: "bearer",
    params: apiParams.notifyCancel,
    result: z.object({ ...ok, message: z.string() }),
    async run({ useCases, customer, params }) {
      return { success: true, ...(await useCases.stockRequests.cancelNotice(customer, params.id, "api")) };
    },
  }),

  // ---------- standing orders (Haat's addition, issue 45) ----------
  "/api/subscriptions/list": call({
    summary: "Haat's addition (issue 45): the shopper's standing orders, active first, with their pauses, skips and last days made.",
    auth: "bearer",
    params: apiParams.none,
    result: z.object({ ...ok, subscriptions: z.array(apiSubscription) }),
    async run({ reads, customer }) {
      return { success: true, subscriptions: (await reads.subscriptions.list(customer)).map(subscriptionOut) };
    },
  }),
  "/api/subscriptions/create": call({
    summary:
      "Haat's addition (issue 45): subscribes to a variant the catalogue offers as a standing order, paid on delivery or by Razorpay Autopay (the shopper approves the mandate at autopay_url).",
    auth: "bearer",
    params: apiParams.subscriptionCreate,
    result: z.object({ ...ok, id: z.number(), message: z.string(), autopay_url: z.string().nullable() }),
    async run({ useCases, customer, params }) {
      const made = await useCases.subscriptions.subscribe(customer, {
        internalReference: params.internal_reference,
        quantity: params.quantity,
        frequency: params.frequency,
        startDate: params.start_date,
        slotKind: params.slot,
        addressId: params.address_id,
        ...(params.pay === "cod" ? { paymentMethod: "cod" as const } : { paymentMethod: "razorpay" as const, instrument: params.pay }),
        language: params.language ?? "en",
      });
      return { success: true, id: made.id, message: made.message, autopay_url: made.autopayUrl };
    },
  }),
  "/api/subscriptions/skip": call({
    summary: "Haat's addition (issue 45): skips one delivery, until the evening cut-off before it.",
    auth: "bearer",
    params: apiParams.subscriptionSkip,
    result: z.object({ ...ok, message: z.string() }),
    async run({ useCases, customer, params }) {
      return { success: true, ...(await useCases.subscriptions.skipDelivery(customer, params.id, params.date, "en", "api")) };
    },
  }),
  "/api/subscriptions/pause": call({
    summary: "Haat's addition (issue 45): no deliveries from one day to another (at most 90 days), from a day still open.",
    auth: "bearer",
    params: apiParams.subscriptionPause,
    result: z.object({ ...ok, message: z.string() }),
    async run({ useCases, customer, params }) {
      return { success: true, ...(await useCases.subscriptions.pauseSubscription(customer, params.id, { from: params.from, to: params.to })) };
    },
  }),
  "/api/subscriptions/resume": call({
    summary: "Haat's addition (issue 45): ends every pause from the first day still open.",
    auth: "bearer",
    params: apiParams.subscriptionId,
    result: z.object({ ...ok, message: z.string() }),
    async run({ useCases, customer, params }) {
      return { success: true, ...(await useCases.subscriptions.resumeSubscription(customer, params.id)) };
    },
  }),
  "/api/subscriptions/cancel": call({
    summary: "Haat's addition (issue 45): stops a standing order for good; orders already made stay.",
    auth: "bearer",
    params: apiParams.subscriptionId,
    result: z.object({ ...ok, message: z.string() }),
    async run({ useCases, customer, params }) {
      return { success: true, ...(await useCases.subscriptions.cancelSubscription(customer, params.id)) };
    },
  }),

  // ---------- newsletter and contact (Specification: Browsing calls) ----------
  "/api/subscribe": call({
    summary: "Asks to subscribe an e-mail address to the newsletter (a confirmation mail follows).",
    auth: "none",
    params: apiParams.subscribe,
    result: z.object({ ...ok, message: z.string() }),
    async run({ useCases, params, context }) {
      const { message } = await useCases.newsletter.subscribe(clientAddressOf(context), params.email);
      return { success: true, message: message.trim() };
    },
  }),
  "/api/contact": call({
    summary: "A contact message, as a ticket (chosen path; JSON-RPC 2.0 envelope). Rate limited like the contact form.",
    auth: "optional",
    params: apiParams.contact,
    result: z.object({ ...ok, ticket_id: z.number(), ticket_name: z.string(), portal_url: z.string(), message: z.string() }),
    async run({ useCases, customer, params, context }) {
      const ticket = await useCases.tickets.openTicket({ customer, clientAddress: clientAddressOf(context), ...params });
      // The ticket's page, with its key: whoever sent it can read it without signing in.
      return { success: true, ticket_id: ticket.id, ticket_name: ticket.name, portal_url: ticket.portalUrl, message: ticket.message };
    },
  }),

  // ---------- orders (Specification: Transaction calls) ----------
  "/api/orders/all": call({
    summary: "The customer's placed and cancelled orders, newest first.",
    auth: "bearer",
    params: apiParams.ordersAll,
    result: z.object({ ...ok, orders: z.array(apiOrder) }),
    async run({ reads, customer }) {
      return { success: true, orders: (await reads.orders.list(customer)).map(orderOut) };
    },
  }),
  "/api/order/create": call({
    summary: "Places the cart: cash on delivery, or for an order already paid through /api/razorpay/verify. Idempotent.",
    auth: "bearer",
    params: apiParams.orderCreate,
    result: z.object({ ...ok, order_id: z.number(), already_placed: z.boolean() }),
    async run({ reads, useCases, customer, params }) {
      const cart = await reads.cart.get(customer);
      // The app's view of the cart must be the cart: what it shows is what is placed.
      if (params.cart_items && cart.id === params.cart_id) {
        const want = new Map(params.cart_items.map((i) => [i.internal_reference, i.quantity]));
        const same = want.size === cart.lines.length && cart.lines.every((l) => want.get(l.internalReference) === l.quantity);
        if (!same) throw new ShopError("conflict", API_MESSAGES.cartChanged);
      }
      // Paid online: the order was placed by /api/razorpay/order and confirmed by verify; this answers it.
      if (params.payment_method === "razorpay") return { success: true, order_id: await useCases.placeOrder.paidOrder(customer, params.cart_id), already_placed: true };
      // A cart already placed is answered by placeOrder (the same order); this cart is checked as the page checks it.
      if (cart.id === params.cart_id) await useCases.checkout.checkStock(customer, undefined, cart);
      const placed = await useCases.placeOrder.placeOrder(customer, {
        cartId: params.cart_id,
        addressId: params.address_id,
        slot: params.slot ?? "earliest",
        method: "cod",
        via: "link",
      });
      if (placed.kind !== "confirmed") throw new ShopError("conflict", API_MESSAGES.alreadyOrdered);
      return { success: true, order_id: placed.orderId, already_placed: placed.alreadyPlaced };
    },
  }),
  "/api/orders/{id}/cancel": call({
    summary: "Cancels an order (its stock goes back; an online payment is refunded).",
    auth: "bearer",
    params: apiParams.none,
    result: z.object({ ...ok, status: z.boolean(), order_state: z.literal("cancel"), message: z.string() }),
    async run({ useCases, customer, path }) {
      const { message } = await useCases.cancel.cancelOrder(customer, pathId(path, ORDER_MESSAGES.notFound));
      return { success: true, status: true, order_state: "cancel", message };
    },
  }),
  "/api/order/invoice/{id}": call({
    summary:
      "A link to the order's tax invoice (PDF) once it is issued (when the order leaves the shop), its order summary before; and its credit notes. Each link is good for 10 minutes without a cookie.",
    auth: "bearer",
    params: apiParams.none,
    result: z.object({
      ...ok,
      invoice_url: z.string(),
      invoice_number: z.string().nullable().describe("Haat's addition (issue 41): null while the link gives the order summary (not a tax invoice)"),
      credit_notes: z
        .array(z.object({ number: z.string(), date: z.string(), amount: z.number(), url: z.string() }))
        .describe("Haat's addition (issue 41): credit notes issued after the invoice"),
    }),
    async run({ reads, customer, path }) {
      const id = pathId(path, ORDER_MESSAGES.notFound);
      const order = await reads.orders.get(customer, id);
      if (!order) throw new ShopError("not_found", ORDER_MESSAGES.notFound);
      const origin = appEnv().publicOrigin;
      return {
        success: true,
        invoice_url: `${origin}${invoiceLink(id, customer.id)}`,
        invoice_number: order.invoice?.number ?? null,
        credit_notes: order.creditNotes.map((n) => ({
          number: n.number,
          date: n.issuedAt.toISOString(),
          amount: rupeesOf(n.totalPaise),
          url: `${origin}${invoiceLink(id, customer.id, Date.now(), `credit-notes/${n.id}`)}`,
        })),
      };
    },
  }),

  // ---------- online payment (Specification: Transaction calls; issue 12, decision 030) ----------
  "/api/razorpay/key": call({
    summary: "Razorpay's key id for Standard Checkout, when online payment is on.",
    auth: "none",
    params: apiParams.none,
    result: z.object({ ...ok, key_id: z.string() }),
    async run({ reads }) {
      const key = appEnv().razorpay?.keyId;
      if (!reads.payments.available || !key) throw new ShopError("unavailable", PAYMENT_MESSAGES.configMissing);
      return { success: true, key_id: key };
    },
  }),
  "/api/razorpay/order": call({
    summary:
      "Places the cart for online payment (its stock held) and makes the Razorpay order for it. The amount is the server's (with the prepaid discount): open Checkout with the `amount` answered, whatever was sent.",
    auth: "bearer",
    params: apiParams.razorpayOrder,
    result: z.object({ ...ok, order_id: z.string(), amount: z.number(), currency: z.literal("INR"), key_id: z.string(), haat_order_id: z.number(), expires_in: z.number() }),
    async run({ reads, useCases, customer, params }) {
      const cart = await reads.cart.get(customer);
      if (cart.id === params.cart_id) await useCases.checkout.checkStock(customer, undefined, cart);
      const placed = await useCases.placeOrder.placeOrder(customer, { cartId: params.cart_id, addressId: params.address_id, slot: "earliest", method: "online", via: "modal" });
      if (placed.kind !== "paying") throw new ShopError("conflict", API_MESSAGES.alreadyOrdered);
      const { start } = placed;
      if (start.kind !== "modal") throw new ShopError("unavailable", PAYMENT_MESSAGES.createFailed);
      return {
        success: true,
        order_id: start.checkout.orderId,
        amount: start.checkout.amount,
        currency: "INR",
        key_id: start.checkout.key,
        haat_order_id: placed.orderId,
        expires_in: start.checkout.timeout,
      };
    },
  }),
  "/api/razorpay/verify": call({
    summary: "Checks Standard Checkout's answer (its signature, against the Razorpay order Haat made) and confirms the order.",
    auth: "bearer",
    params: apiParams.razorpayVerify,
    result: z.object({ ...ok, status: z.enum(["success", "refunding"]), order_id: z.number(), message: z.string() }),
    async run({ useCases, customer, params }) {
      // Matched by Razorpay's signed ids, never by the token: the order's own customer gets its mail,
      // and another customer holding those fields learns nothing of it.
      const outcome = await useCases.confirmPayment.confirmCheckout({ orderId: params.razorpay_order_id, paymentId: params.razorpay_payment_id, signature: params.razorpay_signature });
      if (outcome.customer.id !== customer.id) throw new ShopError("invalid", PAYMENT_MESSAGES.verificationFailed);
      if (outcome.kind === "refunding") return { success: true, status: "refunding", order_id: outcome.orderId, message: PAYMENT_MESSAGES.late };
      return { success: true, status: "success", order_id: outcome.orderId, message: "Payment Successful" };
    },
  }),

  // ---------- addresses and profile (Specification: Transaction calls) ----------
  "/api/customer/addresses": call({
    summary: "The customer's saved addresses.",
    auth: "bearer",
    params: apiParams.addresses,
    result: z.object({ ...ok, addresses: z.array(apiAddress) }),
    async run({ reads, customer }) {
      return { success: true, addresses: (await reads.addresses.list(customer)).map(addressOut) };
    },
  }),
  "/api/customer/addresses/new": call({
    summary: "Saves a new address (country_id 105, a state_id of /api/states).",
    auth: "bearer",
    params: apiParams.address,
    result: z.object({ ...ok, address_id: z.number(), id: z.number(), message: z.string() }),
    async run({ useCases, customer, params }) {
      const { address, message } = await useCases.addressBook.addAddress(customer, await addressInput(params), { makeDefault: params.is_default });
      return { success: true, address_id: address.id, id: address.id, message };
    },
  }),
  "/api/customer/addresses/{id}": call({
    summary: "Changes a saved address.",
    auth: "bearer",
    params: apiParams.address,
    result: z.object({ ...ok, address_id: z.number(), id: z.number(), message: z.string() }),
    async run({ useCases, customer, params, path }) {
      const { address, message } = await useCases.addressBook.changeAddress(customer, pathId(path, ADDRESS_MESSAGES.invalidId), await addressInput(params), {
        makeDefault: params.is_default,
      });
      return { success: true, address_id: address.id, id: address.id, message };
    },
  }),
  "/api/customer/addresses/delete/{id}": call({
    summary: "Deletes a saved address (not the primary one).",
    auth: "bearer",
    params: apiParams.addresses,
    result: z.object({ ...ok, message: z.string() }),
    async run({ useCases, customer, path }) {
      return { success: true, ...(await useCases.addressBook.deleteAddress(customer, pathId(path, ADDRESS_MESSAGES.invalidId))) };
    },
  }),
  "/api/customer/profile": call({
    summary: "The customer's name, e-mail and mobile.",
    auth: "bearer",
    params: apiParams.addresses,
    result: apiProfile.extend(ok),
    async run({ customer }) {
      return { success: true, ...profileOut(customer) };
    },
  }),
  "/api/customer/profile/update": call({
    summary: "Changes the customer's name and mobile (the e-mail stays).",
    auth: "bearer",
    params: apiParams.profileUpdate,
    result: apiProfile.extend({ ...ok, status: z.literal("success"), message: z.string() }),
    async run({ useCases, customer, params }) {
      const updated = await useCases.account.updateProfile(customer, { name: params.name, phone: params.mobile });
      return { success: true, status: "success", message: PROFILE_MESSAGES.updated, ...profileOut(updated) };
    },
  }),
  "/api/countries": call({
    summary: "The countries Haat delivers to.",
    auth: "none",
    params: apiParams.none,
    result: z.object({ data: z.array(z.object({ id: z.number(), name: z.string(), code: z.string() })) }),
    run: async () => ({ data: API_COUNTRIES }),
  }),
  "/api/states": call({
    summary: "India's states and union territories, by the ids addresses use.",
    auth: "none",
    params: apiParams.none,
    result: z.object({ data: z.array(z.object({ id: z.number(), name: z.string(), country_id: z.number() })) }),
    run: async () => ({ data: API_STATES }),
  }),
};

/** The call for a path, with its `{id}`; null when there is none. */
export function findCall(pathname: string): { call: ApiCall; path: Record<string, string> } | null {
  const exact = API_CALLS[pathname];
  if (exact) return { call: exact, path: {} };
  for (const [pattern, c] of Object.entries(API_CALLS)) {
    if (!pattern.includes("{id}")) continue;
    const re = new RegExp(`^${pattern.replace("{id}", "([^/]+)")}$`);
    const m = re.exec(pathname);
    // Ids are digits: nothing to decode (a stray % must not become an error).
    if (m) return { call: c, path: { id: m[1]! } };
  }
  return null;
}
