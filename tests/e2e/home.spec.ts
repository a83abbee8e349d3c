import type { Locator, Page } from "@playwright/test";
import { BANNERS, PROMOS, STORES } from "../../app/content/home.ts";
import { categories, expect, open, test } from "./support.ts";

// One page load, several looks at it: a new browser context per look costs more than the checks.
test("home page: header, sections and footer", async ({ page, hasJs }) => {
  await open(page, "/", hasJs);

  await test.step("header: logo, navigation, delivery promise and search", async () => {
    const header = page.getByRole("banner");
    await expect(header.getByRole("link", { name: "Haat home" })).toHaveAttribute("href", "/");
    await expect(header.getByText("Delivery Tomorrow")).toBeVisible();

    const nav = page.getByRole("navigation", { name: "Main" });
    const expected = [
      ["Home", "/"],
      ["Shop Retail", "/shopretail"],
      ["Blog", "/blog"],
      ["About Us", "/aboutus"],
    ] as const;
    await expect(nav.getByRole("link")).toHaveText(expected.map(([label]) => label));
    for (const [label, href] of expected) await expect(nav.getByRole("link", { name: label, exact: true })).toHaveAttribute("href", href);

    await expect(header.getByRole("search").getByRole("button", { name: "Search" })).toBeVisible();
    // Signing in comes back to the page it started from.
    await expect(header.getByRole("link", { name: "Sign in" })).toHaveAttribute("href", "/signin?return_to=%2F");
  });

  await test.step("sections: offers, curated categories, new products, our store, trust badges", async () => {
    await expect(page).toHaveTitle(/Haat/);

    const offers = page.getByRole("region", { name: "Offers" });
    await expect(offers).toBeVisible();
    // Each offer leads to the category it shows (issue 41), not to the whole shop.
    for (const [i, banner] of BANNERS.entries()) {
      await expect(offers.getByRole("group", { name: `${i + 1} of ${BANNERS.length}` }).getByRole("link")).toHaveAttribute("href", banner.to);
    }

    const curated = page.getByRole("region", { name: "Curated For You" });
    await expect(curated.getByRole("heading", { name: "Curated For You" })).toBeVisible();
    const tiles = categories.filter((c) => c.status === "active").map((c) => c.name);
    expect(tiles).toEqual(["Grocers Pick", "General Merchandise", "Gifting", "Farm Basket"]);
    for (const name of tiles) {
      const slug = categories.find((c) => c.name === name)!.slug;
      await expect(curated.getByRole("link", { name, exact: true })).toHaveAttribute("href", `/products?category=${slug}`);
    }
    await expect(curated.getByRole("link", { name: /View All/ })).toHaveAttribute("href", "/shopretail");

    const fresh = page.getByRole("region", { name: "New Products" });
    await expect(fresh.getByRole("heading", { name: "New Products" })).toBeVisible();
    const cards = fresh.getByRole("list", { name: "New products" }).getByRole("listitem");
    await expect(cards).not.toHaveCount(0);
    await expect(cards.first().getByRole("link")).toHaveAttribute("href", /^\/product\/\d+$/);
    await expect(cards.first()).toContainText(/Price\s*₹/);
    await expect(fresh.getByRole("link", { name: /View All/ })).toHaveAttribute("href", "/shopretail");
    // The first 5 cards' pictures load at once (Specification: Home page), the rest as they come into view
    // (with scripts, once the page has hydrated; without, the picture is the <noscript> copy: ui/Img.tsx).
    const loading = await cards
      .locator("img")
      .filter({ visible: true })
      .evaluateAll((imgs) => imgs.map((img) => img.getAttribute("loading")));
    expect(loading.length).toBeGreaterThan(5);
    expect(loading.slice(0, 5)).toEqual(["eager", "eager", "eager", "eager", "eager"]);
    expect(loading.slice(5).every((l) => l === "lazy")).toBe(true);

    await expect(page.getByRole("heading", { name: "Our Store" })).toBeVisible();
    await expect(page.getByRole("region", { name: "Our Store" }).getByRole("figure").first()).toBeAttached();
    await expect(page.getByRole("region", { name: "Promotions" }).getByRole("article")).toHaveCount(PROMOS.length);

    const badges = page.getByRole("region", { name: "Why shop with us" });
    for (const badge of ["Premium Quality", "Swift Shipping", "Easy Return", "Helpful Support"]) {
      await expect(badges.getByText(badge, { exact: true })).toBeVisible();
    }
    // The support badge keeps the footer's hours (issue 41): no '24/7' the shop cannot keep.
    await expect(badges.getByText("Monday–Friday 10am–06pm", { exact: true })).toBeVisible();
    await expect(badges).not.toContainText("24/7");
  });

  await test.step("footer: support, apps and information links", async () => {
    const footer = page.getByRole("contentinfo");
    await expect(footer.getByText("Need help with your order?")).toBeVisible();
    await expect(footer.getByText("Monday–Friday 10am–06pm")).toBeVisible();
    await expect(footer.getByText("Download App Get -10% Discount")).toBeVisible();
    await expect(footer.getByText("Download App Get -20% Discount")).toBeVisible();
    await expect(footer.getByRole("link", { name: /@/ })).toHaveAttribute("href", /^mailto:/);

    const links = [
      ["Contact Us", "/contact"],
      ["Privacy Policy", "/PrivacyPolicy"],
      ["Shipping & Delivery", "/shippinganddelivery"],
      ["Terms & Conditions", "/termsandconditions"],
      ["Cancellation & Refund Policy", "/cancellationandrefundpolicy"],
    ] as const;
    const info = footer.getByRole("navigation", { name: "Information" });
    for (const [label, href] of links) await expect(info.getByRole("link", { name: label })).toHaveAttribute("href", href);
  });
});

