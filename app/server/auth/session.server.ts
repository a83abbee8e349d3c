// Who is signed in: the session middleware reads the session cookie once per request, and
// loaders and actions ask customerOf (the customer pages' guard hands on customerIn instead).
import { redirect, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { isCartPagePath, isReviewOrderPath, productIdOfPath } from "../../domain/ids.ts";
import { signInPath } from "../../domain/safe-path.ts";
import { SIGNED_IN_CHANGED_HEADER, signsInOrOut } from "../../domain/offline.ts";
import { log } from "../log.server.ts";
import { documentPersonalContext, requestInfoContext, shopOf, signedInContext, type SignedIn } from "../context.server.ts";
import { sessionReadOf } from "../shop/header-facts.server.ts";
import { SIGNED_OUT } from "../../components/splice-protocol.tsx";
import type { ReviewStanding } from "../../domain/review.ts";
import type { Customer, Shop } from "../shop/port.server.ts";
import { cookies, hasCookie, SESSION_COOKIE } from "./cookies.server.ts";

/**
 * A signed-in shopper with nothing of their own, no session, and an id no customer has: whom the
 * cart page's shell is rendered for (context.server.ts blankShopperPage; the splice, issue 30).
 */
const BLANK_SHOPPER: SignedIn = {
  customer: { id: 0, email: null, name: "", phone: "" },
  token: "",
  viewer: { cart: {}, wishlist: {}, deliverTo: null, notify: {} },
  cart: sessionReadOf("cart", 0, null),
};

export const sessionMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  let signedIn: SignedIn | null = null;
  let renewCookie: string | null = null;
  let clearCookie = false;
  if (context.get(requestInfoContext).asBlankShopper) {
    signedIn = BLANK_SHOPPER;
  } else if (hasCookie(request, SESSION_COOKIE)) {
    const token: unknown = await cookies().session.parse(request.headers.get("Cookie"));
    // A page (not a .data request of client-side navigation, which may not run the root
    // loader, nor a form post, which may change the cart): the header's facts come with it.
    const { pathname } = new URL(request.url);
    const page = request.method === "GET" && !pathname.endsWith(".data");
    // A product page's shopper's review standing, the cart on the cart's pages, and Review Order's
    // address book and slots come with the session: the page makes one query (issue 30). Not on
    // a post: its action changes them.
    const productId = request.method === "GET" ? productIdOfPath(pathname) : null;
    const cart = request.method === "GET" && isCartPagePath(pathname);
    const review = request.method === "GET" && isReviewOrderPath(pathname);
    const session = typeof token === "string" ? await shopOf(context).accounts.resumeSession(token, { productId, cart, review }) : null;
    if (session && typeof token === "string") {
      signedIn = {
        customer: session.customer,
        token,
        ...(page && { viewer: session.viewer }),
        ...(session.standing && productId && { standing: { productId, standing: session.standing } }),
        ...(session.cart && { cart: session.cart }),
        ...(session.review && { review: session.review }),
      };
      if (session.renewed) renewCookie = await cookies().session.serialize(token, { expires: session.expiresAt });
    } else {
      clearCookie = true;
    }
  }
  context.set(signedInContext, signedIn);
  // A document (not a .data load): the shopper's facts go in the page's own script (issue 30).
  if (!new URL(request.url).pathname.endsWith(".data")) context.set(documentPersonalContext, { ...SIGNED_OUT });
  const response = await next();
  // Who is signed in changes with this answer: it starts or ends a session (the route's own
  // cookie), or ends one found stale. Said to the service worker, which then drops the last
  // person's kept pages and queued changes (issue 41 item 4).
  const sessionName = cookies().session.name;
  if (clearCookie || response.headers.getSetCookie().some((c) => c.startsWith(`${sessionName}=`))) {
    response.headers.set(SIGNED_IN_CHANGED_HEADER, "1");
    const { pathname } = new URL(request.url);
    if (!clearCookie && !signsInOrOut(pathname)) log.warn("an answer changed who is signed in from a route not in SIGNS_IN_OR_OUT (domain/offline.ts)", { path: pathname });
  }
  if (renewCookie) response.headers.append("Set-Cookie", renewCookie);
  if (clearCookie && !response.headers.has("Set-Cookie")) response.headers.append("Set-Cookie", await expiredSessionCookie());
  if (signedIn || (request.method !== "GET" && request.method !== "HEAD")) {
    // A page with someone's cart and wishlist in it is theirs alone; so is a form's answer.
    response.headers.set("Cache-Control", "private, no-store");
  } else if (/\bpublic\b/.test(response.headers.get("Cache-Control") ?? "")) {
    // Signed-out pages differ by their cookies and by Save-Data (Lite mode): so do shared caches.
    response.headers.append("Vary", "Cookie, Save-Data");
  }
  return response;
};

export function signedInOf(context: Readonly<RouterContextProvider>): SignedIn | null {
  return context.get(signedInContext);
}

export function customerOf(context: Readonly<RouterContextProvider>): Customer | null {
  return context.get(signedInContext)?.customer ?? null;
}

/** Whether the signed-in shopper may review the product: read with the session on its page, else asked. */
export async function reviewStandingOf(context: Readonly<RouterContextProvider>, productId: number): Promise<ReviewStanding | null> {
  const signedIn = signedInOf(context);
  if (!signedIn) return null;
  if (signedIn.standing?.productId === productId) return signedIn.standing.standing;
  return shopOf(context).reviews.standing(signedIn.customer, productId);
}

/** The signed-in customer, or a redirect to sign-in that comes back to `returnTo`. */
export function requireCustomer(context: Readonly<RouterContextProvider>, returnTo: string): Customer {
  const customer = customerOf(context);
  if (!customer) throw redirect(signInPath(returnTo), 303);
  return customer;
}

/** Starts a session for the customer: the Set-Cookie header to send with the redirect. */
export async function startSession(shop: Shop, customer: Customer): Promise<string> {
  const { token, expiresAt } = await shop.accounts.startSession(customer.id);
  return cookies().session.serialize(token, { expires: expiresAt });
}

export async function expiredSessionCookie(): Promise<string> {
  return cookies().session.serialize("", { maxAge: 0, expires: new Date(0) });
}
