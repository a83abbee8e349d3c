// Shared fixtures and helpers for the end-to-end suite. Expectations about products come
// from the demo catalogue the e2e server seeds, so they follow the data, not copies of it.
import { count } from "../../app/domain/plural.ts";
import { firstOpenDay } from "../../app/domain/subscription.ts";
import { i18nFor, registerCatalogue } from "../../app/domain/i18n/registry.ts";
import type { Catalogue, MessageValues } from "../../app/domain/i18n/messages.ts";
import { recogniseEnglish } from "../../app/domain/i18n/recognise.ts";
import { confirmationToken } from "../confirmation-link.ts";
export { confirmationToken };
import fs from "node:fs";
import path from "node:path";
import { test as base, expect, type APIRequestContext, type Browser, type BrowserContextOptions, type Locator, type Page } from "@playwright/test";

export { expect };

export interface Shopper {
  name: string;
  email: string;
  phone: string;
  password: string;
}

let shopperCount = 0;
/** Details for a new account, unique across workers and runs. */
export function newShopper(): Shopper {
  const id = `${Date.now().toString(36)}-${process.pid}-${shopperCount++}`;
  return { name: `Shopper ${id}`, email: `shopper-${id}@example.test`, phone: "98765 43210", password: "shopper-password" };
}

/** A client address of its own for each new account (the e2e server trusts X-Forwarded-For from loopback). */
export function clientAddress(): string {
  const n = Math.floor(Math.random() * 2 ** 24);
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

export const test = base.extend<{ hasJs: boolean; shopper: Shopper }>({
  hasJs: async ({ javaScriptEnabled }, use) => {
    await use(javaScriptEnabled !== false);
  },
  /**
   * The one sign-in fixture: a new account, signed in in this test's browser context
   * (page.request shares its cookies). Journeys that test the sign-in forms themselves
   * use the pages instead.
   */
  shopper: async ({ page, baseURL }, use) => {
    const shopper = newShopper();
    const response = await page.request.post("/signup", {
      form: { ...shopper, return_to: "/" },
      headers: { Origin: baseURL!, "X-Forwarded-For": clientAddress() },
      maxRedirects: 0,
    });
    expect(response.status(), await response.text()).toBe(303);
    await use(shopper);
  },
});

/** Signs in through the sign-in page the browser is on (journeys that pass through it). */
export async function signInOnPage(page: Page, shopper: Shopper) {
  await page.getByLabel("Email", { exact: true }).fill(shopper.email);
  await page.getByLabel("Password").fill(shopper.password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

/**
 * The newest mail the shop wrote to its outbox for `to` (the e2e server has no SMTP_URL), of
 * those that contain `about` when it is given: a new account gets its confirmation link first.
 */
export async function lastMailTo(to: string, about?: string): Promise<string> {
  const dir = path.join(process.env.E2E_DATA_DIR!, "outbox");
  let found: string | undefined;
  await expect
    .poll(() => {
      const names = fs.existsSync(dir)
        ? fs
            .readdirSync(dir)
            .filter((n) => n.endsWith(`-${to.toLowerCase()}.txt`))
            .sort()
        : [];
      const texts = names.map((n) => fs.readFileSync(path.join(dir, n), "utf8"));
      found = texts.filter((text) => !about || text.includes(about)).at(-1);
      return Boolean(found);
    })
    .toBe(true);
  return found!;
}

let mobileCount = 0;
/** A 10-digit mobile number of its own for each test (each number may get 5 codes an hour). */
export function newMobile(): string {
  const n = (Date.now() * 1000 + process.pid * 37 + mobileCount++) % 1_000_000_000;
  return `9${n.toString().padStart(9, "0")}`;
}

/** The code in the newest SMS the shop wrote to its outbox for `mobile` (SMS_PROVIDER=outbox), from its WebOTP line. */
export async function lastCodeTo(mobile: string, after = 0): Promise<string> {
  const dir = path.join(process.env.E2E_DATA_DIR!, "outbox");
  let code: string | undefined;
  await expect
    .poll(() => {
      const names = fs.existsSync(dir)
        ? fs
            .readdirSync(dir)
            .filter((n) => n.endsWith(`-sms-${mobile}.txt`))
            .sort()
        : [];
      if (names.length <= after) return false;
      code = /#(\d{6})\s*$/.exec(fs.readFileSync(path.join(dir, names.at(-1)!), "utf8"))?.[1];
      return Boolean(code);
    })
    .toBe(true);
  return code!;
}

/** How many SMS the shop has written for `mobile`. */
export function smsCountTo(mobile: string): number {
  const dir = path.join(process.env.E2E_DATA_DIR!, "outbox");
  return fs.existsSync(dir) ? fs.readdirSync(dir).filter((n) => n.endsWith(`-sms-${mobile}.txt`)).length : 0;
}

// ---------- the demo catalogue ----------

export interface DemoVariant {
  internal_reference: string;
  attribute: string;
  price: number;
  mrp: number;
  images: string[];
  in_stock: boolean;
  inventory_stock: number;
  video: string | null;
}

export interface DemoProduct {
  title: string;
  title_hi: string;
  short_desc: string;
  long_desc: string;
  category: string;
  variants: DemoVariant[];
}

interface DemoCategory {
  name: string;
  slug: string;
  status: string;
  children: { name: string; slug: string }[];
}

const raw = JSON.parse(fs.readFileSync(new URL("../../scripts/demo-catalog.json", import.meta.url), "utf8")) as {
  categories: DemoCategory[];
  products: DemoProduct[];
};

registerCatalogue("hi", JSON.parse(fs.readFileSync(new URL("../../app/locales/hi.json", import.meta.url), "utf8")) as Catalogue, recogniseEnglish);

/** A message as Hindi pages say it (the shop's own catalogue, app/locales/hi.po). */
export function hi(id: string, values?: MessageValues): string {
  const text = i18nFor("hi")._(id, values);
  if (text === id && /[a-z]{3}/i.test(id)) throw new Error(`No Hindi for "${id}" in app/locales/hi.po`);
  return text;
}

export const categories = raw.categories;
export const products = raw.products;

export function isAvailable(v: DemoVariant): boolean {
  return v.in_stock && v.inventory_stock > 0;
}

/** The variant a card or product page shows first: the first in stock, else the first. */
export function shownVariant(p: DemoProduct): DemoVariant {
  return p.variants.find(isAvailable) ?? p.variants[0];
}

/** The price a shopper sees for a product in a listing, in rupees. */
export function shownPrice(p: DemoProduct): number {
  return shownVariant(p).price;
}

/** Top-level category and subcategory names of a product, from its slash-separated path. */
export function placement(p: DemoProduct): { category: string; sub: string | null } {
  const segments = p.category.split("/").map((s) => s.trim());
  const at = segments.findIndex((s) => categories.some((c) => c.name === s));
  if (at < 0) throw new Error(`No known category in "${p.category}"`);
  return { category: segments[at], sub: segments[at + 1] ?? null };
}

export function productsIn(category: string, sub?: string): DemoProduct[] {
  return products.filter((p) => {
    const place = placement(p);
    return place.category === category && (sub === undefined || place.sub === sub);
  });
}

export function product(title: string): DemoProduct {
  const found = products.find((p) => p.title === title);
  if (!found) throw new Error(`No product "${title}" in the demo catalogue`);
  return found;
}

const rupeeFormat = new Intl.NumberFormat("en-IN", { style: "currency", currency: "INR", maximumFractionDigits: 0, minimumFractionDigits: 0 });

/** ₹1,099 for 1099: how the shop shows a price. */
export function rupees(amount: number): string {
  return rupeeFormat.format(amount);
}

export const PAGE_SIZE = 24;

// ---------- the page ----------

/**
 * With JavaScript, waits until React has hydrated the page: the header search box turns
 * into a combobox only then (a staff page marks its header). Without JavaScript there is nothing to wait for.
 */
export async function hydrated(page: Page, hasJs: boolean): Promise<void> {
  if (!hasJs) return;
  // Staff pages have no shopper header (issue 46): the staff layout's own mark says it is React's.
  if (new URL(page.url()).pathname.startsWith("/staff")) {
    await expect(page.locator("[data-hydrated]")).toBeAttached();
    return;
  }
  // Attached, not visible: on a phone the box sits in the closed search toggle. In either language.
  await expect(page.getByRole("combobox", { name: new RegExp(`^(Search products|${hi("Search products")})$`), includeHidden: true }).first()).toBeAttached();
}

/** Opens a URL and, with JavaScript, waits for hydration before the test interacts. */
export async function open(page: Page, url: string, hasJs: boolean) {
  const response = await page.goto(url);
  await hydrated(page, hasJs);
  return response;
}

/** The visible header search input, whichever role hydration has given it. */
export function searchInput(page: Page): Locator {
  return page.getByRole(/* before hydration */ "searchbox", { name: "Search products" }).or(page.getByRole("combobox", { name: "Search products" }));
}

/** The listing's product grid. */
export function productList(page: Page): Locator {
  return page.getByRole("list", { name: "Products", exact: true });
}

/**
 * Waits until the current document is fully parsed: without JavaScript a page arrives in
 * streamed chunks, and reading the grid halfway would see half a list.
 */
async function parsed(page: Page): Promise<void> {
  await page.waitForLoadState("domcontentloaded");
}

/** Titles of the cards in the listing, in order. */
export async function cardTitles(page: Page): Promise<string[]> {
  await parsed(page);
  return productList(page).getByRole("link").allInnerTexts();
}

/** Prices (whole rupees) on the listing's cards, in order, read from their 'Price ₹…' text. */
export async function cardPrices(page: Page): Promise<number[]> {
  await parsed(page);
  const texts = await productList(page).getByRole("listitem").allInnerTexts();
  return texts.map((t) => {
    const m = t.match(/Price\s*₹\s*([\d,]+)/);
    if (!m) throw new Error(`No price on card: ${t}`);
    return Number(m[1].replace(/,/g, ""));
  });
}

/** The listing's count line, e.g. '38 products'. */
export function countLine(page: Page): Locator {
  return page.getByRole("status").filter({ hasText: /^[\d,]+ products?$/ });
}

export function countText(n: number): string {
  return count(n, "product");
}

/**
 * A URL test for `expect(page).toHaveURL(...)`: the path, and the given query parameters
 * (null: absent). Others may be there: a plain GET form also sends fields left at default.
 */
export function at(pathname: string, params: Record<string, string | null> = {}): (url: URL) => boolean {
  return (url) => url.pathname === pathname && Object.entries(params).every(([key, value]) => url.searchParams.get(key) === value);
}

/**
 * The address of a product page, found through the suggestions endpoint (ids are the
 * database's, not the catalogue file's). Cheaper than a listing page load per test.
 */
export async function productPath(request: APIRequestContext, title: string): Promise<string> {
  const response = await request.get(`/api/suggestions?q=${encodeURIComponent(title)}`);
  expect(response.status()).toBe(200);
  const { suggestions } = (await response.json()) as { suggestions: { id: number; title: string }[] };
  const found = suggestions.find((s) => s.title === title);
  if (!found) throw new Error(`The suggestions for "${title}" do not include it: ${suggestions.map((s) => s.title).join(", ")}`);
  return `/product/${found.id}`;
}

/**
 * The header's toggles (menu, search, account) are <details> elements: they work without
 * JavaScript. Browsers expose a <summary> as a disclosure button, but it has no ARIA role
 * Playwright can query, so it is found by its element and its text.
 */
export function headerToggle(page: Page, name: string): Locator {
  return page.getByRole("banner").locator("summary", { hasText: name });
}

/**
 * A toast the shopper is shown. On home and listing pages it lives only 1.5 s (Specification: Browsing constants);
 * without JavaScript it is hidden by a CSS animation that starts as the page paints, so a
 * slow run can reach the check after it has faded. The toast stays in the page once hidden,
 * so without JavaScript being served it is what is checked; with JavaScript it must be seen.
 */
export async function expectToast(page: Page, message: string | RegExp, hasJs: boolean) {
  if (hasJs) return expect(page.getByText(message)).toBeVisible();
  const flashed = page.getByRole("status", { includeHidden: true }).or(page.getByRole("alert", { includeHidden: true }));
  await expect(flashed.filter({ hasText: message })).toBeAttached();
}

/** Waits until the page is controlled by the shop's service worker (it claims the page once active). */
export async function controlled(page: Page): Promise<void> {
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker?.controller))).toBe(true);
}