/** The `<title>` a picture draws itself with: what it shows. */
async function pictureTitle(page: Page, img: Locator): Promise<string> {
  const src = await img.getAttribute("src");
  const svg = await (await page.request.get(src!)).text();
  return svg.match(/<title>([^<]*)<\/title>/)![1]!.replace(/&amp;/g, "&");
}

// Issue 11 (12): every slide can be reached, with and without JavaScript.
test.describe("carousels: every slide can be reached", () => {
  test("each offer is shown by its own link, and says which of how many it is", async ({ page, hasJs }) => {
    await open(page, "/", hasJs);
    const offers = page.getByRole("region", { name: "Offers" });
    await expect(offers.getByRole("group")).toHaveCount(BANNERS.length);
    await expect(offers.getByRole("group", { name: `1 of ${BANNERS.length}` })).toBeInViewport({ ratio: 0.9 });
    for (const n of [2, 3, 1]) {
      await offers.getByRole("link", { name: `Go to slide ${n}` }).click();
      const slide = offers.getByRole("group", { name: `${n} of ${BANNERS.length}` });
      await expect(slide).toBeInViewport({ ratio: 0.9 });
      await expect(slide.getByRole("img", { name: BANNERS[n - 1]!.alt })).toBeInViewport({ ratio: 0.9 });
      for (const other of [1, 2, 3].filter((m) => m !== n)) await expect(offers.getByRole("group", { name: `${other} of ${BANNERS.length}` })).not.toBeInViewport();
      if (hasJs) await expect(offers.getByRole("link", { name: `Go to slide ${n}` })).toHaveAttribute("aria-current", "true");
    }
  });

  test("with JavaScript, Previous and Next buttons step through the offers and wrap round", async ({ page, hasJs }) => {
    test.skip(!hasJs, "the buttons are JavaScript's; without it the links do the same");
    await open(page, "/", hasJs);
    const offers = page.getByRole("region", { name: "Offers" });
    const slide = (n: number) => offers.getByRole("group", { name: `${n} of ${BANNERS.length}` });
    for (const n of [2, 3, 1]) {
      await offers.getByRole("button", { name: "Next slide" }).click();
      await expect(slide(n)).toBeInViewport({ ratio: 0.9 });
    }
    await offers.getByRole("button", { name: "Previous slide" }).click();
    await expect(slide(3)).toBeInViewport({ ratio: 0.9 });
    await expect(offers.getByRole("link", { name: "Go to slide 3" })).toHaveAttribute("aria-current", "true");
  });

  test("every store photo is reachable, and its caption says what the photo shows", async ({ page, hasJs }) => {
    await open(page, "/", hasJs);
    const photos = page.getByRole("region", { name: "Photos of our store" });
    // Caption, and what the picture must show (its alt text, which is the picture's own title).
    const expected: [string, RegExp][] = [
      ["Our flagship market, Gurugram", /store front/],
      ["The Grocers Pick aisle", /shelves of rice, dals, spices/],
      ["The café counter", /café corner with a coffee counter/],
      ["Farm basket corner", /Farm Basket stand/],
      ["Street Food Gully", /Street Food Gully/],
    ];
    expect(STORES.map((s) => s.caption)).toEqual(expected.map(([caption]) => caption));
    for (const [i, [caption, shows]] of expected.entries()) {
      await photos.getByRole("link", { name: `Go to slide ${i + 1}` }).click();
      const slide = photos.getByRole("group", { name: `${i + 1} of ${expected.length}` });
      const figure = slide.getByRole("figure", { name: caption });
      await expect(figure).toBeInViewport();
      const img = figure.getByRole("img");
      await expect(img).toHaveAttribute("alt", shows);
      expect(await pictureTitle(page, img)).toBe(await img.getAttribute("alt"));
    }
  });
});

