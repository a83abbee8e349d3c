// Signing up comes back to the page the shopper came from (issue 41), not to /post-auth's empty
// cart: the sign-up page reads where to return from its link's return_to, else from the page
// before it (the Referer, this shop's only; a sign-in page's own return_to), else home; the
// sign-in page's 'Create an account' link carries the same; and the form's post goes there.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { loader as signInLoader } from "../../app/routes/signin.tsx";
import { loader as signUpLoader } from "../../app/routes/signup.tsx";
import { accountForms } from "../../app/server/forms/account.server.ts";
import { targets } from "./databases.ts";
import { shopOn } from "./fixtures.ts";
import { routeContext } from "./fixtures.ts";

const ORIGIN = "http://haat.test";
let dataDir: string;

beforeAll(() => {
  // The sign-up form signs its cookies and keeps mail in DATA_DIR/outbox (no SMTP_URL).
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "haat-sign-up-return-"));
  process.env.DATA_DIR = dataDir;
  process.env.SESSION_SECRET ??= "a-test-secret-that-is-long-enough-0123456789";
  vi.spyOn(console, "log").mockImplementation(() => {});
});
afterAll(() => {
  vi.restoreAllMocks();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe.each(targets.slice(0, 1))("signing up comes back where the shopper was, on $name", (target) => {
  const on = shopOn(target);

  /** A loader's arguments for a GET of `pathname`, followed from `referer`. */
  function args(pathname: string, referer?: string) {
    const url = new URL(ORIGIN + pathname);
    const request = new Request(url, { headers: referer ? { Referer: referer } : {} });
    return { request, context: routeContext(on.shop, null), url, params: { "*": "" }, pattern: pathname } as unknown;
  }
  const signUpPage = async (pathname: string, referer?: string) => (await signUpLoader(args(pathname, referer) as Parameters<typeof signUpLoader>[0])).returnTo;
  const signInPage = (pathname: string, referer?: string) => signInLoader(args(pathname, referer) as Parameters<typeof signInLoader>[0]);

  it("the sign-up page returns to the page the shopper came from, else home, never the cart", async () => {
    expect(await signUpPage("/signup", `${ORIGIN}/products?category=grocers-pick&page=2`)).toBe("/products?category=grocers-pick&page=2");
    // A Hindi page is the same page: the router puts the prefix back.
    expect(await signUpPage("/hi/signup", `${ORIGIN}/hi/product/4`)).toBe("/product/4");
    // From the sign-in page: where that page was to come back to.
    expect(await signUpPage("/signup", `${ORIGIN}/signin?return_to=%2Fwishlist`)).toBe("/wishlist");
    expect(await signUpPage("/signup", `${ORIGIN}/signin?return_to=%2Fpost-auth`)).toBe("/post-auth");
    // No page before it, a sign-in page with none, another site, or a path another site hides in: home.
    for (const referer of [undefined, `${ORIGIN}/signin`, `${ORIGIN}/signup`, "https://evil.example/products", `${ORIGIN}/signin?return_to=%2F%2Fevil.example`, "not a url"]) {
      expect(await signUpPage("/signup", referer)).toBe("/");
    }
    // The link's return_to wins, as before.
    expect(await signUpPage("/signup?return_to=%2Fpost-auth", `${ORIGIN}/products`)).toBe("/post-auth");
  });

  it("the sign-in page's 'Create an account' carries the same", async () => {
    expect((await signInPage("/signin", `${ORIGIN}/about-us`)).signUpTo).toBe("/about-us");
    expect((await signInPage("/signin?return_to=%2Fproducts", `${ORIGIN}/about-us`)).signUpTo).toBe("/products");
    expect((await signInPage("/signin")).signUpTo).toBe("/");
    // Its own form keeps the specification's default (browsing: sign-in's return_to defaults to /post-auth).
    expect((await signInPage("/signin")).returnTo).toBe("/post-auth");
  });

  it("the sign-up post goes to its return_to, and without one home, not to the cart", async () => {
    let n = 0;
    const signUp = async (extra: Record<string, string>) => {
      const url = new URL(`${ORIGIN}/signup`);
      const fields = { name: "Naya Shopper", email: `return-${n++}-${Date.now()}@example.in`, phone: "9876500000", password: "a-long-password", ...extra };
      const answer = (await accountForms.signUp.run({
        request: new Request(url, { method: "POST", body: new URLSearchParams(fields) }),
        context: routeContext(on.shop, null),
        url,
      })) as Response;
      return [answer.status, answer.headers.get("Location")];
    };
    expect(await signUp({ return_to: "/products?search=atta" })).toEqual([303, "/products?search=atta"]);
    expect(await signUp({})).toEqual([303, "/"]);
  });
});
