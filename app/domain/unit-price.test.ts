import { describe, expect, it } from "vitest";
import { formatUnitPrice, unitPrice } from "./unit-price.ts";

/** The unit price as a shopper reads it, in English: '₹60 per kg', or null. */
const shown = (attribute: string | null, rupees: number, byWeight?: { unitGrams: number; tolerancePercent: number }) => {
  const unit = unitPrice(attribute, rupees * 100, byWeight);
  return unit && `${formatUnitPrice(unit.paise)} per ${unit.per}`;
};

describe("unitPrice", () => {
  it("prices weights per kg from 100 g, and per 100 g below", () => {
    expect(shown("Net Weight 500 g", 30)).toBe("₹60 per kg");
    expect(shown("Net Weight 250 g", 85)).toBe("₹340 per kg");
    expect(shown("Net Weight 100 g", 12)).toBe("₹120 per kg");
    expect(shown("Net Weight 5 kg", 275)).toBe("₹55 per kg");
    expect(shown("1.5 kg", 100)).toBe("₹66.67 per kg");
    expect(shown("Net Weight 50 g", 6)).toBe("₹12 per 100 g");
    expect(shown("Net Weight 1 g", 350)).toBe("₹35,000 per 100 g");
    expect(shown("75 g", 10)).toBe("₹13.33 per 100 g");
  });

  it("prices volumes per litre from 100 ml, and per 100 ml below", () => {
    expect(shown("Capacity 500 ml", 32)).toBe("₹64 per litre");
    expect(shown("Capacity 750 ml", 48)).toBe("₹64 per litre");
    expect(shown("Capacity 200 ml", 45)).toBe("₹225 per litre");
    expect(shown("Capacity 5 L", 899)).toBe("₹180 per litre");
    expect(shown("0.5 L", 30)).toBe("₹60 per litre");
    expect(shown("Capacity 50 ml", 99)).toBe("₹198 per 100 ml");
  });

  it("prices a pack of several pieces per piece, to the paisa", () => {
    expect(shown("Pack Count 6", 42)).toBe("₹7 per piece");
    expect(shown("Pack Count 12", 80)).toBe("₹6.67 per piece");
    expect(shown("Pack of 6", 150)).toBe("₹25 per piece");
    expect(shown("12 pcs", 60)).toBe("₹5 per piece");
  });

  it("reads the ways packs are written", () => {
    expect(shown("250gm", 50)).toBe("₹200 per kg");
    expect(shown("1 Kgs", 90)).toBeNull();
    expect(shown("2 Kgs", 170)).toBe("₹85 per kg");
    expect(shown("1 Ltr", 68)).toBeNull();
    expect(shown("200ML", 20)).toBe("₹100 per litre");
    expect(shown("Approx. 500 g", 35)).toBe("₹70 per kg");
    expect(shown("1,000 g", 70)).toBeNull();
    expect(shown("2,500 g", 100)).toBe("₹40 per kg");
  });

  it("multiplies packs of packs", () => {
    // Two packs of 500 g are a kilogram: its unit price is its price.
    expect(shown("2 x 500 g", 110)).toBeNull();
    expect(shown("2 x 400 g", 96)).toBe("₹120 per kg");
    expect(shown("400 g x 2", 96)).toBe("₹120 per kg");
    expect(shown("2x400g", 96)).toBe("₹120 per kg");
    expect(shown("6 × 200 ml", 240)).toBe("₹200 per litre");
    expect(shown("Pack of 6 x 200 ml", 240)).toBe("₹200 per litre");
  });

  it("rounds to the paisa, and to the rupee from ₹100", () => {
    expect(unitPrice("300 g", 10_000)).toEqual({ paise: 33_300, per: "kg" });
    expect(unitPrice("300 g", 2_000)).toEqual({ paise: 6_667, per: "kg" });
    expect(formatUnitPrice(124_000)).toBe("₹1,240");
    expect(formatUnitPrice(640)).toBe("₹6.40");
  });

  it("says nothing where the unit price is the price: 1 kg, 1 litre, one piece", () => {
    expect(shown("Net Weight 1 kg", 65)).toBeNull();
    expect(shown("Capacity 1 L", 68)).toBeNull();
    expect(shown("Pack of 1", 20)).toBeNull();
    expect(shown("Pack Count 1", 20)).toBeNull();
  });

  it("says nothing for a pack it cannot read for certain", () => {
    for (const attribute of [
      "",
      null,
      "Assorted",
      "Large",
      "Set Size 6",
      "Set of 2",
      "Size 25 cm",
      "Size 10 in",
      "500 mg",
      "2 Litres",
      "1/2 kg",
      ".5 kg",
      "1,5 kg",
      "500-600 g",
      "500 to 600 g",
      "1 kg + 200 g free",
      "500 g (Pack of 2)",
      "6 pcs x 200 ml",
      "2 x 6 pcs",
      "Pack Count 0",
      "0 g",
    ]) {
      expect(shown(attribute, 100), String(attribute)).toBeNull();
    }
  });

  it("says nothing without a price", () => {
    expect(unitPrice("500 g", 0)).toBeNull();
    expect(unitPrice("500 g", -100)).toBeNull();
    expect(unitPrice("500 g", Number.NaN)).toBeNull();
  });

  it("prices produce sold by weight on the weight it is sold as (decision 055)", () => {
    const tomatoes = { unitGrams: 500, tolerancePercent: 10 };
    expect(shown("Net Weight 500 g", 35, tomatoes)).toBe("₹70 per kg");
    // The weight it is sold by wins over a label that says otherwise or nothing.
    expect(shown("Assorted", 35, tomatoes)).toBe("₹70 per kg");
    expect(shown("Net Weight 1 kg", 65, { unitGrams: 1000, tolerancePercent: 10 })).toBeNull();
  });
});
