import { describe, expect, it } from "vitest";
import { cartIntentSchema } from "./cart-forms.ts";
import {
  applyPendingCartForm,
  cartCount,
  checkQuantity,
  chosenQuantity,
  entriesCount,
  summarize,
  type CartEntries,
  type CartLineView,
} from "./cart.ts";

const line = (over: Partial<CartLineView>): CartLineView => ({
  id: 1,
  productId: 1,
  internalReference: "A",
  title: "Almonds",
  attribute: "Net Weight: 250 g",
  image: "/a.webp",
  quantity: 1,
  pricePaise: 10000,
  mrpPaise: 12000,
  taxRate: 5,
  inStock: true,
  inventoryStock: 10,
  ...over,
});

describe("checkQuantity", () => {
  it("refuses stock 0 with the spec's message", () => {
    expect(checkQuantity(1, { inStock: true, inventoryStock: 0 })).toEqual({ ok: false, message: "This product is currently out of stock." });
    expect(checkQuantity(1, { inStock: false, inventoryStock: 5 })).toMatchObject({ ok: false });
  });
  it("keeps a quantity within the stock and raises one below 1 to 1", () => {
    expect(checkQuantity(3, { inStock: true, inventoryStock: 5 })).toEqual({ ok: true, quantity: 3, clamped: false });
    expect(checkQuantity(0, { inStock: true, inventoryStock: 5 })).toEqual({ ok: true, quantity: 1, clamped: false });
  });
  it("clamps above the stock with 'Only {n} item(s) available in stock'", () => {
    expect(checkQuantity(7, { inStock: true, inventoryStock: 2 })).toEqual({
      ok: true,
      quantity: 2,
      clamped: true,
      message: "Only 2 item(s) available in stock",
    });
  });
});

describe("cartIntentSchema", () => {
  it("defaults an add to quantity 1", () => {
    expect(cartIntentSchema.parse({ intent: "add", internal_reference: "GP-1" })).toMatchObject({ quantity: 1, then: "stay" });
  });
  it.each([
    [{ intent: "add" }, "Missing internal_reference"],
    [{ intent: "add", internal_reference: "A", quantity: "-2" }, "The quantity must be at least 1."],
    [{ intent: "add", internal_reference: "A", quantity: "100000" }, "The quantity must be at most 999."],
    [{ intent: "add", internal_reference: "A", quantity: "2.5" }, "Enter a whole number."],
    [{ intent: "set", line: "abc", quantity: "2" }, "Missing cart line."],
    [{ intent: "explode" }, "Unknown cart action."],
    [{ intent: "add", internal_reference: "<script>" }, "That product reference is not valid."],
  ])("refuses %j with a message", (input, message) => {
    const result = cartIntentSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });
});

describe("cartCount and summarize", () => {
  it("counts quantities of lines priced above zero only", () => {
    expect(cartCount([line({ quantity: 2 }), line({ id: 2, quantity: 3 }), line({ id: 3, pricePaise: 0, quantity: 1 })])).toBe(5);
  });
  it("sums subtotal, savings against MRP and the tax inside the prices; delivery is free", () => {
    const s = summarize([line({ quantity: 2 }), line({ id: 2, pricePaise: 11800, mrpPaise: 11800, taxRate: 18 })]);
    expect(s.subtotalPaise).toBe(31800);
    expect(s.savingsPaise).toBe(4000);
    expect(s.taxPaise).toBe(952 + 1800);
    expect(s.deliveryPaise).toBe(0);
    expect(s.totalPaise).toBe(31800);
  });
});

describe("applyPendingCartForm", () => {
  const entries: CartEntries = { A: { line: 7, quantity: 2, pricePaise: 100, inventoryStock: 3 } };
  const form = (fields: Record<string, string>) => new URLSearchParams(fields);
  it("adds a new reference with the price and stock the form carries", () => {
    const next = applyPendingCartForm(entries, form({ intent: "add", internal_reference: "B", quantity: "2", price: "500", stock: "9" }));
    expect(next.B).toEqual({ line: -1, quantity: 2, pricePaise: 500, inventoryStock: 9 });
    expect(entriesCount(next)).toBe(4);
  });
  it("steps a line within 1 and its stock", () => {
    expect(applyPendingCartForm(entries, form({ intent: "increment", line: "7" })).A!.quantity).toBe(3);
    const full = applyPendingCartForm({ A: { ...entries.A!, quantity: 3 } }, form({ intent: "increment", line: "7" }));
    expect(full.A!.quantity).toBe(3);
    const one = applyPendingCartForm({ A: { ...entries.A!, quantity: 1 } }, form({ intent: "decrement", line: "7" }));
    expect(one.A!.quantity).toBe(1);
  });
  it("removes and clears; ignores forms it cannot read", () => {
    expect(applyPendingCartForm(entries, form({ intent: "remove", line: "7" }))).toEqual({});
    expect(applyPendingCartForm(entries, form({ intent: "clear" }))).toEqual({});
    expect(applyPendingCartForm(entries, form({ intent: "remove", line: "99" }))).toBe(entries);
    expect(applyPendingCartForm(entries, form({ intent: "nonsense" }))).toBe(entries);
  });
});

describe("chosenQuantity", () => {
  it("reads ?qty= within 1 and the stock", () => {
    expect(chosenQuantity(null, 5)).toEqual({ quantity: 1 });
    expect(chosenQuantity("3", 5)).toEqual({ quantity: 3 });
    expect(chosenQuantity("0", 5)).toEqual({ quantity: 1 });
    expect(chosenQuantity("abc", 5)).toEqual({ quantity: 1 });
    expect(chosenQuantity("9", 2)).toEqual({ quantity: 2, message: "Only 2 item(s) available in stock" });
    expect(chosenQuantity("9", 0)).toEqual({ quantity: 1 });
  });
});
