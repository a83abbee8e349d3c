// The action pipeline end to end on real declarations, with a stand-in Shop: what a
// browser gets back (status, where it goes, the reply, the cookies) for each kind of post.
import { RouterContextProvider } from "react-router";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { NEWSLETTER_MESSAGES } from "../../domain/contact.ts";
import type { FormReply } from "../../domain/form-reply.ts";
import { shopContext, signedInContext } from "../context.server.ts";
import { ShopError, type Customer, type Shop } from "../shop/port.server.ts";
import { accountForms } from "./account.server.ts";
import { cartForm } from "./cart.server.ts";
import { newsletterForm } from "./contact.server.ts";
import { addressBookForm } from "./addresses.server.ts";
import { FLASHED_COOKIE_MAX, flashReply } from "./reply-flash.server.ts";
import { wishlistForm } from "./wishlist.server.ts";
import { honeypotInputProps } from "../security/honeypot.server.ts";

/** The hidden fields a page's contact and newsletter forms carry, as the root loader makes them. */
async function withHoneypot(fields: Record<string, string>): Promise<Record<string, string>> {
  const props = await honeypotInputProps();
  return { [props.nameFieldName]: "", [props.validFromFieldName!]: props.encryptedValidFrom, ...fields };
}

beforeAll(() => {
  process.env.SESSION_SECRET ??= "a-test-secret-that-is-long-enough-0123456789";
  // A mail server that refuses every connection: mail cannot be sent.
  process.env.SMTP_URL = "smtp://127.0.0.1:1";
});

const asha: Customer = { id: 7, email: "asha@example.in", name: "Asha", phone: "9876543210" };
const ORIGIN = "http://haat.test";

function fakeShop(overrides: Record<string, Record<string, unknown>> = {}): Shop {
  const change = { title: "Masoor Dal", quantity: 1 };
  const base: Record<string, Record<string, unknown>> = {
    cart: { add: vi.fn(async () => change), step: vi.fn(async () => change), remove: vi.fn(async () => ({ title: "Masoor Dal" })), clear: vi.fn(async () => {}) },
    wishlist: { toggle: vi.fn(async () => ({ added: true })) },
    limits: { hit: vi.fn(async () => ({ allowed: true, retryAfterMs: 0 })), blocked: vi.fn(async () => false), clear: vi.fn(async () => {}) },
    accounts: { authenticate: vi.fn(async () => null) },
    addresses: { remove: vi.fn(async () => {}) },
  };
  for (const [group, methods] of Object.entries(overrides)) base[group] = { ...base[group], ...methods };
  return base as unknown as Shop;
}

type Posted = { status: number; location: string | null; cookies: string; reply: FormReply | null };

/** Posts a form as a browser would (a plain post) or as a fetcher does (`.data`), and reads the answer. */
async function post(
  form: { run: (args: { request: Request; context: RouterContextProvider; url: URL }) => Promise<unknown> },
  path: string,
  fields: Record<string, string>,
  opts: { shop?: Shop; customer?: Customer | null; fetcher?: boolean } = {},
): Promise<Posted> {
  const url = new URL(`${ORIGIN}${path}${opts.fetcher ? ".data" : ""}`);
  const request = new Request(url, { method: "POST", body: new URLSearchParams(fields) });
  const context = new RouterContextProvider();
  context.set(shopContext, opts.shop ?? fakeShop());
  const customer = opts.customer === undefined ? asha : opts.customer;
  context.set(signedInContext, customer ? { customer, token: "t" } : null);
  const answer = await form.run({ request, context, url: new URL(`${ORIGIN}${path}`) });
  if (answer instanceof Response) {
    return { status: answer.status, location: answer.headers.get("Location"), cookies: answer.headers.get("Set-Cookie") ?? "", reply: null };
  }
  // data(): { type: "DataWithResponseInit", data, init }
  const d = answer as { data: FormReply; init: ResponseInit | null };
  const headers = new Headers(d.init?.headers);
  return { status: d.init?.status ?? 200, location: null, cookies: headers.get("Set-Cookie") ?? "", reply: d.data };
}

