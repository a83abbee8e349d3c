// The brand's static pages and the search-engine basics (issue 5, first part).
import { BUSINESSES, TESTIMONIALS } from "../../app/content/brand.ts";
import { expect, open, products, productPath, test } from "./support.ts";

const policies = [
  ["/PrivacyPolicy", "Privacy Policy"],
  ["/termsandconditions", "Terms & Conditions"],
  ["/cancellationandrefundpolicy", "Cancellation & Refund Policy"],
  ["/shippinganddelivery", "Shipping & Delivery Policy"],
] as const;

test.describe("policy pages", () => {
  for (const [path, heading] of policies) {
    test(`${path} has its heading, title, description and canonical link`, async ({ page, hasJs }) => {
      const response = await open(page, path, hasJs);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
      await expect(page).toHaveTitle(`${heading} | Haat`);
      await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /.{40,}/);
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", new RegExp(`${path}$`));
      await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", heading);
    });
  }

  test("the same numbers everywhere: a 48-hour return window", async ({ page, hasJs, request }) => {
    await open(page, "/cancellationandrefundpolicy", hasJs);
    await expect(page.getByText(/reported within 48 hours of delivery/)).toBeVisible();
    await open(page, await productPath(request, products[0]!.title), hasJs);
    await expect(page.getByText(/reported within 48 hours of delivery/)).toBeVisible();
  });

  test("other casings of a policy path redirect to the spec's spelling", async ({ request }) => {
    const response = await request.get("/privacypolicy", { maxRedirects: 0 });
    expect(response.status()).toBe(301);
    expect(response.headers().location).toBe("/PrivacyPolicy");
  });
});

test.describe("search engines", () => {
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled === false, "HTTP-level checks run once");

  test("robots.txt points to the sitemap and keeps personal pages out", async ({ request, baseURL }) => {
    const text = await (await request.get("/robots.txt")).text();
    expect(text).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
    expect(text).toContain("Disallow: /myaccount");
    expect(text).toContain("Disallow: /hi/myaccount");
  });

  test("the sitemap lists pages, categories and every product", async ({ request, baseURL }) => {
    const response = await request.get("/sitemap.xml");
    expect(response.headers()["content-type"]).toContain("application/xml");
    const xml = await response.text();
    expect(xml).toContain(`<loc>${baseURL}/PrivacyPolicy</loc>`);
    expect(xml).toContain(`<loc>${baseURL}/products?category=grocers-pick&amp;sub=rice</loc>`);
    const product = await productPath(request, products[3]!.title);
    expect(xml).toContain(`<loc>${baseURL}${product}</loc>`);
    expect(xml.match(new RegExp(`<loc>${baseURL}/product/\\d+</loc>`, "g"))).toHaveLength(products.length);
    // Each page in Hindi too, both naming each other (issue 27).
    expect(xml.match(new RegExp(`<loc>${baseURL}/hi/product/\\d+</loc>`, "g"))).toHaveLength(products.length);
    expect(xml).toContain(`<loc>${baseURL}/hi/PrivacyPolicy</loc>`);
    expect(xml).toContain(`<xhtml:link rel="alternate" hreflang="hi-IN" href="${baseURL}/hi${product}"/>`);
    expect(xml).toContain(`<xhtml:link rel="alternate" hreflang="en-IN" href="${baseURL}${product}"/>`);
  });

  test("the home page describes the shop as a LocalBusiness", async ({ page }) => {
    await page.goto("/");
    const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent())!);
    expect(jsonLd).toMatchObject({ "@type": "GroceryStore", name: "Haat", areaServed: "Gurugram" });
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/$/);
  });
});

const brandPages = [
  ["/aboutus", "About Haat"],
  ["/contact", "Contact Us"],
  ["/blog", "Blog"],
  ["/blog/1", "How to choose a good basmati rice"],
  ["/blog/2", "Five dals for every day of the week"],
  ["/blog/3", "Putting together a festive hamper that people remember"],
  ["/landingpage", "Four ways to taste Haat"],
  ["/marketplace", "The Marketplace"],
  ["/artisanalcafe", "The Artisanal Café"],
  ["/streetfoodgully", "Street Food Gully"],
  ["/testimonial", "Testimonials"],
  ["/googleform", "Share your feedback"],
] as const;