// Issue 11 (10): one title, one text and one button per promo card, readable on a phone and a laptop.
for (const viewport of [
  { width: 390, height: 800 },
  { width: 1366, height: 900 },
]) {
  test.describe(`promo cards at ${viewport.width} px`, () => {
    test.use({ viewport });

    test("each card has one title, one text and one button, inside the card and readable", async ({ page, hasJs }) => {
      await open(page, "/", hasJs);
      const cards = page.getByRole("region", { name: "Promotions" }).getByRole("article");
      await expect(cards).toHaveCount(PROMOS.length);
      for (const [i, promo] of PROMOS.entries()) {
        const card = cards.nth(i);
        await card.scrollIntoViewIfNeeded();
        await expect(card).toHaveAccessibleName(promo.title);
        await expect(card.getByRole("heading")).toHaveText([promo.title]);
        await expect(card.getByText(promo.text, { exact: true })).toBeVisible();
        const button = card.getByRole("link");
        await expect(button).toHaveCount(1);
        await expect(button).toHaveAccessibleName(`Shop now: ${promo.title}`);
        await expect(button).toHaveAttribute("href", promo.to);
        // The picture draws no title and no button of its own (a pack may have its label).
        const picture = card.locator("img").filter({ visible: true });
        await expect(picture).toHaveAttribute("alt", "");
        const svg = (await (await page.request.get((await picture.getAttribute("src"))!)).text()).toLowerCase();
        for (const words of ["shop now", ...PROMOS.map((p) => p.title.toLowerCase())]) expect(svg).not.toContain(words);

        const box = (await card.boundingBox())!;
        for (const part of [card.getByRole("heading"), card.getByText(promo.text, { exact: true }), button]) {
          await expect(part).toBeInViewport({ ratio: 1 });
          const b = (await part.boundingBox())!;
          expect(b.x).toBeGreaterThanOrEqual(box.x);
          expect(b.x + b.width).toBeLessThanOrEqual(box.x + box.width + 0.5);
          expect(b.y + b.height).toBeLessThanOrEqual(box.y + box.height + 0.5);
          // Nothing sits on top of it (the picture is beside the text, not under it).
          const b2 = (await picture.boundingBox())!;
          expect(b.x + b.width <= b2.x || b2.x + b2.width <= b.x || b.y + b.height <= b2.y || b2.y + b2.height <= b.y).toBe(true);
        }
        const size = (l: Locator) => l.evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
        expect(await size(card.getByRole("heading"))).toBeGreaterThanOrEqual(22);
        expect(await size(card.getByText(promo.text, { exact: true }))).toBeGreaterThanOrEqual(16);
      }
    });
  });
}

