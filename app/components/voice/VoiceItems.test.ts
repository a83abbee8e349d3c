// The voice list as a shopper sees it (issue 41 item 14): each item a row with the product's
// picture, name, pack, price, what was asked for, a tick and a quantity; ticked only when the
// words named it clearly; no stock-keeping reference, product id or 'in your system'; a Hindi page
// says it in Hindi. Rendered by the server, as the page is before (or without) JavaScript.
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import "../../server/i18n.server.ts";
import type { MatchedItem } from "../../domain/voice-order.ts";
import { VoiceItems } from "./VoiceItems.tsx";

const base = { found: true, available: true, unit: "kg", quantitySaid: true, pricePaise: 18_500, count: 2 } as const;
const items: MatchedItem[] = [
  {
    ...base,
    phrase: "two kilo basmati rice",
    name: "basmati rice",
    quantity: 2,
    confidence: "clear",
    productId: 31,
    title: "Haat Select Basmati Rice",
    internalReference: "GP-RICE-BAS-1KG",
    attribute: "Net Weight 1 kg",
    image: "/images/products/basmati-rice.svg",
  },
  {
    ...base,
    phrase: "500 g dal",
    name: "dal",
    quantity: 500,
    unit: "g",
    confidence: "unsure",
    productId: 9,
    title: "Haat Select Toor Dal (Unpolished)",
    internalReference: "GP-PUL-TOOR-500G",
    attribute: "Net Weight 500 g",
    image: null,
    count: 1,
  },
  {
    ...base,
    found: false,
    available: false,
    phrase: "teen packet maggi",
    name: "maggi",
    quantity: 3,
    unit: "pack",
    confidence: "none",
    productId: null,
    title: null,
    internalReference: null,
    attribute: null,
    pricePaise: null,
    image: null,
    count: 3,
  },
];

/** The list on /voicesearch, or on /hi/voicesearch (the Hindi pages' basename). */
function render(locale: "en" | "hi"): string {
  const router = createMemoryRouter([{ path: "/voicesearch", Component: () => createElement(VoiceItems, { list: "x", items, unmatched: 1 }) }], {
    basename: locale === "hi" ? "/hi" : "/",
    initialEntries: [locale === "hi" ? "/hi/voicesearch" : "/voicesearch"],
  });
  return renderToString(createElement(RouterProvider, { router }));
}
const checkbox = (html: string, reference: string) => new RegExp(`<input type="checkbox"[^>]*value="${reference}"[^>]*>`).exec(html)?.[0] ?? "";

/** The row of each item, as text and markup. */
const rows = (html: string) => [...html.matchAll(/<li\b[^>]*>([\s\S]*?)<\/li>/g)].map((m) => ({ html: m[1]!, text: m[1]!.replace(/<[^>]+>/g, "").replace(/&quot;/g, '"') }));

describe("the voice list", () => {
  const html = render("en");
  const [rice, dal, maggi] = rows(html);

  it("shows each found item with its picture, name, pack, price and what was asked for", () => {
    expect(rice!.html).toMatch(/<img[^>]*src="\/images\/products\/basmati-rice.svg"/);
    expect(rice!.text).toContain("Haat Select Basmati Rice");
    expect(rice!.text).toContain("Net Weight 1 kg · ₹185");
    expect(rice!.text).toContain("You asked for “two kilo basmati rice” · 2 kg");
    // No picture: the shop's placeholder, as on every other page.
    expect(dal!.html).toMatch(/<img[^>]*src="\/images\/placeholder.svg"/);
  });

  it("ticks only what was named clearly, and asks about the rest", () => {
    expect(rice!.text).toContain("Found");
    expect(checkbox(rice!.html, "GP-RICE-BAS-1KG")).toContain('checked=""');
    expect(dal!.text).toContain("Is this what you meant?");
    expect(checkbox(dal!.html, "GP-PUL-TOOR-500G")).not.toBe("");
    expect(checkbox(dal!.html, "GP-PUL-TOOR-500G")).not.toContain("checked");
    expect(html).toContain("We have ticked only what you named clearly. Check the others and tick what you want.");
  });

  it("says what it could not find in a shopper's words", () => {
    expect(maggi!.text).toContain("Not Found");
    expect(maggi!.text).toContain("We couldn’t find “maggi”. Try another word.");
    expect(html).toContain("We couldn’t find 1 item on your list.");
  });

  it("shows no stock-keeping reference, product id or system words", () => {
    const text = html.replace(/<[^>]+>/g, " ");
    expect(text).not.toMatch(/GP-RICE-BAS-1KG|GP-PUL-TOOR-500G|\bID \d+|in your system/);
  });

  it("says it in Hindi on a Hindi page", () => {
    const hindi = render("hi");
    expect(hindi).toContain("क्या आपका मतलब यही था?");
    expect(hindi).toContain("हमें “maggi” नहीं मिला। कोई दूसरा शब्द आज़माएँ।");
    expect(hindi).toContain("आपकी सूची का 1 सामान हमें नहीं मिला।");
    expect(hindi).toContain("आपने माँगा: “two kilo basmati rice”");
  });
});