test.describe("brand pages", () => {
  for (const [path, heading] of brandPages) {
    test(`${path} answers with its heading and its own title`, async ({ page, hasJs }) => {
      const response = await open(page, path, hasJs);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", new RegExp(`${path}$`));
      await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /.{20,}/);
    });
  }

  test("the about page has the four five-star testimonials and a contact form", async ({ page, hasJs }) => {
    await open(page, "/aboutus", hasJs);
    const carousel = page.getByRole("region", { name: "Guest testimonials" });
    await expect(carousel.getByLabel("5 out of 5 stars")).toHaveCount(4);
    await expect(page.getByRole("region", { name: "Get in touch" })).toBeVisible();
  });

  // Issue 11 (12): without JavaScript only the first testimonial could be seen.
  for (const path of ["/aboutus", "/landingpage"]) {
    test(`${path}: every testimonial can be reached by its link and is seen`, async ({ page, hasJs }) => {
      await open(page, path, hasJs);
      const carousel = page.getByRole("region", { name: "Guest testimonials" });
      const total = TESTIMONIALS.length;
      await expect(carousel.getByRole("group")).toHaveCount(total);
      for (const [i, t] of [...TESTIMONIALS.entries()].reverse()) {
        await carousel.getByRole("link", { name: `Go to slide ${i + 1}` }).click();
        const slide = carousel.getByRole("group", { name: `${i + 1} of ${total}` });
        await expect(slide).toBeInViewport({ ratio: 0.9 });
        await expect(slide.getByText(t.title, { exact: true })).toBeInViewport();
        await expect(slide.getByText(t.name, { exact: true })).toBeInViewport();
      }
      if (hasJs) {
        await carousel.getByRole("button", { name: "Next slide" }).click();
        await expect(carousel.getByRole("group", { name: `2 of ${total}` })).toBeInViewport({ ratio: 0.9 });
      }
    });
  }

  // Issue 11 (11): the café and street-food pictures were swapped.
  test("the landing page shows each place with its own picture", async ({ page, hasJs }) => {
    await open(page, "/landingpage", hasJs);
    const shows: Record<string, RegExp> = {
      "The Marketplace": /store front/,
      "The Artisanal Café": /café corner with a coffee counter/,
      "Street Food Gully": /Street Food Gully/,
    };
    expect(BUSINESSES.map((b) => b.title)).toEqual(Object.keys(shows));
    for (const [title, what] of Object.entries(shows)) {
      const section = page.getByRole("region", { name: title, exact: true });
      const img = section.getByRole("img");
      await expect(img).toHaveAttribute("alt", what);
      // The alt text is what the picture itself says it shows (its own <title>).
      const svg = await (await page.request.get((await img.getAttribute("src"))!)).text();
      expect(svg).toContain(`<title>${await img.getAttribute("alt")}</title>`);
      await expect(section.getByRole("link", { name: `Visit ${title}` })).toHaveAttribute("href", BUSINESSES.find((b) => b.title === title)!.path);
    }
  });

  test("every footer link leads to a real page", async ({ page, request }) => {
    await page.goto("/");
    const hrefs = await page
      .getByRole("navigation", { name: "Information" })
      .getByRole("link")
      .evaluateAll((links) => links.map((l) => l.getAttribute("href")!));
    expect(hrefs.length).toBeGreaterThanOrEqual(5);
    for (const href of hrefs) expect((await request.get(href)).status(), href).toBe(200);
  });
});

test("personal and transactional pages describe themselves too, and stay out of search results", async ({ page, hasJs }) => {
  for (const [path, title] of [
    ["/signin", "Sign in | Haat"],
    ["/forgot-password", "Reset your password | Haat"],
    ["/emptycart", "Your cart is empty | Haat"],
  ] as const) {
    await open(page, path, hasJs);
    await expect(page).toHaveTitle(title);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", new RegExp(`${path}$`));
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /.{20,}/);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
  }
});
