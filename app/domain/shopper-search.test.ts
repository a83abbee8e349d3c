import { describe, expect, it } from "vitest";
import { parseShopperQuery } from "./shopper-search.ts";

describe("staff's search for a shopper", () => {
  it("reads an e-mail, a mobile number, an order's number and part of a name; too little is nothing", () => {
    expect(parseShopperQuery(" Asha@Example.IN ")).toEqual({ email: "asha@example.in", mobile: null, number: null, name: null });
    expect(parseShopperQuery("+91 98123 45678")).toEqual({ email: null, mobile: "9812345678", number: null, name: null });
    expect(parseShopperQuery("#42")).toEqual({ email: null, mobile: null, number: 42, name: null });
    expect(parseShopperQuery("Asha")).toEqual({ email: null, mobile: null, number: null, name: "Asha" });
    for (const typed of ["", "a", "#", "80442848419999"]) expect(parseShopperQuery(typed)?.number ?? null).toBeNull();
    expect(parseShopperQuery("a")).toBeNull();
    expect(parseShopperQuery("#")).toBeNull();
  });
});