describe("parsing", () => {
  it.each([
    [{ intent: "add" }, "Missing internal_reference"],
    [{ intent: "add", internal_reference: "A", quantity: "-2" }, "The quantity must be at least 1."],
    [{ intent: "add", internal_reference: "A", quantity: "100000" }, "The quantity must be at most 999."],
    [{ intent: "add", internal_reference: "A", quantity: "2.5" }, "Enter a whole number."],
    [{ intent: "increment" }, "Missing internal_reference"],
    [{ intent: "remove", internal_reference: "a b" }, "That product reference is not valid."],
    [{ intent: "explode" }, "Unknown cart action."],
    [{ intent: "add", internal_reference: "<script>" }, "That product reference is not valid."],
  ])("refuses the cart post %j with a 400 and its message, and calls nothing", async (fields, message) => {
    const shop = fakeShop();
    const answer = await post(cartForm, "/addtocart", fields, { shop });
    expect(answer.status).toBe(400);
    expect(answer.reply).toMatchObject({ ok: false, error: message });
    expect(shop.cart.add).not.toHaveBeenCalled();
  });

  it("defaults an add to quantity 1, staying where it was", async () => {
    const shop = fakeShop();
    const answer = await post(cartForm, "/addtocart", { intent: "add", internal_reference: "GP-1", redirectTo: "/products?page=2#product-4" }, { shop });
    expect(shop.cart.add).toHaveBeenCalledWith(asha, { internalReference: "GP-1", quantity: 1 });
    expect(answer).toMatchObject({ status: 303, location: "/products?page=2#product-4" });
    expect(answer.cookies).toContain("haat_toast=");
  });

  it("keeps what was typed, but never a password", async () => {
    const answer = await post(accountForms.signIn, "/signin", { email: "asha@example.in", password: "wrong-password" }, { customer: null });
    expect(answer.status).toBe(401);
    expect(answer.reply).toMatchObject({ ok: false, intent: "sign-in", error: "That e-mail and password do not match an account." });
    const typed = answer.reply?.ok === false ? answer.reply.result.initialValue : null;
    expect(typed).toMatchObject({ email: "asha@example.in" });
    expect(typed).not.toHaveProperty("password");
  });

  it("says 'Please fill' with the quick add's one message", async () => {
    const answer = await post(addressBookForm, "/myaccount/addresses", { intent: "add", name: "X" });
    expect(answer.status).toBe(400);
    expect(answer.reply).toMatchObject({ ok: false, error: "Please fill name, phone, address, city and pincode." });
  });
});

describe("a Shop failure, by its code", () => {
  const failing = (error: Error) => fakeShop({ cart: { step: vi.fn(async () => Promise.reject(error)) } });
  const step = { intent: "increment", internal_reference: "GP-DAL-1KG", redirectTo: "/addtocart" };

  it("bad input: 400 on the same page", async () => {
    const answer = await post(cartForm, "/addtocart", step, { shop: failing(new ShopError("invalid", "That product could not be found.")) });
    expect(answer).toMatchObject({ status: 400, reply: { ok: false, error: "That product could not be found." } });
  });
  it("not found: 404 on the same page", async () => {
    const answer = await post(cartForm, "/addtocart", step, { shop: failing(new ShopError("not_found", "That item is not in your cart.")) });
    expect(answer).toMatchObject({ status: 404, reply: { ok: false, error: "That item is not in your cart." } });
  });
  it("a conflict: a toast, and back to the page for a plain post", async () => {
    const answer = await post(cartForm, "/addtocart", step, { shop: failing(new ShopError("conflict", "Only 2 item(s) available in stock")) });
    expect(answer).toMatchObject({ status: 303, location: "/addtocart" });
    expect(answer.cookies).toContain("haat_toast=");
  });
  it("a conflict sent by a fetcher: the toast comes with the refusal, marked so it is not said twice", async () => {
    const answer = await post(cartForm, "/addtocart", step, { shop: failing(new ShopError("conflict", "Only 2 item(s) available in stock")), fetcher: true });
    expect(answer).toMatchObject({ status: 200, reply: { ok: false, toasted: true, error: "Only 2 item(s) available in stock" } });
    expect(answer.cookies).toContain("haat_toast=");
  });
  it("anything else goes to the error boundary", async () => {
    await expect(post(cartForm, "/addtocart", step, { shop: failing(new Error("connection reset")) })).rejects.toThrow("connection reset");
  });
});

