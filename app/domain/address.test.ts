import { describe, expect, it } from "vitest";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { addressEmailOptional, addressLine, chosenAddress, missingFieldsMessage, newAddressOf, snapshotOf, withAddressDefaults, type AddressView } from "./address.ts";
import { deliveryAddressSchema, deliveryFormSchema, fromDeliveryForm, quickAddressSchema, toDeliveryForm } from "./address-form.ts";

const good = { firstName: "Asha", lastName: "Verma", email: "asha@example.in", phone: "98765 43210", street: "12 Golf Course Road", zip: "122002" };

describe("withAddressDefaults", () => {
  it("fills India, Haryana and Gurgaon where they are left empty, and nothing a change does not send", () => {
    expect(withAddressDefaults(deliveryAddressSchema.parse(good))).toMatchObject({ city: "Gurgaon", state: "Haryana", country: "India", street2: "" });
    expect(withAddressDefaults({ city: "Sohna", state: " ", country: "India" })).toEqual({ city: "Sohna", state: "Haryana", country: "India" });
    expect(withAddressDefaults<{ street: string; city?: string }>({ street: "12 MG Road" })).toEqual({ street: "12 MG Road" });
  });
});

describe("deliveryAddressSchema", () => {
  it("leaves an empty city, state and country empty: the address book fills them", () => {
    expect(deliveryAddressSchema.parse(good)).toMatchObject({ city: "", state: "", country: "", street2: "" });
  });
  it.each([
    [{ firstName: "" }, "First name is required"],
    [{ lastName: " " }, "Last name is required"],
    [{ email: "asha@" }, "Enter a valid email address"],
    [{ phone: "12345" }, "Enter a valid 10-digit phone number"],
    [{ street: "" }, "Address line 1 is required"],
    [{ zip: "12200" }, "Enter a valid 6-digit PIN code"],
    [{ zip: "" }, "PIN code is required"],
  ])("refuses %j", (over, message) => {
    const r = deliveryAddressSchema.safeParse({ ...good, ...over });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe(message);
  });
});

describe("an address's e-mail (issue 41 item 11)", () => {
  const form = (fields: Record<string, string>) => {
    const data = new FormData();
    for (const [name, value] of Object.entries(fields)) data.set(name, value);
    return data;
  };

  it("may be left empty where the account has a verified mobile number, and only there", () => {
    expect(addressEmailOptional({ mobile: "9876543210" })).toBe(true);
    expect(addressEmailOptional({ mobile: null })).toBe(false);
    expect(addressEmailOptional({})).toBe(false);
  });

  it("is let through empty by the schema the use case reads, and checked when given", () => {
    expect(deliveryAddressSchema.parse({ ...good, email: "" }).email).toBe("");
    const { email: _, ...withoutEmail } = good;
    expect(deliveryAddressSchema.parse(withoutEmail).email).toBe("");
    // A form's empty field arrives as nothing (Conform): still no error, and the address's e-mail is "".
    const posted = parseWithZod(form({ ...good, email: "" }), { schema: deliveryAddressSchema });
    expect(posted.status === "success" && posted.value.email).toBe("");
    expect(deliveryAddressSchema.safeParse({ ...good, email: "asha@" }).error?.issues[0]?.message).toBe("Enter a valid email address");
    expect(deliveryAddressSchema.safeParse({ ...good, email: `${"a".repeat(250)}@example.in` }).error?.issues[0]?.message).toBe("Enter a valid email address");
  });

  it("is required in the browser's check for an account without a verified mobile, in the words of Specification: Addresses", () => {
    const strict = deliveryFormSchema({ emailOptional: false });
    const refused = parseWithZod(form({ ...good, email: "" }), { schema: strict });
    expect(refused.status !== "success" && refused.error?.email).toEqual(["Email address is required"]);
    expect(getZodConstraint(strict).email?.required).toBe(true);
    const lenient = deliveryFormSchema({ emailOptional: true });
    expect(parseWithZod(form({ ...good, email: "" }), { schema: lenient }).status).toBe("success");
    expect(getZodConstraint(lenient).email?.required).toBeFalsy();
  });

  it("is left out of 'Please fill: …' where it is optional", () => {
    const empty = new URLSearchParams({ ...good, email: "", zip: "" });
    expect(missingFieldsMessage(empty)).toBe("Please fill: Email address, PIN code");
    expect(missingFieldsMessage(empty, { emailOptional: true })).toBe("Please fill: PIN code");
  });
});

