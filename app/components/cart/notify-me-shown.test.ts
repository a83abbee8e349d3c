// 'Notify Me' once asked (issue 41): an out-of-stock item's button place says 'We will let you
// know' with a Cancel that posts the shopper's request, as the server sends the page (the very
// component the card and the product page render, in a router with the root's data), in English
// and Hindi; and the signed-in page the splice serves from the kept copy has the shopper's own
// state, not the copy's (decision 059: the part's state names the request).
import { createElement } from "react";
import { describe, expect, it } from "vitest";
import { renderedInPage, rootData, textOf } from "../rendered.test-support.ts";
import hindi from "../../locales/hi.json" with { type: "json" };
import type { Catalogue } from "../../domain/i18n/messages.ts";
import { registerCatalogue } from "../../domain/i18n/registry.ts";
import { SIGNED_OUT, type DocumentPersonal } from "../splice-protocol.tsx";
import type { Viewer } from "../root-data.ts";
import { CartControls, type CartItemRef } from "./CartControls.tsx";
import { PARTS, renderParts } from "../../server/splice/parts.server.tsx";

registerCatalogue("hi", hindi as Catalogue);

const MANGOES: CartItemRef = { productId: 42, internalReference: "FB-MNG-1KG", title: "Kesar Mangoes", pricePaise: 45_000, inStock: true, inventoryStock: 0 };
const shopper = (notify: Record<string, number> = {}): Viewer => ({ name: "Asha", cart: {}, wishlist: {}, deliverTo: null, notify });

/** The controls' HTML on the product page, as the server renders it. */
const render = (viewer: Viewer | null, { locale = "en" as "en" | "hi", size = "page" as "page" | "card" } = {}) =>
  renderedInPage(() => createElement(CartControls, { item: MANGOES, size }), { hindi: locale === "hi", viewer, path: `/product/${MANGOES.productId}` });
const field = (html: string, name: string) => new RegExp(`name="${name}" value="([^"]*)"`).exec(html)?.[1];

describe("'Notify Me' once the shopper asked", () => {
  it("is 'Notify Me' for someone who has not asked, signed in or out", () => {
    for (const viewer of [null, shopper(), shopper({ "OTHER-1": 7 })]) {
      const html = render(viewer);
      expect(textOf(html)).toContain("Notify Me");
      expect(textOf(html)).not.toContain("We will let you know");
      expect(field(html, "intent")).toBe("add");
      expect(html).toContain('value="request"');
    }
  });

  it("says 'We will let you know' with a Cancel that posts the request, back to the page", () => {
    for (const size of ["page", "card"] as const) {
      const html = render(shopper({ [MANGOES.internalReference]: 31 }), { size });
      expect(textOf(html)).toContain("We will let you know Cancel");
      expect(textOf(html)).not.toContain("Notify Me");
      expect(html).toContain('aria-label="Cancel the request for Kesar Mangoes"');
      expect(html).toMatch(/<form [^>]*action="\/notify" method="post">/);
      expect(html).toContain('name="intent" value="cancel"');
      expect(field(html, "request")).toBe("31");
      expect(field(html, "redirectTo")).toBe(`/product/${MANGOES.productId}`);
      // The disabled Add to Cart stays beside it (Specification: Listing).
      expect(html).toMatch(/<button type="submit" disabled="" [^>]*>Add to Cart<\/button>/);
    }
  });

  it("says so in Hindi on Hindi pages", () => {
    const text = textOf(render(shopper({ [MANGOES.internalReference]: 31 }), { locale: "hi" }));
    expect(text).toContain("हम आपको बता देंगे रद्द करें");
  });
});

describe("a signed-in page served from the kept copy (the splice)", () => {
  const part = { kind: "cart-controls" as const, props: { item: MANGOES, buyNow: true, size: "page", anchor: undefined, chooser: { value: 1 } } };
  const personal = (viewer: Viewer | null): DocumentPersonal => ({ ...SIGNED_OUT, viewer });
  // As the splice renders a part: the page's root data without the viewer, who is in the document's facts.
  const { viewer: _, ...root } = rootData(null, "en");
  const page = { url: `https://haat.example/product/${MANGOES.productId}`, basename: "/", root };

  it("puts in the shopper's own 'Notify Me' state: the part's state names their request", async () => {
    const states = [null, shopper(), shopper({ [MANGOES.internalReference]: 31 }), shopper({ [MANGOES.internalReference]: 32 })].map((v) =>
      PARTS["cart-controls"].stateOf(part.props, personal(v)),
    );
    expect(new Set(states).size).toBe(4);
    const [waiting] = await renderParts([part], page, personal(shopper({ [MANGOES.internalReference]: 31 })));
    expect(textOf(waiting!)).toContain("We will let you know Cancel");
    expect(field(waiting!, "request")).toBe("31");
    const [someone] = await renderParts([part], page, personal(shopper()));
    expect(textOf(someone!)).toContain("Notify Me");
  });
});