/** The header's cart link, named with its count ('Cart, 1 item'). */
export function cartBadge(page: Page): Locator {
  return page.getByRole("banner").getByRole("link", { name: /^Cart/ });
}

/** The first delivery slot Review Order's page offers (its radio's value), for tests that post Confirm Order themselves. */
export function firstSlot(reviewHtml: string): string {
  const slot = [...reviewHtml.matchAll(/<input type="radio"[^>]*name="slot"[^>]*>/g)].map((m) => m[0]).find((input) => !input.includes("disabled"));
  const value = slot && /value="([^"]+)"/.exec(slot)?.[1];
  if (!value) throw new Error("Review Order offers no delivery slot");
  return value;
}

/** Every page of the staff side's menu (issue 46: each checked for its header, its fit and its contrast). */
export const STAFF_PAGES = [
  "/staff/orders",
  "/staff/dashboard",
  "/staff/delivery",
  "/staff/catalogue",
  "/staff/tickets",
  "/staff/coupons",
  "/staff/newsletter",
  "/staff/reviews",
  "/staff/subscriptions",
  "/staff/shoppers",
  "/staff/breaches",
];

/** A staff member signed in in a context of their own (STAFF_EMAILS of the e2e server): one per project, so js and no-js never share a session. */
export async function staffPage(browser: Browser, hasJs: boolean, baseURL: string, options: BrowserContextOptions = {}): Promise<Page> {
  const context = await browser.newContext({ ...options, baseURL, javaScriptEnabled: hasJs });
  const page = await context.newPage();
  const email = hasJs ? "staff-js@haat.example" : "staff-nojs@haat.example";
  const headers = { Origin: baseURL, "X-Forwarded-For": clientAddress() };
  const up = await page.request.post("/signup", { form: { name: "Store Staff", email, phone: "9876543210", password: "staff-password-1" }, headers, maxRedirects: 0 });
  if (up.status() === 303) {
    // A listed address is staff once its owner confirms it by the mailed link (decision 047).
    const token = confirmationToken(await lastMailTo(email, "/verify-email?token="));
    const confirmed = await page.request.post("/verify-email", { form: { intent: "confirm-email", token }, headers, maxRedirects: 0 });
    expect(confirmed.headers()["location"]).toBe("/myaccount");
  } else {
    const signin = await page.request.post("/signin", { form: { email, password: "staff-password-1" }, headers, maxRedirects: 0 });
    expect(signin.status()).toBe(303);
  }
  return page;
}

