import { createContext, type RouterContext, type RouterContextProvider } from "react-router";
import type { Shop } from "./shop/port.server.ts";

// server.ts runs this module natively while the route modules get it bundled into the
// server build: two module instances. The context key must be one object for both,
// so it lives on globalThis under a registered symbol.
const KEY = Symbol.for("haat.shopContext");
const registry = globalThis as unknown as Record<symbol, RouterContext<Shop> | undefined>;
export const shopContext: RouterContext<Shop> = (registry[KEY] ??= createContext<Shop>());

export function shopOf(context: Readonly<RouterContextProvider>): Shop {
  return context.get(shopContext);
}
