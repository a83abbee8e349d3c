import { createContext, type RouterContextProvider } from "react-router";
import type { Customer, Shop } from "./shop/port.server.ts";

// One instance of this module per process: server.ts takes these keys from the server
// build it loads (app/entry.server.tsx re-exports them), so they are the routes' own.
export const shopContext = createContext<Shop>();

/** What the server knows of the request beyond the Request: the client's address. */
export interface RequestInfo {
  /** req.ip: the peer, or the X-Forwarded-For entry TRUST_PROXY allows. */
  clientAddress: string;
}
export const requestInfoContext = createContext<RequestInfo>({ clientAddress: "unknown" });

/** The signed-in customer and their session token, set by the session middleware. */
export interface SignedIn {
  customer: Customer;
  token: string;
}
export const signedInContext = createContext<SignedIn | null>(null);

export function shopOf(context: Readonly<RouterContextProvider>): Shop {
  return context.get(shopContext);
}

export function clientAddressOf(context: Readonly<RouterContextProvider>): string {
  return context.get(requestInfoContext).clientAddress;
}
