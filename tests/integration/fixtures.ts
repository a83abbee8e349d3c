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
