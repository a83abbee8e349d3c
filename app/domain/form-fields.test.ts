import { describe, expect, it } from "vitest";
import { quantity, recordId } from "./form-fields.ts";
import { couponCreateSchema, STAFF_COUPON_MESSAGES } from "./staff-coupon.ts";

const message = (r: { success: boolean; error?: { issues: { message: string }[] } }) => (r.success ? null : r.error!.issues[0]!.message);

describe("numbers as forms and JSON send them", () => {
  it("reads decimal digits and JSON numbers, and lets the field's own rules answer a sign or a fraction", () => {
    expect(quantity.parse("3")).toBe(3);
    expect(quantity.parse(" 12 ")).toBe(12);
    expect(quantity.parse(4)).toBe(4);
    expect(message(quantity.safeParse("2.5"))).toBe("Enter a whole number.");
    expect(message(quantity.safeParse("-2"))).toBe("The quantity must be at least 1.");
    expect(recordId("Invalid id").parse("42")).toBe(42);
  });
  it("never reads hex, an exponent or Infinity as a number", () => {
    for (const typed of ["0x10", "1e2", "Infinity", "0b11", "", "12abc"]) {
      expect(message(quantity.safeParse(typed))).toBe("Enter a quantity.");
      expect(message(recordId("Invalid id").safeParse(typed))).toBe("Invalid id");
    }
  });
  it("refuses a coupon worth '0x10' instead of reading 16", () => {
    const result = couponCreateSchema.safeParse({ code: "HEX", kind: "flat", value: "0x10" });
    expect(result.success).toBe(false);
    expect(result.error!.issues.find((i) => i.path[0] === "value")?.message).toBe(STAFF_COUPON_MESSAGES.value);
    expect(couponCreateSchema.parse({ code: "TEN", kind: "flat", value: "16" }).value).toBe(16);
  });
});