/** The number an order's page shows its shopper (decision 065: the URL names the order by its id, people read its number). */
export async function orderNumber(request: APIRequestContext, orderId: number | string): Promise<number> {
  const html = await (await request.get(`/orders/${orderId}`)).text();
  const found = /id="order-title"[^>]*>Order #(\d+)</.exec(html);
  if (!found) throw new Error(`order ${orderId}: no number on its page`);
  return Number(found[1]);
}

/**
 * A signed-in shopper's address and a daily subscription (milk unless told), made by plain posts (as the no-JS
 * forms send them): answers the subscribe page's path, for the pages that show a subscription.
 */
export async function subscribedTo(page: Page, baseURL: string, title = "Aravalli Farms A2 Desi Cow Milk"): Promise<{ subscribePath: string }> {
  const headers = { Origin: baseURL };
  const milk = product(title);
  const added = await page.request.post("/myaccount/addresses", {
    form: { intent: "add", name: "Asha Verma", phone: "9988776655", street: "4 Golf Course Road", city: "Gurgaon", zip: "122002" },
    headers,
    maxRedirects: 0,
  });
  expect(added.status()).toBe(303);
  const id = /\/product\/(\d+)/.exec(await productPath(page.request, milk.title))![1]!;
  const subscribePath = `/myaccount/subscriptions/new?product=${id}`;
  const form = await (await page.request.get(subscribePath)).text();
  // The first saved address's radio, whatever order React writes its attributes in.
  const radio = /<input[^>]*name="address"[^>]*>/.exec(form)![0];
  const address = /value="(\d+)"/.exec(radio)![1]!;
  const start = firstOpenDay(new Date());
  const made = await page.request.post("/myaccount/subscriptions/new", {
    form: { intent: "subscribe", internal_reference: milk.variants[0]!.internal_reference, quantity: "1", every: "daily", start, slot: "morning", address },
    headers,
    maxRedirects: 0,
  });
  expect(made.status()).toBe(303);
  return { subscribePath };
}

