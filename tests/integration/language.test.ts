// The shopper's language (issue 27) on PGlite and PostgreSQL: the header's switch keeps it in a
// cookie and on the account, signing in on another device brings it back, an English address
// follows the choice, a first visit follows Accept-Language once, and an order placed in Hindi
// gives an account that never chose its language.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { accountForms } from "../../app/server/forms/account.server.ts";
import { contactForm } from "../../app/server/forms/contact.server.ts";
import { outboxDir } from "../../app/server/mail/mailer.server.ts";
import { honeypotInputProps } from "../../app/server/security/honeypot.server.ts";
import { bindUseCases } from "../../app/server/use-cases/index.server.ts";
import { store } from "../../app/domain/store-config.ts";
import { languageMiddleware, localeContext } from "../../app/server/i18n.server.ts";
import type { Customer, Shop } from "../../app/server/shop/port.server.ts";
import { loader as languageSwitch } from "../../app/routes/language.ts";
import { targets } from "./databases.ts";
import { shopOn } from "./fixtures.ts";
import { routeContext } from "./fixtures.ts";

const PASSWORD = "a-shoppers-password";
let dataDir: string;
beforeAll(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "haat-language-"));
  process.env.DATA_DIR = dataDir;
  process.env.SESSION_SECRET ??= "a-test-secret-that-is-long-enough-0123456789";
  // The sign-in form's mailer logs what it keeps: quiet here.
  vi.spyOn(console, "log").mockImplementation(() => {});
});
afterAll(() => {
  vi.restoreAllMocks();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

let unique = 0;
const cookieOf = (cookies: string[], name: string) => cookies.find((c) => c.startsWith(`${name}=`))?.split(";")[0];

/** What the root's language middleware answers a GET with (a redirect thrown, or the page). */
async function visit(url: string, headers: Record<string, string> = {}) {
  const request = new Request(url, { headers });
  const context = routeContext({} as Shop, null);
  try {
    await languageMiddleware({ request, context, params: {}, pattern: new URL(url).pathname, url: new URL(url) } as never, async () => new Response("page"));
    return { status: 200, location: null, cookies: [] as string[], locale: context.get(localeContext) };
  } catch (thrown) {
    const response = thrown as Response;
    return { status: response.status, location: response.headers.get("Location"), cookies: response.headers.getSetCookie(), locale: context.get(localeContext) };
  }
}

describe("a page's language, from its address and the shopper's choice", () => {
  it("an English address for a shopper who chose Hindi opens in Hindi; a Hindi address always in Hindi", async () => {
    expect(await visit("http://haat.test/products?category=rice", { Cookie: "haat_lang=hi" })).toMatchObject({ status: 303, location: "/hi/products?category=rice" });
    expect(await visit("http://haat.test/hi/products", { Cookie: "haat_lang=en" })).toMatchObject({ status: 200, locale: "hi" });
    expect(await visit("http://haat.test/products", { Cookie: "haat_lang=en" })).toMatchObject({ status: 200, locale: "en" });
    // A client-side load of a page's data is sent to the Hindi page as a whole document.
    expect(await visit("http://haat.test/products.data?_routes=routes%2Fproducts", { Cookie: "haat_lang=hi" })).toMatchObject({ status: 303, location: "/hi/products" });
    // (The staff's side is English: its Hindi address is its English one, once its guard let staff in: staff-walk.test.ts.)
    // Files, the API, the staff's side and the switch itself are never moved.
    for (const p of ["/api/suggestions?q=dal", "/staff/orders", "/sitemap.xml", "/language?to=en"])
      expect((await visit(`http://haat.test${p}`, { Cookie: "haat_lang=hi" })).status, p).toBe(200);
  });

  it("a first visit from a browser that prefers Hindi opens in Hindi once, with the cookie that remembers it", async () => {
    const first = await visit("http://haat.test/", { "Accept-Language": "hi-IN,hi;q=0.9,en;q=0.8" });
    expect(first).toMatchObject({ status: 303, location: "/hi" });
    expect(cookieOf(first.cookies, "haat_lang")).toBe("haat_lang=hi");
    expect(await visit("http://haat.test/", { "Accept-Language": "en-IN,en;q=0.9,hi;q=0.8" })).toMatchObject({ status: 200, locale: "en" });
    // Any cookie means it is not a first visit: the shopper may have chosen English on the switch.
    expect(await visit("http://haat.test/", { "Accept-Language": "hi-IN", Cookie: "haat_toast=x" })).toMatchObject({ status: 200 });
  });
});

describe.each(targets)("the language kept on the account on $name", (target) => {
  const on = shopOn(target);

  async function newCustomer(): Promise<Customer> {
    unique++;
    return on.shop.accounts.register({ name: "Asha", email: `asha-${unique}-${Date.now()}@example.in`, phone: "9876543210", password: PASSWORD });
  }

  async function signIn(email: string) {
    const url = new URL("http://haat.test/signin");
    const request = new Request(url, { method: "POST", body: new URLSearchParams({ email, password: PASSWORD }), headers: { "X-Forwarded-For": `203.0.113.${unique}` } });
    const answer = await accountForms.signIn.run({ request, context: routeContext(on.shop, null), url });
    const headers = answer instanceof Response ? answer.headers : new Headers((answer as { init: ResponseInit | null }).init?.headers);
    return headers.getSetCookie();
  }

  it("the switch keeps the choice in a cookie and, signed in, on the account; signing in elsewhere brings it back", async () => {
    const customer = await newCustomer();
    expect(customer.language).toBeNull();
    // Signed in, the switch to Hindi: the same page in Hindi, the cookie, and the account.
    const url = new URL(`http://haat.test/language?to=hi&back=${encodeURIComponent("/products?category=rice")}`);
    const answer = (await languageSwitch({ request: new Request(url), context: routeContext(on.shop, customer), params: {}, url } as never)) as Response;
    expect(answer.status).toBe(303);
    expect(answer.headers.get("Location")).toBe("/hi/products?category=rice");
    expect(cookieOf(answer.headers.getSetCookie(), "haat_lang")).toBe("haat_lang=hi");
    expect((await on.shop.accounts.findLocal(customer.email!))?.language).toBe("hi");
    // Every request of the session knows it (mails and orders read it).
    const { token } = await on.shop.accounts.startSession(customer.id);
    expect((await on.shop.accounts.resumeSession(token))?.customer.language).toBe("hi");
    // Another device: signing in sets its cookie from the account.
    expect(cookieOf(await signIn(customer.email!), "haat_lang")).toBe("haat_lang=hi");
    // A customer who never chose gets no language cookie at sign-in.
    const other = await newCustomer();
    expect(cookieOf(await signIn(other.email!), "haat_lang")).toBeUndefined();
  });

  it("the switch refuses another site as where to go back to, and a language it does not have", async () => {
    const bad = (await languageSwitch({
      request: new Request("http://haat.test/language?to=hi&back=//evil.example/x"),
      context: routeContext(on.shop, null),
      params: {},
    } as never)) as Response;
    expect(bad.headers.get("Location")).toBe("/hi");
    // Issue 41 item 3: a Hindi path whose rest is another site's, switched to English.
    for (const back of ["/hi//evil.example/path", "/hi/%2F/evil.example", "/hi/\\evil.example", "/hi///evil.example"]) {
      const url = new URL(`http://haat.test/language?to=en&back=${encodeURIComponent(back)}`);
      const answer = (await languageSwitch({ request: new Request(url), context: routeContext(on.shop, null), params: {} } as never)) as Response;
      const location = answer.headers.get("Location")!;
      expect(new URL(location, "http://haat.test").origin, `${back} -> ${location}`).toBe("http://haat.test");
      expect(location, back).toMatch(/^\/(?![/\\])/);
    }
    const unknown = (await languageSwitch({
      request: new Request("http://haat.test/language?to=fr&back=/products"),
      context: routeContext(on.shop, null),
      params: {},
    } as never)) as Response;
    expect(unknown.headers.get("Location")).toBe("/products");
    expect(unknown.headers.getSetCookie()).toEqual([]);
  });

  it("a ticket sent from a Hindi page is answered in a Hindi mail; from an English page, in English", async () => {
    const staff = await newCustomer();
    const trap = await honeypotInputProps();
    const send = async (pagePath: string, email: string) => {
      const url = new URL(`http://haat.test${pagePath}`);
      const body = new URLSearchParams({
        intent: "send",
        name: "Meera",
        email,
        subject: "Ghee",
        message: "Is it A2?",
        [trap.nameFieldName]: "",
        ...(trap.validFromFieldName && trap.encryptedValidFrom && { [trap.validFromFieldName]: trap.encryptedValidFrom }),
      });
      unique++;
      const request = new Request(url, { method: "POST", body, headers: { "X-Forwarded-For": `198.51.100.${unique}` } });
      await contactForm.run({ request, context: routeContext(on.shop, null), url });
      const [ticket] = (await on.shop.tickets.inbox()).filter((t) => t.email === email);
      await bindUseCases(on.shop).tickets.answerTicket(staff, ticket!.id, "हाँ, A2 है।");
      const outbox = outboxDir({ dataDir });
      const file = fs.readdirSync(outbox).find((f) => f.includes(email))!;
      return fs.readFileSync(path.join(outbox, file), "utf8");
    };
    const hindi = await send("/hi/contact", `meera-hi-${unique}-${target.name}@example.in`);
    expect(hindi).toContain("नमस्ते Meera,\n\nहाँ, A2 है।\n\n{shop} की टीम".replace("{shop}", store.name));
    expect(hindi).not.toContain("Hello");
    const english = await send("/contact", `meera-en-${unique}-${target.name}@example.in`);
    expect(english).toContain(`Hello Meera,\n\nहाँ, A2 है।\n\nThe ${store.name} team`);
  });
});
