import { describe, expect, it } from "vitest";
import type { CategoryNode, ProductCard, ProductDetail } from "../catalog.ts";
import { cardsIn, categoriesIn, detailIn } from "./catalogue.ts";

const card = { id: 1, title: "Basmati Rice", titleHi: "बासमती चावल" } as ProductCard;
const bare = { id: 2, title: "Kitchen Scale", titleHi: "" } as ProductCard;

describe("the catalogue in the page's language", () => {
  it("shows Hindi names on Hindi pages, English where the catalogue has none, never blank", () => {
    expect(cardsIn("hi", [card, bare]).map((c) => c.title)).toEqual(["बासमती चावल", "Kitchen Scale"]);
    expect(cardsIn("en", [card, bare]).map((c) => c.title)).toEqual(["Basmati Rice", "Kitchen Scale"]);
  });
  it("a product's page: title, short description and category names", () => {
    const detail = {
      title: "Toor Dal",
      titleHi: "तूर दाल",
      shortDesc: "Unpolished.",
      shortDescHi: "  ",
      categoryName: "Grocers Pick",
      categoryNameHi: "ग्रोसर्स पिक",
      subName: "Pulses",
      subNameHi: null,
    } as ProductDetail;
    expect(detailIn("hi", detail)).toMatchObject({ title: "तूर दाल", shortDesc: "Unpolished.", categoryName: "ग्रोसर्स पिक", subName: "Pulses" });
    expect(detailIn("en", detail).title).toBe("Toor Dal");
  });
  it("categories and their children", () => {
    const tree = [
      {
        name: "Grocers Pick",
        nameHi: "ग्रोसर्स पिक",
        children: [
          { name: "Rice", nameHi: "चावल" },
          { name: "Oils", nameHi: "" },
        ],
      },
    ] as CategoryNode[];
    expect(categoriesIn("hi", tree)[0]).toMatchObject({ name: "ग्रोसर्स पिक", children: [{ name: "चावल" }, { name: "Oils" }] });
  });
});