describe("answers", () => {
  it("a fetcher's success is data with the toast, no redirect", async () => {
    const answer = await post(cartForm, "/addtocart", { intent: "remove", internal_reference: "GP-DAL-1KG" }, { fetcher: true });
    expect(answer).toMatchObject({ status: 200, reply: { ok: true, intent: "remove", message: "Item removed from cart" } });
    expect(answer.cookies).toContain("haat_toast=");
  });
  it("Buy Now goes to the cart, with or without JavaScript", async () => {
    for (const fetcher of [false, true]) {
      const answer = await post(cartForm, "/addtocart", { intent: "add", internal_reference: "GP-1", then: "cart", redirectTo: "/products" }, { fetcher });
      expect(answer).toMatchObject({ status: 303, location: "/addtocart" });
    }
  });
  it("a redirect never leaves the shop", async () => {
    for (const evil of ["https://evil.example/", "//evil.example", "/\\evil.example"]) {
      const answer = await post(cartForm, "/addtocart", { intent: "clear", redirectTo: evil });
      expect(answer.location).toBe("/addtocart");
    }
  });
  it("the footer's newsletter answers a refused plain post on the page it came from, with what was typed", async () => {
    const answer = await post(newsletterForm, "/newsletter", await withHoneypot({ email: "not-an-email", redirectTo: "/contact" }), { customer: null });
    expect(answer).toMatchObject({ status: 303, location: "/contact" });
    expect(answer.cookies).toContain("haat_reply=");
    // A bot's padding and unknown fields stay out of the cookie: a browser drops one over 4 KB.
    const padded = await post(newsletterForm, "/newsletter", await withHoneypot({ email: "x".repeat(5000), pad: "a".repeat(20_000), redirectTo: "/contact" }), { customer: null });
    expect(padded.status).toBe(303);
    expect(padded.cookies.length).toBeLessThan(2048);
    // Thousands of field names (a 60-80 kB post): none of them is the form's, so none is kept.
    const named = Object.fromEntries(Array.from({ length: 1500 }, (_, i) => [`field_${i}_${"n".repeat(10)}`, "v".repeat(10)]));
    const many = await post(newsletterForm, "/newsletter", await withHoneypot({ email: "not-an-email", ...named, redirectTo: "/contact" }), { customer: null });
    expect(many.status).toBe(303);
    expect(many.cookies.length).toBeLessThan(FLASHED_COOKIE_MAX);
    expect(many.cookies).not.toContain("field_1");
    const fetched = await post(newsletterForm, "/newsletter", await withHoneypot({ email: "not-an-email" }), { customer: null, fetcher: true });
    expect(fetched.reply).toMatchObject({ ok: false, error: "Please enter a valid email address." });
  });
});

describe("the flashed reply", () => {
  it("stays under what a browser keeps even when the form's own fields are many and long: then it carries the reason alone", async () => {
    const fields = Array.from({ length: 30 }, (_, i) => `f${i}`);
    const typed = Object.fromEntries(fields.map((f) => [f, "x".repeat(1000)]));
    const cookie = await flashReply(
      "/reviews",
      { ok: false, intent: "review", error: "Please write a review.", toasted: false, result: { status: "error", initialValue: typed, error: { f0: ["Please write a review."] } } },
      fields,
    );
    expect(cookie.length).toBeLessThan(FLASHED_COOKIE_MAX);
    expect(cookie).toContain("haat_reply=");
  });
});

describe("the honeypot", () => {
  const subscribe = vi.fn(async () => ({ confirmToken: "tok", confirmed: false }));
  const shop = () => fakeShop({ newsletter: { subscribe } });
  it.each([
    ["both hidden fields left out", {}],
    ["the name field left out", { form_opened: "x" }],
    ["the time field left out", { website_url: "" }],
    ["a filled name field", { website_url: "https://spam.example", form_opened: "x" }],
    ["a time that is not ours", { website_url: "", form_opened: "not-encrypted-at-all" }],
    ["a time that is base64 but not ours", { website_url: "", form_opened: "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA" }],
  ])("refuses a post with %s as a bot's, with a 400 and the form's message", async (_, hidden) => {
    const answer = await post(newsletterForm, "/newsletter", { email: "asha@example.in", ...hidden }, { shop: shop(), customer: null, fetcher: true });
    expect(answer).toMatchObject({ status: 400, reply: { ok: false } });
    expect(subscribe).not.toHaveBeenCalled();
  });
});

describe("the newsletter", () => {
  it("answers normally when the confirmation mail cannot be sent, and keeps the mail for a retry", async () => {
    const enqueue = vi.fn(async () => ({ id: 1 }));
    const shop = fakeShop({ newsletter: { subscribe: vi.fn(async () => ({ confirmToken: "tok", confirmed: false })) }, mail: { enqueue } });
    const answer = await post(newsletterForm, "/newsletter", await withHoneypot({ email: "asha@example.in", redirectTo: "/aboutus" }), { shop, customer: null, fetcher: true });
    expect(answer).toMatchObject({ status: 200, reply: { ok: true, message: NEWSLETTER_MESSAGES.subscribed } });
    expect(enqueue).toHaveBeenCalledWith(expect.objectContaining({ to: "asha@example.in", text: expect.stringContaining("/newsletter/confirm?token=tok") }), expect.any(String));
  });
});