/** What sticks out past the screen's right edge, and whether the header's row wrapped. */
export async function fitsScreen(page: Page): Promise<{ overflow: number; wider: string[]; headerRows: number }> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const wider = [...document.querySelectorAll<HTMLElement>("body *")]
      .filter((el) => {
        const box = el.getBoundingClientRect();
        // Inside a box that scrolls on its own (a carousel strip, a table's wrapper), sticking out is the point;
        // inside a visually hidden box (1 px, clipped: a chart's table for screen readers) nothing shows or scrolls.
        return box.width > 0 && box.right > width + 1 && !el.closest("[data-scrolls], .overflow-x-auto, .snap-x, .swiper, .sr-only") && getComputedStyle(el).position !== "fixed";
      })
      .slice(0, 5)
      .map((el) => `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""}.${[...el.classList].slice(0, 3).join(".")} (${Math.round(el.getBoundingClientRect().right)} px)`);
    // The header's row: its visible links and buttons (not the delivery promise's own line below it), by the row they sit on.
    const banner = document.querySelector("header");
    const controls = banner
      ? [...banner.querySelectorAll<HTMLElement>(":scope > div:first-of-type a, :scope > div:first-of-type button, :scope > div:first-of-type summary")].filter((el) => !el.closest("p"))
      : [];
    const tops = new Set(
      controls
        .map((el) => el.getBoundingClientRect())
        .filter((box) => box.width > 0 && box.height > 0)
        .map((box) => Math.round((box.top + box.bottom) / 2 / 12)),
    );
    return { overflow: document.documentElement.scrollWidth - width, wider, headerRows: tops.size };
  });
}
