import { describe, expect, it } from "vitest";
import { store } from "./store-config.ts";
import { formatPlace, gstinCheckCharacter, gstinState, gstState, isWellFormedGstin, placeOfSupply, splitTax, supplyKind } from "./invoice-tax.ts";

describe("place of supply", () => {
  it("is the delivery address's state, with its GST code, however the shopper wrote it", () => {
    expect(placeOfSupply({ state: "Karnataka", country: "India" })).toEqual({ name: "Karnataka", code: "29" });
    expect(placeOfSupply({ state: " haryana ", country: "India" })).toEqual({ name: "Haryana", code: "06" });
    expect(placeOfSupply({ state: "HR", country: "India" })).toEqual({ name: "Haryana", code: "06" });
    expect(placeOfSupply({ state: "New Delhi", country: "India" })).toEqual({ name: "Delhi", code: "07" });
    expect(placeOfSupply({ state: "Jammu & Kashmir", country: "India" })).toEqual({ name: "Jammu and Kashmir", code: "01" });
    expect(placeOfSupply({ state: "Orissa", country: "India" })).toEqual({ name: "Odisha", code: "21" });
    expect(placeOfSupply({ state: "Telangana" })).toEqual({ name: "Telangana", code: "36" });
  });
  it("keeps a name it does not know as typed, without a code; abroad is code 96", () => {
    expect(placeOfSupply({ state: "Karnatka ", country: "India" })).toEqual({ name: "Karnatka", code: null });
    expect(placeOfSupply({ state: "Bavaria", country: "Germany" })).toEqual({ name: "Germany", code: "96" });
  });
  it("prints as name and code", () => {
    expect(formatPlace({ name: "Karnataka", code: "29" })).toBe("Karnataka (29)");
    expect(formatPlace({ name: "Karnatka", code: null })).toBe("Karnatka");
    expect(formatPlace({ name: "", code: null })).toBe("Not given");
  });
});

describe("CGST + SGST or IGST", () => {
  it("is intra-state only when the goods are delivered in the supplier's state", () => {
    expect(supplyKind("Haryana", placeOfSupply({ state: "Haryana", country: "India" }))).toBe("intra-state");
    expect(supplyKind("Haryana", placeOfSupply({ state: "HR", country: "India" }))).toBe("intra-state");
    expect(supplyKind("Haryana", placeOfSupply({ state: "Karnataka", country: "India" }))).toBe("inter-state");
    expect(supplyKind("Haryana", placeOfSupply({ state: "Delhi", country: "India" }))).toBe("inter-state");
    // Chandigarh is a union territory of its own, not Haryana, though it is Haryana's capital.
    expect(supplyKind("Haryana", placeOfSupply({ state: "Chandigarh", country: "India" }))).toBe("inter-state");
  });
  it("treats an unknown or empty state, and a delivery abroad, as inter-state", () => {
    expect(supplyKind("Haryana", placeOfSupply({ state: "Karnatka", country: "India" }))).toBe("inter-state");
    expect(supplyKind("Haryana", placeOfSupply({ state: "", country: "India" }))).toBe("inter-state");
    expect(supplyKind("Haryana", placeOfSupply({ state: "Haryana", country: "Nepal" }))).toBe("inter-state");
  });
  it("compares names when the supplier's state is not in the table", () => {
    expect(supplyKind("Atlantis", { name: "atlantis", code: null })).toBe("intra-state");
    expect(supplyKind("Atlantis", { name: "Karnataka", code: "29" })).toBe("inter-state");
  });
  it("splits within the state into CGST and SGST, an odd paisa to SGST; across states it is all IGST", () => {
    expect(splitTax(1_800, "intra-state")).toEqual({ cgstPaise: 900, sgstPaise: 900, igstPaise: 0 });
    expect(splitTax(1_181, "intra-state")).toEqual({ cgstPaise: 590, sgstPaise: 591, igstPaise: 0 });
    expect(splitTax(1, "intra-state")).toEqual({ cgstPaise: 0, sgstPaise: 1, igstPaise: 0 });
    expect(splitTax(0, "intra-state")).toEqual({ cgstPaise: 0, sgstPaise: 0, igstPaise: 0 });
    expect(splitTax(1_181, "inter-state")).toEqual({ cgstPaise: 0, sgstPaise: 0, igstPaise: 1_181 });
  });
  it("never loses or makes a paisa", () => {
    for (let tax = 0; tax < 2_000; tax += 7) {
      for (const kind of ["intra-state", "inter-state"] as const) {
        const s = splitTax(tax, kind);
        expect(s.cgstPaise + s.sgstPaise + s.igstPaise).toBe(tax);
        expect(Math.abs(s.cgstPaise - s.sgstPaise)).toBeLessThanOrEqual(1);
      }
    }
  });
});

describe("GSTIN", () => {
  it("checks the shape and the check character", () => {
    expect(gstinCheckCharacter("27AAPFU0939F1Z")).toBe("V");
    expect(isWellFormedGstin("27AAPFU0939F1ZV")).toBe(true);
    expect(isWellFormedGstin("27AAPFU0939F1ZW")).toBe(false);
    expect(isWellFormedGstin("27AAPFU0939F1Z")).toBe(false);
    expect(isWellFormedGstin("99AAPFU0939F1ZV")).toBe(false);
    expect(isWellFormedGstin("06AAAAA0000A1Z5 (demo)")).toBe(false);
  });
  it("the shop's demo GSTIN is well formed and registered in the shop's state", () => {
    expect(isWellFormedGstin(store.company.gstin)).toBe(true);
    expect(gstinState(store.company.gstin)).toEqual(gstState(store.company.state));
    expect(gstinState(store.company.gstin)?.code).toBe("06");
  });
});
