import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { customerIn, customersOnly, staffOf, staffOnly } from "./access.server.ts";
import { shopContext, signedInContext } from "./context.server.ts";
import type { Customer, Shop } from "./shop/port.server.ts";

const ORIGIN = "http://localhost:3000";
const asha: Customer = { id: 1, email: "asha@example.in", name: "Asha", phone: "9876543210" };
const ravi: Customer = { id: 2, email: "ravi@haat.example", name: "Ravi", phone: "9876543210" };

function contextOf(who: Customer | null): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(shopContext, { staff: { isStaff: async (c: Customer) => c.id === ravi.id } } as unknown as Shop);
  context.set(signedInContext, who ? { customer: who, token: "t" } : null);
  return context;
}

async function run(guard: typeof staffOnly, who: Customer | null, path: string, method = "GET") {
  const context = contextOf(who);
  const url = new URL(path, ORIGIN);
  let reached = false;
  try {
    await guard({ request: new Request(url, { method }), context, params: {}, pattern: url.pathname, url } as Parameters<typeof staffOnly>[0], async () => {
      reached = true;
      return new Response("the page");
    });
    return { reached, thrown: null as unknown };
  } catch (thrown) {
    return { reached, thrown };
  }
}

describe("the customer's pages' guard", () => {
  it("sends a visitor to sign in and back to the same URL, before the page runs", async () => {
    const { reached, thrown } = await run(customersOnly, null, "/orders/5?cancel=1", "POST");
    expect(reached).toBe(false);
    expect((thrown as Response).status).toBe(303);
    expect((thrown as Response).headers.get("Location")).toBe(`/signin?return_to=${encodeURIComponent("/orders/5?cancel=1")}`);
  });
  it("brings React Router's own fetch back to the page, not to its data", async () => {
    const { thrown } = await run(customersOnly, null, "/myaccount/orders.data?_routes=routes%2Fmyaccount.orders");
    expect((thrown as Response).headers.get("Location")).toBe(`/signin?return_to=${encodeURIComponent("/myaccount/orders")}`);
  });
  it("lets a signed-in customer through, and tells the page who they are", async () => {
    expect(await run(customersOnly, asha, "/orders")).toEqual({ reached: true, thrown: null });
    const context = contextOf(asha);
    await customersOnly(
      { request: new Request(`${ORIGIN}/orders`), context, params: {}, pattern: "/orders", url: new URL(`${ORIGIN}/orders`) } as Parameters<typeof staffOnly>[0],
      async () => {
        expect(customerIn(context)).toEqual(asha);
        return new Response("ok");
      },
    );
  });
  it("has no customer where the guard did not run, even for a signed-in shopper: a 404", () => {
    expect(() => customerIn(contextOf(asha))).toThrow();
  });
});

describe("the staff branch's guard", () => {
  it("answers a visitor and a shopper 404, before the page runs, whatever the method", async () => {
    for (const who of [null, asha]) {
      for (const method of ["GET", "POST"]) {
        const { reached, thrown } = await run(staffOnly, who, "/staff/coupons", method);
        expect(reached).toBe(false);
        expect(thrown).toMatchObject({ init: { status: 404 } });
      }
    }
  });
  it("lets staff through, and tells the page who they are", async () => {
    const context = contextOf(ravi);
    await staffOnly(
      { request: new Request(`${ORIGIN}/staff`), context, params: {}, pattern: "/staff", url: new URL(`${ORIGIN}/staff`) } as Parameters<typeof staffOnly>[0],
      async () => {
        expect(staffOf(context)).toEqual(ravi);
        return new Response("ok");
      },
    );
  });
  it("has no staff member where the guard did not run: a 404", () => {
    expect(() => staffOf(contextOf(ravi))).toThrow();
  });
});
