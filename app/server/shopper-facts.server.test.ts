import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { shopContext, signedInContext } from "./context.server.ts";
import { collectRequestStats, newRequestStats } from "./request-scope.server.ts";
import type { CartView, Customer, Shop } from "./shop/port.server.ts";
import { cartPageFacts, reviewOrderFacts } from "./shopper-facts.server.ts";

const asha: Customer = { id: 7, email: "asha@example.in", name: "Asha", phone: "9876543210" };
const empty = { id: null, lines: [] } as unknown as CartView;

/** A Shop whose reads are counted: an online payment is configured, none is waiting. */
function countingShop() {
  const reads = { pending: 0, cart: 0, book: 0, slots: 0 };
  const shop = {
    payments: { available: true, pending: async () => (reads.pending++, null) },
    cart: { get: async () => (reads.cart++, empty) },
    addresses: { book: async () => (reads.book++, { addresses: [], chosen: null }) },
    delivery: { slots: async () => (reads.slots++, []) },
  } as unknown as Shop;
  const context = new RouterContextProvider();
  context.set(shopContext, shop);
  context.set(signedInContext, { customer: asha, token: "t" });
  return { reads, context };
}

describe("a cart page's facts", () => {
  it("are made once in a page's request, for the splice and the loader alike", async () => {
    const { reads, context } = countingShop();
    await collectRequestStats(newRequestStats("GET"), async () => {
      await cartPageFacts(context, asha);
      await cartPageFacts(context, asha);
      await reviewOrderFacts(context, asha);
      await reviewOrderFacts(context, asha);
    });
    expect(reads).toEqual({ pending: 2, cart: 2, book: 1, slots: 1 });
  });

  it("are made afresh by each request", async () => {
    const { reads, context } = countingShop();
    for (let i = 0; i < 2; i++) await collectRequestStats(newRequestStats("GET"), () => reviewOrderFacts(context, asha));
    expect(reads).toEqual({ pending: 2, cart: 2, book: 2, slots: 2 });
  });
});
