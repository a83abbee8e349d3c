import { describe, expect, it } from "vitest";
import {
  applyPendingCartChange,
  cartCount,
  checkQuantity,
  chosenQuantity,
  entriesCount,
  stockNote,
  stockProblems,
  stockStopMessage,
  summarize,
  type CartEntries,
  type CartLineView,
  type PendingCartChange,
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

describe("applyPendingCartChange", () => {
  const entries: CartEntries = { A: { quantity: 2, pricePaise: 100, inventoryStock: 3 } };
  // What the browser reads of a pending post: its intent and its fields as sent.
  const form = (fields: Record<string, string>) => ({ intent: fields.intent, fields }) as PendingCartChange;
  it("adds a new reference with the price and stock the form carries", () => {
    const next = applyPendingCartChange(entries, form({ intent: "add", internal_reference: "B", quantity: "2", price: "500", stock: "9" }));
    expect(next.B).toEqual({ pending: true, quantity: 2, pricePaise: 500, inventoryStock: 9 });
    expect(entriesCount(next)).toBe(4);
    // More of a line the server has: still the server's line, not pending.
    expect(applyPendingCartChange(entries, form({ intent: "add", internal_reference: "A", quantity: "1", price: "100", stock: "3" })).A).toEqual({
      quantity: 3,
      pricePaise: 100,
      inventoryStock: 3,
    });
  });
  it("steps a line within 1 and its stock", () => {
    expect(applyPendingCartChange(entries, form({ intent: "increment", internal_reference: "A" })).A!.quantity).toBe(3);
    const full = applyPendingCartChange({ A: { ...entries.A!, quantity: 3 } }, form({ intent: "increment", internal_reference: "A" }));
    expect(full.A!.quantity).toBe(3);
    const one = applyPendingCartChange({ A: { ...entries.A!, quantity: 1 } }, form({ intent: "decrement", internal_reference: "A" }));
    expect(one.A!.quantity).toBe(1);
  });
  it("removes and clears; ignores forms it cannot read", () => {
    expect(applyPendingCartChange(entries, form({ intent: "remove", internal_reference: "A" }))).toEqual({});
    expect(applyPendingCartChange(entries, form({ intent: "clear" }))).toEqual({});
    expect(applyPendingCartChange(entries, form({ intent: "remove", internal_reference: "Z" }))).toBe(entries);
    expect(applyPendingCartChange(entries, form({ intent: "nonsense" }))).toBe(entries);
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

describe("stock problems", () => {
  const cartLine = (over: Partial<CartLineView>): CartLineView => ({
    id: 1,
    productId: 1,
    internalReference: "R",
    title: "Basmati",
    attribute: "",
    image: "",
    quantity: 2,
    pricePaise: 100,
    mrpPaise: 100,
    taxRate: 5,
    inStock: true,
    inventoryStock: 10,
    ...over,
  });

  it("marks a line that is gone, or asks for more than is left, and nothing else", () => {
    const lines = [
      cartLine({ id: 1 }),
      cartLine({ id: 2, title: "Dal", inventoryStock: 0 }),
      cartLine({ id: 3, title: "Atta", quantity: 5, inventoryStock: 3 }),
      cartLine({ id: 4, inStock: false }),
    ];
    const problems = stockProblems(lines);
    expect(problems.map((p) => [p.line.id, p.kind, p.kind === "short" ? p.available : null])).toEqual([
      [2, "out", null],
      [3, "short", 3],
      [4, "out", null],
    ]);
    expect(stockNote(problems[0]!)).toBe("Out of stock: remove it to place your order.");
    expect(stockNote(problems[1]!)).toBe("Only 3 left: your quantity is lowered to 3 when you place the order.");
    expect(stockNote(problems[1]!, "review")).toBe("Only 3 left: lower the quantity in your cart to confirm.");
  });

  it("says what changed and what to do, in one message", () => {
    const problems = stockProblems([cartLine({ title: "Dal", inventoryStock: 0 }), cartLine({ title: "Atta", quantity: 5, inventoryStock: 3 })]);
    expect(stockStopMessage(problems)).toBe(
      "Your cart changed. Dal is out of stock: remove it to place your order. Fewer are left than you chose, so we lowered the quantity of Atta (now 3).",
    );
    expect(stockStopMessage(stockProblems([cartLine({ quantity: 3, inventoryStock: 1 })]))).toBe(
      "Your cart changed. Fewer are left than you chose, so we lowered the quantity of Basmati (now 1).",
    );
    expect(stockStopMessage(stockProblems([cartLine({ quantity: 3, inventoryStock: 1 })]), "This coupon needs a cart of at least ₹999.")).toBe(
      "Your cart changed. Fewer are left than you chose, so we lowered the quantity of Basmati (now 1). Your coupon was removed: This coupon needs a cart of at least ₹999.",
    );
  });
});