describe("a new address's form as the account starts it (issue 41 item 11)", () => {
  it("takes the account's name split as a saved one's, its verified mobile and its e-mail", () => {
    expect(newAddressOf({ name: " Meera  Devi Sharma ", email: null, mobile: "9876501234", phone: "9876501234" })).toEqual({
      firstName: "Meera",
      lastName: "Devi Sharma",
      email: "",
      phone: "9876501234",
    });
    expect(newAddressOf({ name: "Asha Verma", email: "asha@example.in", mobile: null, phone: "98765 43210" })).toEqual({
      firstName: "Asha",
      lastName: "Verma",
      email: "asha@example.in",
      phone: "98765 43210",
    });
  });
});

describe("missingFieldsMessage", () => {
  it("lists the empty required fields by label", () => {
    expect(missingFieldsMessage(new URLSearchParams({ ...good, firstName: "", zip: " " }))).toBe("Please fill: First name, PIN code");
    expect(missingFieldsMessage(new URLSearchParams(good))).toBeNull();
  });
});

describe("quickAddressSchema", () => {
  it("asks for all five fields in one message", () => {
    const r = quickAddressSchema.safeParse({ name: "Asha", phone: "9876543210", street: "", city: "Gurgaon", zip: "122002" });
    expect(r.error?.issues[0]?.message).toBe("Please fill name, phone, address, city and pincode.");
  });
  it("checks the PIN once everything is there", () => {
    const r = quickAddressSchema.safeParse({ name: "Asha", phone: "9876543210", street: "12 MG Road", city: "Gurgaon", zip: "12" });
    expect(r.error?.issues[0]?.message).toBe("Enter a valid 6-digit PIN code");
  });
});

describe("addressLine", () => {
  it("joins the parts that are there", () => {
    expect(addressLine({ street: "12 MG Road", street2: "", city: "Gurgaon", state: "Haryana", zip: "122002" })).toBe("12 MG Road, Gurgaon, Haryana 122002");
  });
});

describe("the delivery form and saved addresses", () => {
  it("go back and forth, the name split at its first space", () => {
    const saved = fromDeliveryForm(deliveryAddressSchema.parse({ ...good, lastName: "Verma Singh" }));
    expect(saved.name).toBe("Asha Verma Singh");
    expect(toDeliveryForm(saved)).toMatchObject({ firstName: "Asha", lastName: "Verma Singh", zip: "122002", city: "" });
  });
});

describe("a short address", () => {
  it("is cut at 48 or 32 characters with an ellipsis, and left whole when it fits", async () => {
    const { shortAddress } = await import("./address.ts");
    const line = "Flat 1204, Tower B, DLF The Crest, Golf Course Road, Sector 54, Gurgaon, Haryana 122002";
    expect(shortAddress(line, 48)).toBe("Flat 1204, Tower B, DLF The Crest, Golf Course R…");
    expect([...shortAddress(line, 48)].length).toBe(49);
    expect(shortAddress(line, 32)).toBe("Flat 1204, Tower B, DLF The Cres…");
    expect(shortAddress("9 MG Road, Gurgaon", 48)).toBe("9 MG Road, Gurgaon");
  });
});

describe("snapshotOf", () => {
  it("keeps an address's fields and drops its place in the book", () => {
    const fields = { name: "Asha", phone: "9876543210", email: "a@example.in", street: "12 Road", street2: "", city: "Gurgaon", state: "Haryana", zip: "122002", country: "India" };
    const view: AddressView = { id: 7, isDefault: true, isPrimary: false, ...fields };
    expect(snapshotOf(view)).toEqual(fields);
  });
});

describe("chosenAddress", () => {
  const a = (id: number, isDefault = false, isPrimary = false) => ({ id, isDefault, isPrimary });
  const now = Date.parse("2026-11-27T12:00:00Z");
  const ago = (days: number) => new Date(now - days * 24 * 60 * 60 * 1000);
  it("the remembered choice while it lasts, else the default, else the primary, else the oldest", () => {
    const book = [a(7), a(3, false, true), a(5, true)];
    expect(chosenAddress(book, { id: 7, at: ago(29) }, now)?.id).toBe(7);
    expect(chosenAddress(book, { id: 7, at: ago(31) }, now)?.id).toBe(5);
    expect(chosenAddress([a(7), a(3, false, true)], null, now)?.id).toBe(3);
    expect(chosenAddress([a(7), a(4)], null, now)?.id).toBe(4);
    expect(chosenAddress([], { id: 7, at: ago(1) }, now)).toBeNull();
  });
  it("a choice of an address since deleted counts for nothing; of two defaults, the primary, then the oldest", () => {
    expect(chosenAddress([a(8), a(9, true)], { id: 6, at: ago(1) }, now)?.id).toBe(9);
    expect(chosenAddress([a(9, true), a(8, true, true)], null, now)?.id).toBe(8);
    expect(chosenAddress([a(9, true), a(8, true)], null, now)?.id).toBe(8);
  });
});