// Issue 11 (12): autoplay moves on by itself, pauses on hover and focus, and never starts
// for a shopper who prefers reduced motion. The suite runs with reduced motion by default.
test.describe("carousels: autoplay", () => {
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled === false, "autoplay needs JavaScript; without it nothing moves");

  test.describe("when motion is welcome", () => {
    test.use({ reducedMotion: "no-preference" });

    test("the banner moves on by itself, and pauses while the pointer is over it or focus is in it", async ({ page, hasJs }) => {
      await open(page, "/", hasJs);
      const offers = page.getByRole("region", { name: "Offers" });
      await expect(offers).toHaveAttribute("data-autoplay", "running");
      // Autoplay moves on every 4 s (Specification: Browsing constants).
      await expect(offers.getByRole("group", { name: `2 of ${BANNERS.length}` })).toBeInViewport({ ratio: 0.9, timeout: 10_000 });

      await offers.hover();
      await expect(offers).toHaveAttribute("data-autoplay", "paused");
      await page.mouse.move(5, 790);
      await expect(offers).toHaveAttribute("data-autoplay", "running");

      await offers.getByRole("link", { name: "Go to slide 1" }).focus();
      await expect(offers).toHaveAttribute("data-autoplay", "paused");
      await page.getByRole("banner").getByRole("link", { name: "Haat home" }).focus();
      await expect(offers).toHaveAttribute("data-autoplay", "running");
    });

    test("Stop ends the slide show until Start, and the store photos pause under the pointer too", async ({ page, hasJs }) => {
      await open(page, "/", hasJs);
      const offers = page.getByRole("region", { name: "Offers" });
      await offers.getByRole("button", { name: "Stop automatic slide show" }).click();
      await page.mouse.move(5, 790);
      await page.getByRole("banner").getByRole("link", { name: "Haat home" }).focus();
      await expect(offers).toHaveAttribute("data-autoplay", "off");
      await offers.getByRole("button", { name: "Start automatic slide show" }).click();
      await page.mouse.move(5, 790);
      await expect(offers).toHaveAttribute("data-autoplay", "running");

      const photos = page.getByRole("region", { name: "Photos of our store" });
      await expect(photos).toHaveAttribute("data-autoplay", "running");
      await photos.hover();
      await expect(photos).toHaveAttribute("data-autoplay", "paused");
    });

    test("a shopper who turns on reduced motion stops autoplay at once", async ({ page, hasJs }) => {
      await open(page, "/", hasJs);
      const offers = page.getByRole("region", { name: "Offers" });
      await expect(offers).toHaveAttribute("data-autoplay", "running");
      await page.emulateMedia({ reducedMotion: "reduce" });
      await expect(offers).toHaveAttribute("data-autoplay", "off");
      await expect(offers.getByRole("button", { name: /automatic slide show/ })).toHaveCount(0);
    });
  });

  test("under prefers-reduced-motion no carousel autoplays", async ({ page, hasJs }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await open(page, "/", hasJs);
    for (const name of ["Offers", "Photos of our store"]) {
      const carousel = page.getByRole("region", { name });
      await expect(carousel).toHaveAttribute("data-autoplay", "off");
      await expect(carousel.getByRole("button", { name: /automatic slide show/ })).toHaveCount(0);
      // The controls are there all the same.
      await expect(carousel.getByRole("button", { name: "Next slide" })).toBeVisible();
    }
    await expect(page.getByRole("region", { name: "Offers" }).getByRole("group", { name: `1 of ${BANNERS.length}` })).toBeInViewport({ ratio: 0.9 });
  });
});
