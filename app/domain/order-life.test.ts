import { describe, expect, it } from "vitest";
import { canCancel, canMoveSlot, canShort, nextStage, STAGES_IN_THE_SHOP } from "./order-life.ts";

describe("an order's life", () => {
  it("goes placed, confirmed, packed, out for delivery, delivered", () => {
    expect(nextStage("placed")).toBe("confirmed");
    expect(nextStage("packed")).toBe("out_for_delivery");
    expect(nextStage("delivered")).toBeNull();
  });
  it("may be cancelled until it is packed", () => {
    expect(canCancel("placed", false)).toBe(true);
    expect(canCancel("confirmed", false)).toBe(true);
    expect(canCancel("packed", false)).toBe(false);
    expect(canCancel("placed", true)).toBe(false);
  });
  it("may have items marked short until it is out for delivery", () => {
    expect(canShort("placed", false)).toBe(true);
    expect(canShort("packed", false)).toBe(true);
    expect(canShort("out_for_delivery", false)).toBe(false);
    expect(canShort("delivered", false)).toBe(false);
    expect(canShort("confirmed", true)).toBe(false);
  });
  it("may have its slot moved until 2 hours before it starts, unless it is on its way", () => {
    const slot = { date: "2026-11-25", kind: "morning" as const };
    const early = new Date("2026-11-24T12:00:00Z");
    expect(canMoveSlot({ stage: "packed", cancelled: false, slot }, early)).toBe(true);
    expect(canMoveSlot({ stage: "out_for_delivery", cancelled: false, slot }, early)).toBe(false);
    expect(canMoveSlot({ stage: "placed", cancelled: false, slot }, new Date("2026-11-25T01:00:00Z"))).toBe(false);
    expect(canMoveSlot({ stage: "placed", cancelled: false, slot: null }, early)).toBe(false);
  });
});

describe("the stages an order's items are still in the shop", () => {
  it("are those before it leaves: what staff may still mark short", () => {
    expect(STAGES_IN_THE_SHOP).toEqual(["placed", "confirmed", "packed"]);
  });
});
