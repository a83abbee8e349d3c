// Every staff URL, every method (issue 24, decision 035): to a signed-out visitor and to a
// shopper, each is the shop's own 404 page, answered by the /staff branch's one guard before any
// body is read (a malformed post is a 404 too, never a 400 or a sign-in redirect).
// The URLs are read from app/routes.ts, so a staff route added later is walked too.
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import routes from "../../app/routes.ts";
import { confirmEmailCookie, freePort, hasBuild, killServers, runServer, signUpCookie, tmpDir, waitHealthy } from "./spawn-server.ts";

interface RouteEntry {
  path?: string;
  index?: boolean;
  children?: RouteEntry[];
}

/** Every URL under /staff in the route table, `:id` as an order id. */
function staffUrls(): string[] {
  const urls: string[] = [];
  const walk = (entries: readonly RouteEntry[], prefix: string) => {
    for (const e of entries) {
      const here = e.index ? prefix : e.path ? `${prefix}/${e.path}` : prefix;
      if (here.startsWith("/staff")) urls.push(here.replace(/:id/g, "1"));
      if (e.children) walk(e.children, here);
    }
  };
  walk(routes as RouteEntry[], "");
  return [...new Set(urls)];
}

// The shop's 404 page (app/components/NotFound.tsx), as its HTML spells it.
const NOT_FOUND = "<title>Page not found | Haat</title>";
const STAFF = "walk-staff@example.in";

describe.skipIf(!hasBuild())("every /staff URL and method", () => {
  let origin = "";
  let shopper = "";
  let staff = "";

  beforeAll(async () => {
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    const dir = path.join(tmpDir(), "data");
    fs.mkdirSync(dir, { recursive: true });
    runServer({ DATA_DIR: dir, PORT: String(port), LOG_LEVEL: "warn", STAFF_EMAILS: STAFF });
    await waitHealthy(port, 170_000);
    shopper = await signUpCookie(origin, "walk-shopper@example.in");
    staff = await signUpCookie(origin, STAFF);
    // A listed address is staff once its mailbox is proved (decision 047).
    await confirmEmailCookie(origin, staff, dir, STAFF);
  }, 180_000);
  afterAll(() => killServers());

  it("finds the staff pages in the route table", () => {
    const urls = staffUrls();
    expect(urls).toEqual(expect.arrayContaining(["/staff", "/staff/orders", "/staff/orders/1", "/staff/orders/1/slip", "/staff/coupons", "/staff/catalogue", "/staff/newsletter.csv"]));
    expect(urls.length).toBeGreaterThanOrEqual(11);
  });

  it("is the shop's 404 page to a visitor and to a shopper, for GET and POST, document and data, whatever the body", async () => {
    const bodies: { type: string; body: BodyInit }[] = [
      { type: "application/x-www-form-urlencoded", body: "intent=create&code=SNEAKY&kind=flat&value=500" },
      { type: "application/x-www-form-urlencoded", body: "intent=advance&order=1" },
      { type: "application/x-www-form-urlencoded", body: "%%%not-a-form" },
      { type: "text/plain", body: "not a form at all" },
    ];
    const seen: string[] = [];
    for (const url of staffUrls()) {
      for (const cookie of [null, shopper]) {
        const who = cookie ? "shopper" : "visitor";
        const page = await fetch(`${origin}${url}`, { redirect: "manual", headers: cookie ? { cookie } : {} });
        const html = await page.text();
        expect([url, who, "GET", page.status]).toEqual([url, who, "GET", 404]);
        expect(html, `${url} GET as ${who}`).toContain(NOT_FOUND);
        for (const { type, body } of bodies) {
          for (const suffix of ["", ".data"]) {
            const post = await fetch(`${origin}${url}${suffix}`, { method: "POST", redirect: "manual", headers: { origin, "content-type": type, ...(cookie ? { cookie } : {}) }, body });
            const text = await post.text();
            expect([url + suffix, who, "POST", post.status]).toEqual([url + suffix, who, "POST", 404]);
            if (!suffix) expect(text, `${url} POST as ${who}`).toContain(NOT_FOUND);
            seen.push(`${url}${suffix}`);
          }
        }
      }
    }
    expect(seen.length).toBeGreaterThan(100);
  });

  // Issue 41 item 7: a /staff URL no page has, and any /staff URL in Hindi, are the guard's too.
  it("answers a /staff URL no page has, and a Hindi /staff address, as it answers the rest: 404 to all but staff, every method", async () => {
    const methods = ["GET", "POST", "PUT", "DELETE", "PATCH"];
    for (const url of ["/staff/nope", "/staff/coupons/nope/deeper", "/hi/staff", "/hi/staff/x", "/hi/staff/orders", "/hi/staff/coupons"]) {
      for (const cookie of [null, shopper]) {
        for (const method of methods) {
          const answer = await fetch(`${origin}${url}`, {
            method,
            redirect: "manual",
            headers: { origin, ...(method === "GET" ? {} : { "content-type": "application/x-www-form-urlencoded" }), ...(cookie ? { cookie } : {}) },
            ...(method === "GET" ? {} : { body: "intent=create" }),
          });
          expect([url, cookie ? "shopper" : "visitor", method, answer.status]).toEqual([url, cookie ? "shopper" : "visitor", method, 404]);
        }
      }
    }
    // To staff: a page no one has is a 404 whatever the method; a Hindi address is its English one.
    for (const method of methods) {
      const answer = await fetch(`${origin}/staff/nope`, {
        method,
        redirect: "manual",
        headers: { origin, cookie: staff, ...(method === "GET" ? {} : { "content-type": "application/x-www-form-urlencoded" }) },
        ...(method === "GET" ? {} : { body: "intent=create" }),
      });
      expect([method, answer.status]).toEqual([method, 404]);
    }
    const hindi = await fetch(`${origin}/hi/staff/orders?day=today`, { redirect: "manual", headers: { cookie: staff } });
    expect([hindi.status, hindi.headers.get("location")]).toEqual([303, "/staff/orders?day=today"]);
  });

  it("lets staff in (the walk above could fail)", async () => {
    const page = await fetch(`${origin}/staff/orders`, { headers: { cookie: staff } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Haat staff");
    const csv = await fetch(`${origin}/staff/newsletter.csv`, { headers: { cookie: staff } });
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toContain("text/csv");
  });
});
