// What a Hindi shopper read in English, or read wrong, on Hindi pages (issue 41 item 12, decision
// 067), as the pages render it: the very components, in a router with the root's data, to HTML as
// the server sends it. Pack sizes in Hindi words; what a cart line's price is for ('प्रति किलो',
// 'प्रति पैक', never a 1 kg pack of tomatoes 'प्रति पीस'); weights in Hindi; times as a Hindi reader
// says them; the home banners' Hindi pictures.
import { createElement, type ReactNode } from "react";
import { describe, expect, it } from "vitest";
import { renderedInPage, textOf } from "./rendered.test-support.ts";
import hindi from "../locales/hi.json" with { type: "json" };
import { BANNERS } from "../content/home.ts";
import { BANNERS_HI } from "../content/home.hi.ts";
import type { CartLineView } from "../domain/cart.ts";
import type { ProductCard as Card, ProductDetail, VariantView } from "../domain/catalog.ts";
import type { Catalogue } from "../domain/i18n/messages.ts";
import { registerCatalogue } from "../domain/i18n/registry.ts";
import { recogniseEnglish } from "../domain/i18n/recognise.ts";
import { CartLines } from "./cart/CartLines.tsx";
import { HomeBanners } from "./home/HomeSections.tsx";
import { LineAmount } from "./orders/LineAmount.tsx";
import { OrderTimeline } from "./orders/OrderTimeline.tsx";
import { ProductCard } from "./ProductCard.tsx";
import { ProductSummary } from "./product/ProductSummary.tsx";
import { VoiceItems } from "./voice/VoiceItems.tsx";
import type { MatchedItem } from "../domain/voice-order.ts";
import type { Viewer } from "./root-data.ts";

registerCatalogue("hi", hindi as Catalogue, recogniseEnglish);

const html = (element: () => ReactNode, options: { hindi?: boolean; viewer?: Viewer | null } = {}) => renderedInPage(element, options);
const render = (element: () => ReactNode, options?: Parameters<typeof html>[1]) => textOf(html(element, options));

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
const product: Omit<ProductDetail, "longDesc"> = {
  id: 7,
  title: "चक्की आटा",
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
  variants: [atta500, atta1kg],
};
const card: Card = {
  id: 7,
  title: "चक्की आटा",
  image: "/images/products/atta.svg",
  pricePaise: 5_500,
  mrpPaise: 5_500,
  discount: 0,
  attribute: "Net Weight 1 kg",
  internalReference: "ATTA-1KG",
  inventoryStock: 40,
  inStock: true,
  categorySlug: "grocers-pick",
  subSlug: "atta",
  rating: null,
  reviewCount: 0,
};

const line = (l: Partial<CartLineView> & Pick<CartLineView, "internalReference" | "attribute" | "pricePaise">): CartLineView => ({
  id: 1,
  productId: 7,
  title: "देसी टमाटर",
  image: "/images/products/tomatoes.svg",
  quantity: 1,
  mrpPaise: l.pricePaise,
  taxRate: 0,
  inStock: true,
  inventoryStock: 30,
  ...l,
});
const tomatoes = line({ internalReference: "FB-TOM-1KG", attribute: "Net Weight 1 kg", pricePaise: 7_500, byWeight: { unitGrams: 1000, tolerancePercent: 10 } });
const atta = line({ id: 2, internalReference: "ATTA-1KG", title: "चक्की आटा", attribute: "Net Weight 1 kg", pricePaise: 5_500 });
const viewer: Viewer = {
  name: "Asha",
  cart: { "FB-TOM-1KG": { quantity: 1, pricePaise: 7_500, inventoryStock: 30 }, "ATTA-1KG": { quantity: 1, pricePaise: 5_500, inventoryStock: 30 } },
  wishlist: {},
  deliverTo: null,
};

