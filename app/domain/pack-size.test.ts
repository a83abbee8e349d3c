import { describe, expect, it } from "vitest";
import hindi from "../locales/hi.json" with { type: "json" };
import { i18nFor, registerCatalogue } from "./i18n/registry.ts";
import { attributeIn, packSize, priceBasis, priceBasisIn, weightIn } from "./pack-size.ts";

describe("packSize", () => {
  it("reads weights in g and kg", () => {
    expect(packSize("Net Weight 500 g")).toEqual({ label: "Net Weight", value: "500 g" });
    expect(packSize("Net Weight 1 kg")).toEqual({ label: "Net Weight", value: "1 kg" });
    expect(packSize("250gm")).toEqual({ label: "Net Weight", value: "250 g" });
  });
  it("reads capacities in L and ml", () => {
    expect(packSize("Capacity 1 L")).toEqual({ label: "Capacity", value: "1 L" });
    expect(packSize("Capacity 500 ml")).toEqual({ label: "Capacity", value: "500 ml" });
  });
  it("reads sizes in cm, mm and in", () => {
    expect(packSize("Size 25 cm")).toEqual({ label: "Size", value: "25 cm" });
    expect(packSize("Size 10 in")).toEqual({ label: "Size", value: "10 in" });
    expect(packSize("80mm")).toEqual({ label: "Size", value: "80 mm" });
  });
  it("reads pack counts and set sizes", () => {
    expect(packSize("Pack Count 6")).toEqual({ label: "Pack Count", value: "6" });
    expect(packSize("12 pcs")).toEqual({ label: "Pack Count", value: "12" });
    expect(packSize("Set Size 4")).toEqual({ label: "Set Size", value: "4" });
    expect(packSize("Set of 2")).toEqual({ label: "Set Size", value: "2" });
  });
  it("falls back to Pack Size, and nothing for an empty attribute", () => {
    expect(packSize("Assorted")).toEqual({ label: "Pack Size", value: "Assorted" });
    expect(packSize("")).toBeNull();
    expect(packSize(null)).toBeNull();
  });
  it("does not read a unit out of a word", () => {
    expect(packSize("Large Indian")).toEqual({ label: "Pack Size", value: "Large Indian" });
  });
});

describe("a pack's size in the page's language (issue 41 item 12)", () => {
  registerCatalogue("hi", hindi as Record<string, string>);
  const hi = i18nFor("hi");
  const en = i18nFor("en");

  it("says the label and the unit in Hindi: 'Net Weight 1 kg' is 'शुद्ध वज़न 1 किलो'", () => {
    expect(attributeIn(hi, "Net Weight 1 kg")).toBe("शुद्ध वज़न 1 किलो");
    expect(attributeIn(hi, "Net Weight 500 g")).toBe("शुद्ध वज़न 500 ग्राम");
    expect(attributeIn(hi, "Net Weight: 250 g")).toBe("शुद्ध वज़न 250 ग्राम");
    expect(attributeIn(hi, "Capacity 1 L")).toBe("क्षमता 1 लीटर");
    expect(attributeIn(hi, "Capacity 500 ml")).toBe("क्षमता 500 मि.ली.");
    expect(attributeIn(hi, "Size 25 cm")).toBe("साइज़ 25 सेमी");
    expect(attributeIn(hi, "Size 10 in")).toBe("साइज़ 10 इंच");
  });
  it("says a bare amount, packs, pieces and sets in Hindi", () => {
    expect(attributeIn(hi, "500 g")).toBe("500 ग्राम");
    expect(attributeIn(hi, "1 kg")).toBe("1 किलो");
    expect(attributeIn(hi, "1.5 litres")).toBe("1.5 लीटर");
    expect(attributeIn(hi, "250gm")).toBe("250 ग्राम");
    expect(attributeIn(hi, "Pack of 6")).toBe("6 का पैक");
    expect(attributeIn(hi, "Pack Count 12")).toBe("12 का पैक");
    expect(attributeIn(hi, "12 pcs")).toBe("12 नग");
    expect(attributeIn(hi, "Set Size 4")).toBe("4 का सेट");
    expect(attributeIn(hi, "Set of 2")).toBe("2 का सेट");
    expect(attributeIn(hi, "2 x 500 g")).toBe("2 × 500 ग्राम");
  });
  it("leaves what it cannot read whole as the catalogue wrote it, never half translated", () => {
    for (const attribute of ["Assorted", "Large", "1 kg + 200 g free", "500 g (Pack of 2)", "Family Pack 1 kg", ""]) expect(attributeIn(hi, attribute)).toBe(attribute);
  });
  it("shows English pages the catalogue's text as it is", () => {
    for (const attribute of ["Net Weight 1 kg", "Pack of 6", "500 g", "Assorted"]) expect(attributeIn(en, attribute)).toBe(attribute);
  });
  it("says a weight in the page's language", () => {
    expect(weightIn(hi, 900)).toBe("900 ग्राम");
    expect(weightIn(hi, 1250)).toBe("1.25 किलो");
    expect(weightIn(en, 900)).toBe("900 g");
  });

  it("prices produce sold by weight per kg (or its weight), a pack per pack, a set per set: never a 1 kg pack 'per piece'", () => {
    const byKilo = { unitGrams: 1000, tolerancePercent: 10 };
    expect(priceBasisIn(en, priceBasis("Net Weight 1 kg", byKilo))).toBe("per kg");
    expect(priceBasisIn(hi, priceBasis("Net Weight 1 kg", byKilo))).toBe("प्रति किलो");
    expect(priceBasisIn(en, priceBasis("Net Weight 500 g", { unitGrams: 500, tolerancePercent: 10 }))).toBe("per 500 g");
    expect(priceBasisIn(hi, priceBasis("Net Weight 500 g", { unitGrams: 500, tolerancePercent: 10 }))).toBe("प्रति 500 ग्राम");
    expect(priceBasisIn(en, priceBasis("Net Weight 1 kg"))).toBe("per pack");
    expect(priceBasisIn(hi, priceBasis("Net Weight 1 kg"))).toBe("प्रति पैक");
    expect(priceBasisIn(hi, priceBasis("Pack Count 6"))).toBe("प्रति पैक");
    expect(priceBasisIn(hi, priceBasis("Set Size 6"))).toBe("प्रति सेट");
    expect(priceBasisIn(en, priceBasis("Assorted"))).toBe("each");
    expect(priceBasisIn(en, priceBasis(""))).toBe("each");
  });
});
