import { createContext, type RouterContext, type RouterContextProvider } from "react-router";
import type { Customer, Shop } from "./shop/port.server.ts";

// server.ts runs this module natively while the route modules get it bundled into the
// server build: two module instances. The context keys must be one object for both,
// so they live on globalThis under registered symbols.
const registry = globalThis as unknown as Record<symbol, RouterContext<unknown> | undefined>;
function sharedContext<T>(name: string, defaultValue?: T): RouterContext<T> {
  const key = Symbol.for(`haat.${name}`);
  return (registry[key] ??= createContext<T>(defaultValue as T) as RouterContext<unknown>) as RouterContext<T>;
}

export const shopContext = sharedContext<Shop>("shopContext");

/** What the server knows of the request beyond the Request: the client's address. */
export interface RequestInfo {
  /** req.ip: the peer, or the X-Forwarded-For entry TRUST_PROXY allows. */
  clientAddress: string;
}
export const requestInfoContext = sharedContext<RequestInfo>("requestInfo", { clientAddress: "unknown" });

/** The signed-in customer and their session token, set by the session middleware. */
export interface SignedIn {
  customer: Customer;
  token: string;
}
export const signedInContext = sharedContext<SignedIn | null>("signedIn", null);

export function shopOf(context: Readonly<RouterContextProvider>): Shop {
  return context.get(shopContext);
}

export function clientAddressOf(context: Readonly<RouterContextProvider>): string {
  return context.get(requestInfoContext).clientAddress;
}
