import { isRouteErrorResponse } from "react-router";
import { describe, expect, it } from "vitest";
import type { Shop } from "./shop/port.server.ts";
import { isConnectionError, UNAVAILABLE_MESSAGE, withUnavailablePage } from "./unavailable.server.ts";

const coded = (code: string, message = code) => Object.assign(new Error(message), { code });

describe("isConnectionError", () => {
  it("knows a terminated backend, a refused or reset socket and a dropped client, also wrapped by Drizzle", () => {
    for (const error of [
      coded("57P01", "terminating connection due to administrator command"),
      coded("ECONNREFUSED"),
      coded("ECONNRESET"),
      new Error("Connection terminated unexpectedly"),
      new Error("Client has encountered a connection error and is not queryable"),
      Object.assign(new Error("Failed query: select 1"), { cause: coded("57P01") }),
    ]) {
      expect(isConnectionError(error), error.message).toBe(true);
    }
  });
  it("leaves other database errors alone", () => {
    for (const error of [coded("23505", "duplicate key"), coded("22P02", "invalid input syntax"), new Error("boom"), "text"]) expect(isConnectionError(error)).toBe(false);
  });
});

describe("withUnavailablePage", () => {
  const shop = {
    cart: {
      lines: async () => {
        throw Object.assign(new Error("Failed query"), { cause: coded("57P01") });
      },
      other: async () => {
        throw new Error("a bug of ours");
      },
      fine: async () => 42,
    },
    healthy: async () => false,
  } as unknown as Shop;
  const guarded = withUnavailablePage(shop) as unknown as { cart: Record<string, () => Promise<unknown>>; healthy(): Promise<boolean> };

  it("turns a lost connection into a 503 with the shop's message", async () => {
    const thrown = await guarded.cart.lines!().catch((e: unknown) => e);
    const response = thrown as { data: unknown; init: { status: number } };
    expect(response.init.status).toBe(503);
    expect(response.data).toBe(UNAVAILABLE_MESSAGE);
    expect(isRouteErrorResponse(thrown)).toBe(false);
  });
  it("passes other errors and answers through", async () => {
    await expect(guarded.cart.other!()).rejects.toThrow("a bug of ours");
    expect(await guarded.cart.fine!()).toBe(42);
    expect(await guarded.healthy()).toBe(false);
  });
});
