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
    await expect(offers.getByRole("link").first()).toHaveAttribute("href", "/shopretail");

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

    await expect(page.getByRole("heading", { name: "Our Store" })).toBeVisible();
    await expect(page.getByRole("region", { name: "Our Store" }).getByRole("figure").first()).toBeAttached();

    const badges = page.getByRole("region", { name: "Why shop with us" });
    for (const badge of ["Premium Quality", "Swift Shipping", "Easy Return", "24/7 Support"]) {
      await expect(badges.getByText(badge, { exact: true })).toBeVisible();
    }
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
