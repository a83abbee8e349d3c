// The unit sale price and the low-stock warning as a shopper reads them (issue 41, decision 063):
// the very components the pages render, in a router with the root's data, to HTML as the server
// sends it, in English and in Hindi.
import { createElement, type ReactNode } from "react";
import { describe, expect, it } from "vitest";
import { renderedInPage, textOf } from "./rendered.test-support.ts";
import hindi from "../locales/hi.json" with { type: "json" };
import type { CartLineView } from "../domain/cart.ts";
import type { ProductCard as Card, ProductDetail, VariantView } from "../domain/catalog.ts";
import type { Catalogue } from "../domain/i18n/messages.ts";
import { registerCatalogue } from "../domain/i18n/registry.ts";
import { CartLines } from "./cart/CartLines.tsx";
import { ProductCard } from "./ProductCard.tsx";
import { ProductSummary } from "./product/ProductSummary.tsx";
import type { Viewer } from "./root-data.ts";

registerCatalogue("hi", hindi as Catalogue);

const render = (element: () => ReactNode, options: { hindi?: boolean; viewer?: Viewer | null } = {}) => textOf(renderedInPage(element, options));

const variant = (v: Partial<VariantView> & Pick<VariantView, "internalReference" | "attribute" | "pricePaise">): VariantView => ({
  id: 1,
  mrpPaise: v.pricePaise,
  images: ["/images/products/atta.svg"],
  video: null,
  inStock: true,
  inventoryStock: 40,
  ...v,
});

const atta500 = variant({ id: 1, internalReference: "ATTA-500G", attribute: "Net Weight 500 g", pricePaise: 3_000 });
const atta1kg = variant({ id: 2, internalReference: "ATTA-1KG", attribute: "Net Weight 1 kg", pricePaise: 5_500 });
const atta5kg = variant({ id: 3, internalReference: "ATTA-5KG", attribute: "Net Weight 5 kg", pricePaise: 27_500, inventoryStock: 2 });

const product: Omit<ProductDetail, "longDesc"> = {
  id: 7,
  title: "Chakki Atta",
  shortDesc: "",
  categoryPath: "Grocer's Pick / Atta",
  categorySlug: "grocers-pick",
  subSlug: "atta",
  categoryName: "Grocer's Pick",
  subName: "Atta",
  salesTax: ["0%"],
  rating: 0,
  reviewCount: 0,
  isOrganic: false,
  createdAt: "2026-11-01T00:00:00.000Z",
  variants: [atta500, atta1kg, atta5kg],
};

const card: Card = {
  id: 7,
  title: "Chakki Atta",
  image: "/images/products/atta.svg",
  pricePaise: 3_000,
  mrpPaise: 3_500,
  discount: 14,
  attribute: "Net Weight 500 g",
  internalReference: "ATTA-500G",
  inventoryStock: 40,
  inStock: true,
  categorySlug: "grocers-pick",
  subSlug: "atta",
  rating: null,
  reviewCount: 0,
};

describe("the unit sale price beside each pack", () => {
  it("on a product card", () => {
    expect(render(() => createElement(ProductCard, { card }))).toContain("Price ₹30 MRP ₹35 14% off ₹60 per kg");
    // A card for a kilogram says nothing more than its price.
    expect(render(() => createElement(ProductCard, { card: { ...card, attribute: "Net Weight 1 kg", pricePaise: 5_500 } }))).not.toContain(" per ");
  });

  it("on the product page: the price block and each variant choice", () => {
    const text = render(() => createElement(ProductSummary, { product, variant: atta500 }));
    expect(text).toContain("Price ₹30 Inclusive of all taxes ₹60 per kg");
    expect(text).toContain("Choose an option Net Weight 500 g ₹60 per kg Net Weight 1 kg Net Weight 5 kg ₹55 per kg");
  });

  it("on a cart line", () => {
    const line: CartLineView = {
      id: 1,
      productId: 7,
      internalReference: "EGG-6",
      title: "Farm Eggs",
      attribute: "Pack Count 6",
      image: "/images/products/eggs.svg",
      quantity: 2,
      pricePaise: 4_200,
      mrpPaise: 4_200,
      taxRate: 0,
      inStock: true,
      inventoryStock: 30,
    };
    const viewer: Viewer = { name: "Asha", cart: { "EGG-6": { quantity: 2, pricePaise: 4_200, inventoryStock: 30 } }, wishlist: {}, deliverTo: null };
    expect(render(() => createElement(CartLines, { lines: [line] }), { viewer })).toContain("₹42 per pack ₹7 per piece");
  });

  it("in Hindi on Hindi pages", () => {
    expect(render(() => createElement(ProductCard, { card }), { hindi: true })).toContain("₹60 प्रति किलो");
    expect(render(() => createElement(ProductSummary, { product, variant: atta5kg }), { hindi: true })).toContain("₹55 प्रति किलो");
  });
});

describe("the product page's low-stock warning (Specification: Browsing failure messages)", () => {
  it("says how many are left at stock 1 to 2", () => {
    expect(render(() => createElement(ProductSummary, { product, variant: atta5kg }))).toContain("Only 2 items in stock");
    expect(render(() => createElement(ProductSummary, { product, variant: { ...atta5kg, inventoryStock: 1 } }))).toContain("Only 1 item in stock");
    expect(render(() => createElement(ProductSummary, { product, variant: { ...atta5kg, inventoryStock: 3 } }))).not.toContain("in stock");
  });

  it("in Hindi", () => {
    expect(render(() => createElement(ProductSummary, { product, variant: atta5kg }), { hindi: true })).toContain("स्टॉक में सिर्फ़ 2 सामान बचे हैं");
  });

  it("a card keeps its own hint", () => {
    expect(render(() => createElement(ProductCard, { card: { ...card, inventoryStock: 2 } }))).toContain("Hurry! Only few left in stock");
  });
});
