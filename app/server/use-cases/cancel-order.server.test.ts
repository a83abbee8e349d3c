// The cancel rule holds whatever the back end does (issue 42): a back end that would cancel
// anything (as the ERP adapter does, leaving the check to the ERP) is never asked to cancel an
// order that is packed, cancelled or not the shopper's.
import { describe, expect, it } from "vitest";
import { LIFE_MESSAGES } from "../../domain/order-life.ts";
import { ORDER_MESSAGES } from "../../domain/order.ts";
import { ShopError, type Customer, type OrderView, type Shop } from "../shop/port.server.ts";
import { cancelOrder } from "./cancel-order.server.ts";

const asha: Customer = { id: 7, email: "asha@example.in", name: "Asha Verma", phone: "9876543210" };

/** A back end holding one order of Asha's, that cancels whatever it is asked to. */
function backEnd(order: Pick<OrderView, "id" | "state" | "stage">) {
  const cancelled: number[] = [];
  const shop = {
    orders: {
      get: async (customer: Customer, id: number) => (customer.id === asha.id && id === order.id ? (order as OrderView) : null),
      cancel: async (_customer: Customer, id: number) => {
        cancelled.push(id);
        return { refundId: null };
      },
    },
  } as unknown as Shop;
  return { shop, cancelled };
}

async function refusal(promise: Promise<unknown>): Promise<ShopError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ShopError);
  return error as ShopError;
}

describe("cancelling an order, on any back end", () => {
  it("refuses a packed order, or one further on, and never asks the back end", async () => {
    for (const stage of ["packed", "out_for_delivery", "delivered"] as const) {
      const { shop, cancelled } = backEnd({ id: 3, state: "confirmed", stage });
      const error = await refusal(cancelOrder(shop, asha, 3));
      expect([error.code, error.message]).toEqual(["conflict", LIFE_MESSAGES.tooLateToCancel]);
      expect(cancelled).toEqual([]);
    }
  });

  it("refuses an order already cancelled, and another shopper's or none, without asking", async () => {
    const { shop, cancelled } = backEnd({ id: 3, state: "cancelled", stage: "placed" });
    expect((await refusal(cancelOrder(shop, asha, 3))).message).toBe(ORDER_MESSAGES.alreadyCancelled);
    const other = { ...asha, id: 8 };
    expect((await refusal(cancelOrder(shop, other, 3))).code).toBe("not_found");
    expect((await refusal(cancelOrder(shop, asha, 4))).code).toBe("not_found");
    expect(cancelled).toEqual([]);
  });
});
