import type { APIRequestContext, Page } from "@playwright/test";
import { DEMO_PHOTOS } from "../../app/server/images/demo-photos.server.ts";
import { say } from "../../app/domain/i18n/messages.ts";
import { formatUnitPrice, UNIT_PRICE_MESSAGES, unitPrice } from "../../app/domain/unit-price.ts";
import {
  at,
  expect,
  expectToast,
  hi,
  isAvailable,
  open,
  placement,
  product,
  productList,
  productPath,
  products,
  rupees,
  shownVariant,
  test,
  type DemoProduct,
  type DemoVariant,
} from "./support.ts";

/** The drawings the demo seed puts a photo before (decision 041). */
const PHOTOGRAPHED = new Set(DEMO_PHOTOS.map((p) => p.drawing));

/** Opens a product's page at its own address and waits for it. */
async function openProduct(page: Page, request: APIRequestContext, title: string, hasJs: boolean): Promise<string> {
  const path = await productPath(request, title);
  const response = await open(page, path, hasJs);
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  return path;
}

/** Label and value pairs of a catalogue description written as '<strong>Label:</strong> value'. */
function describedPairs(p: DemoProduct): [string, string][] {
  return [...p.long_desc.matchAll(/<(?:strong|b)>([^<:]+):<\/(?:strong|b)>\s*([^<]+)/g)].map((m) => [m[1].trim(), m[2].trim()]);
}

/** A pack's unit sale price as the page says it ('₹190 per kg'), or null where none is shown (decision 063). */
function unitPriceOf(v: DemoVariant, tell = say): string | null {
  const unit = unitPrice(v.attribute, v.price * 100);
  return unit && tell(UNIT_PRICE_MESSAGES[unit.per], { price: formatUnitPrice(unit.paise) });
}

/** The price in the product's summary: the block its title heads (related cards have prices too). */
function price(page: Page, amount: number) {
  return page
    .getByRole("heading", { level: 1 })
    .locator("xpath=..")
    .getByText(`Price ${rupees(amount)}`, { exact: true });
}

