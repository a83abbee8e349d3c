import { describe, expect, it } from "vitest";
import { packSize } from "./pack-size.ts";

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
