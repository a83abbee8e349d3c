import { describe, expect, it } from "vitest";
import { containsPattern, parseOrderQuery } from "./order-search.ts";

describe("parseOrderQuery", () => {
  const none = { number: null, phone: null, pin: null, name: null };

  it("reads an order number, with or without its #", () => {
    expect(parseOrderQuery("#1042")).toEqual({ ...none, number: 1042 });
    expect(parseOrderQuery(" 1042 ")).toEqual({ ...none, number: 1042 });
    expect(parseOrderQuery("# 7")).toEqual({ ...none, number: 7 });
  });

  it("reads a phone however it is written, by its last ten digits", () => {
    expect(parseOrderQuery("9876501234")).toEqual({ ...none, phone: "9876501234" });
    expect(parseOrderQuery("+91 98765 01234")).toEqual({ ...none, phone: "9876501234" });
    expect(parseOrderQuery("98765-01234")).toEqual({ ...none, phone: "9876501234" });
    expect(parseOrderQuery("09876501234")).toEqual({ ...none, phone: "9876501234" });
  });

  it("tries six digits as a PIN and as an order number", () => {
    expect(parseOrderQuery("122002")).toEqual({ ...none, pin: "122002", number: 122002 });
  });

  it("reads anything else as part of a name, and refuses what is too short to mean anything", () => {
    expect(parseOrderQuery("Neha")).toEqual({ ...none, name: "Neha" });
    expect(parseOrderQuery("नेहा")).toEqual({ ...none, name: "नेहा" });
    expect(parseOrderQuery("N")).toBeNull();
    expect(parseOrderQuery("   ")).toBeNull();
    expect(parseOrderQuery("98 76")).toBeNull();
    expect(parseOrderQuery("+")).toBeNull();
  });

  it("reads no more than a name or phone could be", () => {
    expect(parseOrderQuery("a".repeat(500))!.name).toHaveLength(60);
  });
});

describe("containsPattern", () => {
  it("takes the pattern's own wildcards literally", () => {
    expect(containsPattern("50%_off\\")).toBe("%50\\%\\_off\\\\%");
  });
});
