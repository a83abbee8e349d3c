// SHOP_BACKEND=erp on the production server (issue 17, decision 043): a Haat server whose
// ERP is another Haat server's /api. Pages sign up, fill and show a cart that lives in the
// ERP; when the ERP goes down the catalogue is still served from its copy, personal pages say
// 'Something went wrong' (never a stack trace), and they come back with the ERP.
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Browser, Recorder } from "../../bench/lib/shoppers.ts";
import { confirmEmailCookie, freePort, hasBuild, killServers, runServer, tmpDir, waitHealthy } from "./spawn-server.ts";

const STAFF = "erp-staff@example.in";
let erpPort: number;
let shopPort: number;
let erpDir: string;
let shopDir: string;
let erp: ReturnType<typeof runServer>;

beforeAll(async () => {
  expect(hasBuild(), "npm test builds before it runs the suite").toBe(true);
  [erpPort, shopPort] = [await freePort(), await freePort()];
  erpDir = path.join(tmpDir(), "erp");
  erp = runServer({ DATA_DIR: erpDir, PORT: String(erpPort) });
  await waitHealthy(erpPort);
  shopDir = path.join(tmpDir(), "shop");
  runServer({ DATA_DIR: shopDir, PORT: String(shopPort), SHOP_BACKEND: "erp", ERP_URL: `http://127.0.0.1:${erpPort}`, ERP_TIMEOUT_MS: "2000", STAFF_EMAILS: STAFF });
  await waitHealthy(shopPort);
}, 120_000);
afterAll(killServers);

