// Test data more than one integration test uses.
import type { NewAddress } from "../../app/server/shop/port.server.ts";

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
