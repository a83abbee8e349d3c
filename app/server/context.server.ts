import { createContext, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import type { ReviewStanding } from "../domain/review.ts";
import type { DocumentPersonal } from "../components/splice-protocol.tsx";
import type { PartRecord } from "../components/splice-protocol.tsx";
import type { Customer, ReviewRead, SessionRead, Shop, ViewerFacts } from "./shop/port.server.ts";

// One instance of this module per process: server.ts takes these keys from the server
// build it loads (app/entry.server.tsx re-exports them), so they are the routes' own.
export const shopContext = createContext<Shop>();

/** What the server knows of the request beyond the Request: the client's address. */
export interface RequestInfo {
  /** req.ip: the peer, or the X-Forwarded-For entry TRUST_PROXY allows. */
  clientAddress: string;
  /** The request's id: the load balancer's X-Request-Id when it sent a sane one, else made here. */
  requestId: string | null;
  /** The matched route's pattern (/product/:id), noted by the root middleware for the log line. */
  route: string | null;
  /** The shop's 404 page for this request (server.ts renders it); absent under another server. */
  notFoundPage?: (request: Request) => Promise<Response>;
  /** The page at the request's URL as a signed-out shopper gets it, through the page cache (server.ts renders it); absent under another server. */
  signedOutPage?: (request: Request) => Promise<Response>;
  /**
   * The page at the request's URL as a signed-in shopper with nothing of their own gets it, its
   * personal parts noted in `parts` (server.ts renders it, never kept): the cart page's shell.
   */
  blankShopperPage?: (request: Request, parts: PartRecord[]) => Promise<Response>;
  /**
   * Set by server.ts on blankShopperPage's own render alone: the session middleware signs in BLANK_SHOPPER,
   * and the page cache's middleware notes the parts here instead of keeping the page.
   */
  asBlankShopper?: { parts: PartRecord[] };
}
export const requestInfoContext = createContext<RequestInfo>({ clientAddress: "unknown", requestId: null, route: null });

/** First in the root's middleware: notes which route answers, for the request's log line. */
export const routeNoteMiddleware: MiddlewareFunction<Response> = ({ context, pattern }, next) => {
  const info = context.get(requestInfoContext);
  // Only a server's own object: the context's default is shared by every request.
  if (info.requestId) info.route = routePatternOf(pattern);
  return next();
};

/** A matched route's pattern as the route table writes it: "/product/:id", "/" for the home page. */
export function routePatternOf(pattern: string): string {
  return `/${pattern.replace(/^\//, "")}`;
}

/** The signed-in customer and their session token, set by the session middleware. */
export interface SignedIn {
  customer: Customer;
  token: string;
  /** The header's facts, read with the session on a page request (one query for both). */
  viewer?: ViewerFacts;
  /** On a product page: whether this shopper may review its product, read with the session. */
  standing?: { productId: number; standing: ReviewStanding };
  /** On the cart's pages: the cart, read with the session, for cart.get. Absent while an order awaits its payment. */
  cart?: SessionRead;
  /** On Review Order: the address book and the slots, read with the session. Absent while an order awaits its payment. */
  review?: ReviewRead;
}
export const signedInContext = createContext<SignedIn | null>(null);

/**
 * A document request's personal facts, which its page carries in a script of their own
 * (components/splice-protocol.tsx): the loaders fill them in, the renderer writes them. Null on a
 * data request, whose loader data carries them.
 */
export const documentPersonalContext = createContext<DocumentPersonal | null>(null);

/**
 * A shopper's fact for the page: kept for the document's own script when the request is a
 * document (true); a data load's loader data carries it instead (false).
 */
export function documentCarries<K extends keyof DocumentPersonal>(context: Readonly<RouterContextProvider>, key: K, value: DocumentPersonal[K]): boolean {
  const personal = context.get(documentPersonalContext);
  if (personal) personal[key] = value;
  return personal !== null;
}

/** Where a render the page cache may keep notes its personal parts (components/splice-protocol.tsx); null otherwise. */
export const partRecorderContext = createContext<PartRecord[] | null>(null);

export function shopOf(context: Readonly<RouterContextProvider>): Shop {
  return context.get(shopContext);
}

/** The Shop when the server put one in the context: server.ts always does; the build under a bare react-router-serve does not. */
export function shopIfAny(context: Readonly<RouterContextProvider>): Shop | null {
  try {
    return context.get(shopContext);
  } catch {
    return null;
  }
}

export function clientAddressOf(context: Readonly<RouterContextProvider>): string {
  return context.get(requestInfoContext).clientAddress;
}
