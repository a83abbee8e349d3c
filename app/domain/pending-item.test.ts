import { describe, expect, it } from "vitest";
import { PENDING_ITEM_LIFETIME_MS, pendingQuantity, readPendingItem, type PendingCartItem } from "./pending-item.ts";

const now = 1_800_000_000_000;
const item = { product_id: 3, internal_reference: "GP-RICE-1KG", qty: 2, ts: now - 1000 };

describe("readPendingItem", () => {
  it("reads a fresh item", () => {
    expect(readPendingItem(item, now)).toEqual(item);
  });
  it("drops an item older than 30 minutes", () => {
    expect(readPendingItem({ ...item, ts: now - PENDING_ITEM_LIFETIME_MS - 1 }, now)).toBeNull();
    expect(readPendingItem({ ...item, ts: now - PENDING_ITEM_LIFETIME_MS + 1 }, now)).not.toBeNull();
  });
  it("drops unreadable data", () => {
    expect(readPendingItem(null, now)).toBeNull();
    expect(readPendingItem("garbage", now)).toBeNull();
    expect(readPendingItem({ ...item, product_id: "x" }, now)).toBeNull();
    expect(readPendingItem({ ...item, internal_reference: "" }, now)).toBeNull();
    expect(readPendingItem({ ...item, ts: now + 3_600_000 }, now)).toBeNull();
  });
  it("raises a quantity below 1 to 1", () => {
    expect((readPendingItem({ ...item, qty: 0 }, now) as PendingCartItem | null)?.qty).toBe(1);
    expect((readPendingItem({ ...item, qty: -4 }, now) as PendingCartItem | null)?.qty).toBe(1);
  });
});

describe("pendingQuantity", () => {
  it("is at least 1, default 1", () => {
    expect(pendingQuantity(undefined)).toBe(1);
    expect(pendingQuantity(Number.NaN)).toBe(1);
    expect(pendingQuantity(3)).toBe(3);
  });
});

describe("a pending heart", () => {
  const heart = { kind: "wishlist" as const, internal_reference: "GP-RICE-1KG", return_to: "/products?page=2#product-3", ts: now - 1000 };
  it("is read with the page to return to", () => {
    expect(readPendingItem(heart, now)).toEqual(heart);
  });
  it("expires like an add", () => {
    expect(readPendingItem({ ...heart, ts: now - PENDING_ITEM_LIFETIME_MS - 1 }, now)).toBeNull();
    expect(readPendingItem({ ...heart, return_to: "" }, now)).toBeNull();
  });
});