const api = async (port: number, pathname: string, params: Record<string, unknown>, token?: string) => {
  const res = await fetch(`http://127.0.0.1:${port}${pathname}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...(token && { Authorization: `Bearer ${token}` }) },
    body: JSON.stringify({ params }),
  });
  return { status: res.status, body: await res.json() };
};

describe("Haat on top of an ERP", () => {
  it("keeps the shopper's account and cart in the ERP, and says 'Something went wrong' while it is down", async () => {
    const shop = new Browser(`http://127.0.0.1:${shopPort}`, new Recorder());
    const email = `erp-shopper-${Date.now()}@example.in`;
    const signedUp = await shop.request("sign-up", "/signup", { name: "Meera Iyer", email, phone: "9876543210", password: "meera-password", return_to: "/" });
    expect(signedUp?.status).toBe(303);

    // The listing comes from the copied catalogue; the add goes to the ERP's cart.
    const listing = await shop.request("listing", "/products?search=almonds");
    expect(listing?.html).toContain("Haat Select California Almonds");
    const added = await shop.request("cart add", "/cart", { intent: "add", internal_reference: "GP-DRY-ALM-250G", quantity: "2" });
    expect(added?.status).toBe(303);
    const cart = await shop.request("cart view", "/addtocart");
    expect(cart?.html).toContain("Haat Select California Almonds");

    // The ERP holds it: the same account, asked directly.
    const token = (await api(erpPort, "/api/auth/token", { email, password: "meera-password" })).body.result.access_token;
    const held = await api(erpPort, "/api/cart/get", {}, token);
    expect(held.body.result.cart.map((l: { internal_reference: string; quantity: number }) => [l.internal_reference, l.quantity])).toEqual([["GP-DRY-ALM-250G", 2]]);
    // A wrong password is the ERP's refusal, in the sign-in page's words.
    const wrong = await new Browser(`http://127.0.0.1:${shopPort}`, new Recorder()).request("sign-up", "/signin", { email, password: "not-her-password" });
    expect(wrong?.html).toContain("That e-mail and password do not match an account.");

    // The shop's own API on top of the ERP: an order placed through it, and its invoice link opened without a cookie.
    const appToken = (await api(shopPort, "/api/auth/token", { email, password: "meera-password" })).body.result.access_token;
    const cartId = (await api(shopPort, "/api/cart/get", {}, appToken)).body.result.cart_id;
    const addressId = (
      await api(shopPort, "/api/customer/addresses/new", { name: "Meera Iyer", phone: "9876543210", email, street: "3 DLF Phase 2", zip: "122002", state_id: 10 }, appToken)
    ).body.result.address_id;
    const placed = await api(shopPort, "/api/order/create", { cart_id: cartId, address_id: addressId, payment_method: "cod" }, appToken);
    expect(placed.body.result).toMatchObject({ success: true, order_id: cartId });
    const link = new URL((await api(shopPort, `/api/order/invoice/${cartId}`, {}, appToken)).body.result.invoice_url);
    const pdf = await fetch(`http://127.0.0.1:${shopPort}${link.pathname}${link.search}`, { redirect: "manual" });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");

    // A name changed in the ERP is the one Haat shows after the next sign-in.
    expect((await api(erpPort, "/api/customer/profile/update", { name: "Meera Krishnan", mobile: "9876543210" }, token)).status).toBe(200);
    const again = new Browser(`http://127.0.0.1:${shopPort}`, new Recorder());
    expect((await again.request("sign-up", "/signin", { email, password: "meera-password", return_to: "/myaccount" }))?.status).toBe(303);
    expect((await again.request("home", "/myaccount"))?.html).toContain("Meera Krishnan");

    erp.child.kill("SIGKILL");
    await erp.exited;
    const browsing = await shop.request("listing", "/products?search=almonds");
    expect(browsing?.status).toBe(200);
    expect(browsing?.html).toContain("Haat Select California Almonds");
    const down = await shop.request("cart view", "/orders");
    expect(down?.status).toBeGreaterThanOrEqual(500);
    expect(down?.html).toContain("Something went wrong");
    expect(down?.html).not.toMatch(/\bat .*\.(ts|js):\d+/);

    // Back up on its own data: the shop follows once its breaker lets calls through again.
    erp = runServer({ DATA_DIR: erpDir, PORT: String(erpPort) });
    await waitHealthy(erpPort);
    let back = await shop.request("cart view", "/orders");
    for (let i = 0; i < 40 && back?.status !== 200; i++) {
      await new Promise((r) => setTimeout(r, 500));
      back = await shop.request("cart view", "/orders");
    }
    expect(back?.status).toBe(200);
    // The order's number, as the ERP (a Haat) numbered it, and its link by the order's id (decision 065).
    const number = (await api(erpPort, "/api/orders/all", {}, token)).body.result.orders[0].order_number;
    expect(back?.html).toContain(`#${number}`);
    expect(back?.html).toContain(`href="/orders/${cartId}"`);
  }, 120_000);

  it("lets STAFF_EMAILS in, and offers staff and shoppers no form the ERP would refuse", async () => {
    const staff = new Browser(`http://127.0.0.1:${shopPort}`, new Recorder());
    expect((await staff.request("sign-up", "/signup", { name: "Ravi Staff", email: STAFF, phone: "9876543210", password: "ravi-password-1", return_to: "/" }))?.status).toBe(303);
    expect((await staff.request("order page", "/staff/catalogue"))?.status).toBe(404);
    // Staff once the mailbox is proved theirs (decision 047).
    await confirmEmailCookie(`http://127.0.0.1:${shopPort}`, staff.cookieHeader(), shopDir, STAFF);
    const catalogue = await staff.request("order page", "/staff/catalogue");
    expect(catalogue?.status).toBe(200);
    expect(catalogue?.html).toContain("prices, stock, categories and photos are changed there");
    expect(catalogue?.html).not.toContain("Import a catalogue file");
    const coupons = await staff.request("order page", "/staff/coupons");
    expect(coupons?.html).toContain("staff create and change them there");
    expect((await staff.request("order page", "/staff/orders"))?.html).toContain("The ERP is the system of record for orders");

    // A shopper's order: cancel is offered, a slot change (which the ERP would refuse) is not.
    await staff.request("cart add", "/cart", { intent: "add", internal_reference: "GP-DRY-ALM-250G", quantity: "1" });
    const appToken = (await api(shopPort, "/api/auth/token", { email: STAFF, password: "ravi-password-1" })).body.result.access_token;
    const address = await api(
      shopPort,
      "/api/customer/addresses/new",
      { name: "Ravi", phone: "9876543210", email: STAFF, street: "12 MG Road", city: "Gurugram", zip: "122001", state_id: 10, country_id: 105 },
      appToken,
    );
    const cartId = (await api(shopPort, "/api/cart/get", {}, appToken)).body.result.cart_id;
    const placed = await api(shopPort, "/api/order/create", { cart_id: cartId, address_id: address.body.result.address_id, payment_method: "cod" }, appToken);
    expect(placed.status).toBe(200);
    const page = await staff.request("order page", `/orders/${placed.body.result.order_id}`);
    expect(page?.status).toBe(200);
    expect(page?.html).toContain("Cancel order");
    expect(page?.html).not.toContain("Change slot");
  }, 60_000);
});