describe("a Shop failure shown on a field", () => {
  it("a taken e-mail on sign-up is a 409 on the e-mail field, with what was typed but the password", async () => {
    const shop = fakeShop({ accounts: { register: vi.fn(async () => Promise.reject(new ShopError("conflict", "An account with this e-mail already exists. Sign in instead."))) } });
    const answer = await post(accountForms.signUp, "/signup", { name: "Asha", email: "asha@example.in", phone: "9876543210", password: "long-enough-1" }, { shop, customer: null });
    expect(answer.status).toBe(409);
    const reply = answer.reply?.ok === false ? answer.reply : null;
    expect(reply?.result.error).toMatchObject({ email: ["An account with this e-mail already exists. Sign in instead."] });
    expect(reply?.result.initialValue).not.toHaveProperty("password");
  });
});

describe("signed out", () => {
  it("an add is kept in the pending cookie, then sign-in, then /post-auth", async () => {
    const shop = fakeShop();
    const answer = await post(cartForm, "/addtocart", { intent: "add", internal_reference: "GP-1", quantity: "2", product_id: "4" }, { shop, customer: null, fetcher: true });
    expect(answer).toMatchObject({ status: 303, location: "/signin?return_to=%2Fpost-auth" });
    expect(answer.cookies).toContain("haat_pending=");
    expect(shop.cart.add).not.toHaveBeenCalled();
  });
  it("a heart is kept too, with the page it was tapped on", async () => {
    const answer = await post(wishlistForm, "/wishlist", { intent: "toggle", internal_reference: "GP-1", redirectTo: "/products#product-4" }, { customer: null });
    expect(answer).toMatchObject({ status: 303, location: "/signin?return_to=%2Fpost-auth" });
    const value = decodeURIComponent(/haat_pending=([^;]+)/.exec(answer.cookies)![1]!);
    expect(JSON.parse(atob(value.slice(0, value.lastIndexOf(".")))).return_to).toBe("/products#product-4");
  });
  it("anything else signs in and comes back", async () => {
    const answer = await post(cartForm, "/addtocart", { intent: "clear", redirectTo: "/addtocart" }, { customer: null });
    expect(answer).toMatchObject({ status: 303, location: "/signin?return_to=%2Faddtocart" });
  });
});

describe("Place order with lines the stock has overtaken", () => {
  const line = (id: number, title: string, quantity: number, inventoryStock: number) => ({
    id,
    productId: id,
    internalReference: `R${id}`,
    title,
    attribute: "",
    image: "",
    quantity,
    pricePaise: 10_000,
    mrpPaise: 10_000,
    taxRate: 5,
    inStock: inventoryStock > 0,
    inventoryStock,
  });

  it("lowers a short line to what is left, says so with the coupon it cost, and stays on the cart", async () => {
    const setQuantity = vi.fn(async () => ({ title: "Atta", quantity: 3, couponDropped: "This coupon needs a cart of at least ₹999." }));
    const choosePayment = vi.fn(async () => {});
    const shop = fakeShop({ cart: { get: vi.fn(async () => ({ lines: [line(1, "Dal", 1, 10), line(2, "Atta", 5, 3)] })), setQuantity, choosePayment } });
    const answer = await post(cartForm, "/addtocart", { intent: "checkout", payment: "cod", terms: "on" }, { shop });
    expect(setQuantity).toHaveBeenCalledWith(asha, "R2", 3);
    expect(setQuantity).toHaveBeenCalledTimes(1);
    expect(choosePayment).not.toHaveBeenCalled();
    expect(answer.location).toBe("/addtocart");
    expect(answer.cookies).toContain("haat_toast");
  });

  it("goes on to Review Order when every line can be filled", async () => {
    const setQuantity = vi.fn();
    const shop = fakeShop({ cart: { get: vi.fn(async () => ({ lines: [line(1, "Dal", 2, 2)] })), setQuantity, choosePayment: vi.fn(async () => {}) } });
    const answer = await post(cartForm, "/addtocart", { intent: "checkout", payment: "cod", terms: "on" }, { shop });
    expect(setQuantity).not.toHaveBeenCalled();
    expect(answer.location).toBe("/revieworder");
  });
});
