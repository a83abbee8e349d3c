import type { MiddlewareFunction, RouterContextProvider } from "react-router";
// Test data and helpers more than one integration test uses.
import { expect } from "vitest";
import { ShopError, type NewAddress } from "../../app/server/shop/port.server.ts";

/** The ShopError a Shop call is refused with (the test fails if it is not refused so). */
export async function refusal(promise: Promise<unknown>): Promise<ShopError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ShopError);
  return error as ShopError;
}

/** A delivery address in Gurugram, Haryana (the shop's own state: CGST + SGST). */
export const home: NewAddress = {
  name: "Asha Verma",
  phone: "9876543210",
  email: "asha@example.in",
  street: "12 Golf Course Road",
  street2: "",
  city: "Gurgaon",
  state: "Haryana",
  zip: "122002",
  country: "India",
};

/**
 * Runs a route's action as React Router does under a guarded branch (/staff, the customer's
 * pages): the branch's middleware first, then the action. What the guard throws (a 404, a
 * redirect) is thrown here as it would end the request.
 */
export async function throughGuard<T>(guard: MiddlewareFunction<Response>, args: { request: Request; context: RouterContextProvider; url: URL }, action: () => Promise<T>): Promise<T> {
  let answer: T | undefined;
  await guard({ ...args, params: {}, pattern: args.url.pathname }, async () => {
    answer = await action();
    return new Response(null);
  });
  return answer as T;
}