test.describe("product page", () => {
  test("from a listing card: breadcrumb, price, pack size, tabs and related products", async ({ page, hasJs }) => {
    const basmati = product("Haat Select Basmati Rice");
    const shown = shownVariant(basmati);
    const { category, sub } = placement(basmati);

    await open(page, "/products?category=grocers-pick&sub=rice", hasJs);
    await productList(page).getByRole("link", { name: basmati.title, exact: true }).click();
    // A listing card links to the variant it shows.
    await expect(page).toHaveURL((url) => /^\/product\/\d+$/.test(url.pathname) && url.searchParams.get("variant") === shown.internal_reference);
    const path = new URL(page.url()).pathname;
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(basmati.title);
    await expect(page).toHaveTitle(new RegExp(`^${basmati.title.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")} \\| `));

    const crumbs = page.getByRole("navigation", { name: "Breadcrumb" });
    await expect(crumbs.getByRole("listitem")).toHaveText(["Home", "Shop", category, sub!, basmati.title]);
    await expect(crumbs.getByRole("link", { name: category })).toHaveAttribute("href", "/products?category=grocers-pick");
    await expect(crumbs.getByRole("listitem").last()).toHaveAttribute("aria-current", "page");

    await expect(price(page, shown.price)).toBeVisible();
    await expect(page.getByText(`Net Weight: ${shown.attribute.replace("Net Weight ", "")}`, { exact: true })).toBeVisible();
    await expect(page.getByText("Inclusive of all taxes")).toBeVisible();

    // Description tab, parsed into label and value pairs.
    const tabs = page.getByRole("navigation", { name: "Product information tabs" });
    await expect(tabs.getByRole("link", { name: "Description" })).toHaveAttribute("aria-current", "page");
    const pairs = describedPairs(basmati);
    expect(pairs.length).toBeGreaterThan(0);
    await expect(page.getByRole("term")).toHaveText(pairs.map(([label]) => label));
    await expect(page.getByRole("definition")).toHaveText(pairs.map(([, value]) => value));

    await tabs.getByRole("link", { name: "Reviews (0)" }).click();
    await expect(page).toHaveURL(at(path, { tab: "reviews" }));
    await expect(page.getByText("No reviews yet")).toBeVisible();
    await expect(tabs.getByRole("link", { name: "Reviews (0)" })).toHaveAttribute("aria-current", "page");
    await expect(page.getByRole("term")).toHaveCount(0);

    await tabs.getByRole("link", { name: "Description" }).click();
    await expect(page).toHaveURL(at(path, { tab: null }));
    await expect(page.getByRole("term").first()).toHaveText(pairs[0][0]);

    // Related products: same category, never the product itself, at most five.
    await expect(page.getByRole("heading", { name: "Related Products" })).toBeVisible();
    const related = page.getByRole("list", { name: "Related products" }).getByRole("link");
    await expect(related.first()).toBeVisible();
    const titles = await related.allInnerTexts();
    expect(titles.length).toBeLessThanOrEqual(5);
    expect(titles).not.toContain(basmati.title);
    for (const t of titles) expect(placement(product(t)).category).toBe(category);
  });

  test("shares on WhatsApp and by e-mail, with the product's name and the address of the variant shown", async ({ page, request, hasJs, baseURL }) => {
    const shown = products.find((p) => p.variants.some(isAvailable))!;
    await openProduct(page, request, shown.title, hasJs);
    const share = page.getByRole("group", { name: "Share" });
    const here = new URL(page.url());
    const whatsapp = new URL((await share.getByRole("link", { name: "WhatsApp" }).getAttribute("href"))!);
    expect(whatsapp.origin + whatsapp.pathname).toBe("https://wa.me/");
    const text = whatsapp.searchParams.get("text")!;
    expect(text.startsWith(`${shown.title} `)).toBe(true);
    const shared = new URL(text.slice(shown.title.length + 1));
    expect(shared.origin).toBe(new URL(baseURL!).origin);
    expect(shared.pathname).toBe(here.pathname);
    expect(shared.searchParams.get("variant")).toBe(shownVariant(shown).internal_reference);
    const mail = (await share.getByRole("link", { name: "E-mail" }).getAttribute("href"))!;
    expect(mail.startsWith(`mailto:?subject=${encodeURIComponent(shown.title)}`)).toBe(true);
    expect(decodeURIComponent(mail)).toContain(shared.href);
  });

  test("a product without a description says so", async ({ page, request, hasJs }) => {
    const bare = products.find((p) => !p.long_desc.trim())!;
    expect(bare).toBeDefined();
    await openProduct(page, request, bare.title, hasJs);
    await expect(page.getByText("No description available")).toBeVisible();
  });

  test("choosing another variant changes the URL, price and pack size", async ({ page, request, hasJs }) => {
    // A product whose variants are all in stock, at different prices, with a weight each.
    const multi = products.find(
      (p) =>
        p.variants.length >= 3 &&
        p.variants.every(isAvailable) &&
        new Set(p.variants.map((v) => v.price)).size === p.variants.length &&
        p.variants.every((v) => v.attribute.startsWith("Net Weight ")),
    )!;
    expect(multi).toBeDefined();
    const path = await openProduct(page, request, multi.title, hasJs);
    const options = page.getByRole("group", { name: "Choose an option" }).getByRole("link");
    // Each choice says its pack's unit sale price, where it differs from its price (decision 063).
    await expect(options).toHaveText(multi.variants.map((v) => `${v.attribute}${unitPriceOf(v) ?? ""}`));
    await expect(options.first()).toHaveAttribute("aria-current", "true");
    await expect(price(page, multi.variants[0].price)).toBeVisible();

    for (const v of multi.variants.slice(1)) {
      await options.filter({ hasText: v.attribute }).click();
      await expect(page).toHaveURL(at(path, { variant: v.internal_reference }));
      await expect(price(page, v.price)).toBeVisible();
      await expect(page.getByText(`Net Weight: ${v.attribute.replace("Net Weight ", "")}`, { exact: true })).toBeVisible();
      await expect(options.filter({ hasText: v.attribute })).toHaveAttribute("aria-current", "true");
    }
    await expect(price(page, multi.variants[0].price)).toHaveCount(0);
  });

  test("an out-of-stock first variant: the in-stock one is shown first", async ({ page, request, hasJs }) => {
    const p = products.find((x) => x.variants.length > 1 && !isAvailable(x.variants[0]) && isAvailable(x.variants[1]))!;
    expect(p).toBeDefined();
    const [out, instock] = p.variants;
    // The product's own address, without a variant, shows the in-stock variant.
    const path = await openProduct(page, request, p.title, hasJs);
    await expect(price(page, instock.price)).toBeVisible();
    await expect(page.getByText("This product is currently out of stock.")).toHaveCount(0);
    const options = page.getByRole("group", { name: "Choose an option" });
    // The choice's name is its pack size, then its unit sale price when it has one.
    await expect(options.getByRole("link", { name: new RegExp(`^${instock.attribute.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?:\\s*₹|$)`) })).toHaveAttribute("aria-current", "true");

    await options.getByRole("link", { name: `${out.attribute} (out of stock)` }).click();
    await expect(page).toHaveURL(at(path, { variant: out.internal_reference }));
    await expect(page.getByText("This product is currently out of stock.")).toBeVisible();
    await expect(price(page, out.price)).toBeVisible();
  });

  test("unit sale price beside each pack, and how many are left when stock is low", async ({ page, request, hasJs, shopper: _signedIn }) => {
    // 500 g at ₹95, 2 in stock; 1 kg at ₹179, whose unit price is its price.
    const rice = product("Haat Select Gobindobhog Rice");
    const [small, kilo] = rice.variants;
    expect(unitPriceOf(small)).toBe("₹190 per kg");
    expect(unitPriceOf(kilo)).toBeNull();
    expect(small.inventory_stock).toBe(2);

    await open(page, "/products?category=grocers-pick&sub=rice", hasJs);
    const card = productList(page).getByRole("listitem").filter({ hasText: rice.title });
    await expect(card.getByText("₹190 per kg", { exact: true })).toBeVisible();
    await expect(card.getByText("Hurry! Only few left in stock")).toBeVisible();

    const path = await openProduct(page, request, rice.title, hasJs);
    const summary = page.getByRole("region", { name: rice.title });
    // Under the price, and in the pack's choice.
    await expect(summary.getByText("₹190 per kg", { exact: true })).toHaveCount(2);
    await expect(summary.getByText("₹190 per kg", { exact: true }).first()).toBeVisible();
    await expect(summary.getByText("Only 2 items in stock", { exact: true })).toBeVisible();
    const options = summary.getByRole("group", { name: "Choose an option" });
    await expect(options.getByRole("link", { name: /^Net Weight 500 g\s*₹190 per kg$/ })).toHaveAttribute("aria-current", "true");
    await expect(options.getByRole("link", { name: "Net Weight 1 kg", exact: true })).toBeVisible();

    // The 1 kg pack: its price says it all, and its stock is not low.
    await options.getByRole("link", { name: "Net Weight 1 kg", exact: true }).click();
    await expect(page).toHaveURL(at(path, { variant: kilo.internal_reference }));
    await expect(price(page, kilo.price)).toBeVisible();
    await expect(summary.getByText(/ per kg$/)).toHaveCount(1); // the 500 g choice's
    await expect(summary.getByText(/items? in stock$/)).toHaveCount(0);

    // The cart line says it too.
    await options.getByRole("link", { name: /^Net Weight 500 g/ }).click();
    await expect(page).toHaveURL(at(path, { variant: small.internal_reference }));
    await summary.getByRole("button", { name: "Add to Cart" }).click();
    await expect(summary.getByRole("link", { name: "Go to Cart" })).toBeVisible();
    // The shop's answer, before the next page (going there would cut off the add on its way).
    await expectToast(page, `${rice.title} added to cart!`, hasJs);
    await open(page, "/addtocart", hasJs);
    const line = page.getByRole("list", { name: "Cart items" }).getByRole("article", { name: rice.title });
    await expect(line.getByText("₹190 per kg", { exact: true })).toBeVisible();

    // In Hindi.
    await open(page, `/hi${path}?variant=${small.internal_reference}`, hasJs);
    await expect(page.getByText(unitPriceOf(small, hi)!, { exact: true }).first()).toBeVisible();
    await expect(page.getByText(hi("Only {n, plural, one {# item} other {# items}} in stock", { n: 2 }), { exact: true })).toBeVisible();
  });

  test("gallery: thumbnails switch the picture", async ({ page, request, hasJs }) => {
    // A product the demo gives no photo: its pictures are the catalogue file's, as listed.
    const p = products.find((x) => shownVariant(x).images.length >= 2 && !shownVariant(x).video && !PHOTOGRAPHED.has(shownVariant(x).images[0]!))!;
    const { images, internal_reference } = shownVariant(p);
    const path = await openProduct(page, request, p.title, hasJs);

    const main = page.getByRole("img", { name: p.title, exact: true });
    await expect(main).toHaveAttribute("src", images[0]);
    const thumbs = page.getByRole("list", { name: "Pictures and video" }).getByRole("link");
    await expect(thumbs).toHaveCount(images.length);

    await page.getByRole("link", { name: `Show picture 2 of ${p.title}` }).click();
    await expect(page).toHaveURL(at(path, { image: "1", variant: internal_reference }));
    await expect(main).toHaveAttribute("src", images[1]);
    await expect(page.getByRole("link", { name: `Show picture 2 of ${p.title}` })).toHaveAttribute("aria-current", "true");

    await page.getByRole("link", { name: `Show picture 1 of ${p.title}` }).click();
    await expect(page).toHaveURL(at(path, { image: null }));
    // Move away so a hover preview (with JavaScript) does not decide what is shown.
    await page.mouse.move(0, 0);
    await expect(main).toHaveAttribute("src", images[0]);
  });

  test("a product with a photo: AVIF and WebP at each width made, with its width and height, cached for a year", async ({ page, request, hasJs }) => {
    const almonds = "Haat Select California Almonds";
    const drawing = shownVariant(product(almonds)).images[0]!;
    expect(PHOTOGRAPHED.has(drawing)).toBe(true);
    const path = await openProduct(page, request, almonds, hasJs);
    // A fresh shop records the demo's photos within seconds of starting to serve.
    const main = page.getByRole("img", { name: almonds, exact: true });
    await expect(async () => {
      await open(page, path, hasJs);
      expect(await main.getAttribute("srcset")).toBeTruthy();
    }).toPass({ timeout: 30_000 });

    const src = (await main.getAttribute("src"))!;
    expect(src).toMatch(/^\/media\/[0-9a-f]{20}-1000x1000-1000\.webp$/);
    await expect(main).toHaveAttribute("width", "1000");
    await expect(main).toHaveAttribute("height", "1000");
    await expect(main).toHaveAttribute("sizes", /608px/);
    const webp = (await main.getAttribute("srcset"))!.split(", ");
    expect(webp.map((c) => c.split(" ")[1])).toEqual(["240w", "480w", "960w", "1000w"]);
    const avif = page.locator("picture", { has: main }).locator('source[type="image/avif"]');
    await expect(avif).toHaveAttribute("srcset", /-240\.avif 240w, .*-1000\.avif 1000w$/);
    // The browser shows it (decoded, so served as what it is), and the drawing stays a picture to choose.
    await expect.poll(() => main.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    await expect(page.getByRole("link", { name: `Show picture 2 of ${almonds}` })).toBeVisible();

    const file = await request.get((await avif.getAttribute("srcset"))!.split(" ")[0]!);
    expect(file.status()).toBe(200);
    expect(file.headers()["content-type"]).toBe("image/avif");
    expect(file.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(file.headers()["x-content-type-options"]).toBe("nosniff");
  });

  test("gallery: the video thumbnail plays the video", async ({ page, request, hasJs }) => {
    const p = products.find((x) => shownVariant(x).video)!;
    const { video, images } = shownVariant(p);
    const path = await openProduct(page, request, p.title, hasJs);

    await expect(page.getByRole("link", { name: `Show picture ${images.length} of ${p.title}` })).toBeVisible();
    await page.getByRole("link", { name: `Play video of ${p.title}` }).click();
    await expect(page).toHaveURL(at(path, { image: String(images.length) }));
    // <video> has no ARIA role: find it by its element.
    const player = page.locator("video");
    await expect(player).toBeVisible();
    await expect(player).toHaveAttribute("src", video!);
    await expect(player).toHaveAttribute("controls", "");
  });
});
