// After sign-in (Specification: After sign-in): /post-auth does the item the shopper tapped while signed out,
// and clears it only when it was done, or when there is none; refused, the shopper is told why
// and the item is kept (it expires after 30 minutes).
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { loader } from "../../app/routes/post-auth.ts";
import { cookies, PENDING_COOKIE, TOAST_COOKIE } from "../../app/server/auth/cookies.server.ts";
import { variants } from "../../app/server/db/schema.server.ts";
import { savePendingItem } from "../../app/server/pending-item.server.ts";
import type { Customer } from "../../app/server/shop/port.server.ts";
import { targets } from "./databases.ts";
import { routeContext, shopOn } from "./fixtures.ts";

const ORIGIN = "http://localhost:3000";
const REF = "GP-PUL-MSR-1KG";

describe.each(targets)("after sign-in on $name", (target) => {
  const on = shopOn(target, { catalog: true });
  let customer: Customer;

  /** /post-auth as the browser asks for it, with the pending cookie `pending` (Set-Cookie as made). */
  async function postAuth(pending: string | null) {
    const context = routeContext(on.shop, customer);
    const url = new URL(`${ORIGIN}/post-auth`);
    const request = new Request(url, { headers: pending ? { cookie: pending.split(";")[0]! } : {} });
    const answer = (await loader({ request, context, url, params: {}, pattern: "/post-auth" } as Parameters<typeof loader>[0])) as Response;
    const setCookies = answer.headers.getSetCookie();
    const flash = setCookies.find((c) => c.startsWith(`${TOAST_COOKIE}=`));
    const toast = flash ? (await cookies().toast.getToast(new Request(ORIGIN, { headers: { cookie: flash.split(";")[0]! } }))).toast : null;
    return { location: answer.headers.get("Location"), cleared: setCookies.some((c) => c.startsWith(`${PENDING_COOKIE}=;`)), toast };
  }
  const stock = (n: number, inStock = true) => on.database.db.update(variants).set({ inventoryStock: n, inStock }).where(eq(variants.internalReference, REF));

  beforeAll(async () => {
    customer = await on.shop.accounts.register({ name: "Pending Shopper", email: "pending@example.in", phone: "9876543210", password: "password-1" });
  });

  it("adds the pending item, clears it and ends on the cart", async () => {
    await stock(50);
    const answer = await postAuth(await savePendingItem({ product_id: 1, internal_reference: REF, qty: 2 }));
    expect(answer).toMatchObject({ location: "/addtocart", cleared: true });
    expect((await on.shop.cart.get(customer)).lines.find((l) => l.internalReference === REF)?.quantity).toBe(2);
  });

  it("clears nothing that is not there, and ends on the cart", async () => {
    expect(await postAuth(null)).toMatchObject({ location: "/addtocart", cleared: true });
  });

  it("keeps the item when the shop refuses it, and says why", async () => {
    await on.shop.cart.clear(customer);
    await stock(0, false);
    const answer = await postAuth(await savePendingItem({ product_id: 1, internal_reference: REF, qty: 1 }));
    expect(answer.location).toBe("/addtocart");
    expect(answer.cleared).toBe(false);
    expect(answer.toast).toEqual({ type: "error", message: "This product is currently out of stock." });
    expect((await on.shop.cart.get(customer)).lines).toEqual([]);
    // Back in stock, the next sign-in does it.
    await stock(50);
    expect(await postAuth(await savePendingItem({ product_id: 1, internal_reference: REF, qty: 1 }))).toMatchObject({ cleared: true });
  });
});