describe("pack sizes in Hindi words on Hindi pages", () => {
  it("on a product card", () => {
    const text = render(() => createElement(ProductCard, { card }), { hindi: true });
    expect(text).toContain("शुद्ध वज़न 1 किलो");
    expect(text).not.toContain("Net Weight");
    expect(render(() => createElement(ProductCard, { card }))).toContain("Net Weight 1 kg");
  });

  it("on the product page: the pack-size line and each variant choice", () => {
    const text = render(() => createElement(ProductSummary, { product, variant: atta500 }), { hindi: true });
    expect(text).toMatch(/शुद्ध वज़न ?: 500 ग्राम/);
    expect(text).toContain("शुद्ध वज़न 500 ग्राम ₹60 प्रति किलो शुद्ध वज़न 1 किलो");
    expect(text).not.toMatch(/Net Weight|\d g\b|\d kg\b/);
  });

  it("on a cart line, with the estimate's weight in Hindi", () => {
    const text = render(() => createElement(CartLines, { lines: [tomatoes] }), { hindi: true, viewer });
    expect(text).toContain("शुद्ध वज़न 1 किलो");
    expect(text).toContain("लगभग 1 किलो की अनुमानित कीमत");
    expect(text).not.toMatch(/Net Weight|\d kg\b/);
  });

  it("on the voice list: the pack and the amount asked for", () => {
    const rice: MatchedItem = {
      found: true,
      available: true,
      unit: "kg",
      quantitySaid: true,
      pricePaise: 18_500,
      count: 2,
      phrase: "do kilo chawal",
      name: "chawal",
      quantity: 2,
      confidence: "clear",
      productId: 31,
      title: "हाट सिलेक्ट बासमती चावल",
      internalReference: "GP-RICE-BAS-1KG",
      attribute: "Net Weight 1 kg",
      image: null,
    };
    const text = render(() => createElement(VoiceItems, { list: "x", items: [rice], unmatched: 0 }), { hindi: true });
    expect(text).toContain("शुद्ध वज़न 1 किलो · ₹185");
    expect(text).toMatch(/“do kilo chawal” · 2 किलो/);
    expect(render(() => createElement(VoiceItems, { list: "x", items: [rice], unmatched: 0 }))).toContain("Net Weight 1 kg · ₹185");
  });

  it("on an order's weighed line", () => {
    const weighed = { unitPricePaise: 7_500, quantity: 1, byWeight: { unitGrams: 1000, tolerancePercent: 10 }, packedGrams: 900, weighedPaise: 6_700 };
    expect(render(() => createElement(LineAmount, { line: weighed }), { hindi: true })).toContain("तौल 900 ग्राम: ₹67");
    expect(render(() => createElement(LineAmount, { line: weighed }))).toContain("weighed 900 g: ₹67");
  });
});

describe("what a cart line's price is for", () => {
  it("produce sold by weight is priced per kg, a pack per pack: a 1 kg pack of tomatoes is never 'per piece'", () => {
    const hindiText = render(() => createElement(CartLines, { lines: [tomatoes, atta] }), { hindi: true, viewer });
    expect(hindiText).toContain("₹75 प्रति किलो");
    expect(hindiText).toContain("₹55 प्रति पैक");
    expect(hindiText).not.toContain("प्रति पीस");
    const englishText = render(() => createElement(CartLines, { lines: [tomatoes, atta] }), { viewer });
    expect(englishText).toContain("₹75 per kg");
    expect(englishText).toContain("₹55 per pack");
    expect(englishText).not.toContain(" each");
  });
});

describe("times as a Hindi reader says them", () => {
  const events = [
    { stage: "placed", at: "2026-11-28T17:46:00.000Z", note: null },
    { stage: "confirmed", at: "2026-11-29T02:05:00.000Z", note: null },
  ];
  it("says the part of the day in Hindi, not 'pm'", () => {
    const text = render(() => createElement(OrderTimeline, { stage: "confirmed", cancelled: false, events }), { hindi: true });
    expect(text).toContain("रात 11:16");
    expect(text).toContain("सुबह 7:35");
    expect(text).not.toMatch(/\b[ap]m\b/i);
  });
  it("keeps English pages' clock", () => {
    expect(render(() => createElement(OrderTimeline, { stage: "confirmed", cancelled: false, events }))).toContain("11:16 pm");
  });
});

describe("the home banners", () => {
  it("show the Hindi pictures on the Hindi home page, the English ones on the English page", () => {
    const hindiPage = html(() => createElement(HomeBanners, { banners: BANNERS_HI }), { hindi: true });
    for (const b of BANNERS_HI) expect(hindiPage).toContain(`src="${b.desktop}"`);
    expect(hindiPage).toMatch(/src="\/images\/banners\/desktop\/banner-1\.hi\.svg"/);
    expect(hindiPage).toMatch(/srcSet="\/images\/banners\/mobile\/banner-1\.hi\.svg"|srcset="\/images\/banners\/mobile\/banner-1\.hi\.svg"/);
    const englishPage = html(() => createElement(HomeBanners, { banners: BANNERS }));
    expect(englishPage).toContain('src="/images/banners/desktop/banner-1.svg"');
    expect(englishPage).not.toContain(".hi.svg");
  });
});
