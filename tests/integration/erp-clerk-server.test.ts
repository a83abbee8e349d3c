// The production server in ERP + Clerk mode (issue 24): server.ts builds the ERP adapter's
// options from the environment (shopOptionsFromEnv), Clerk's keys included. A shopper signed in
// with Clerk (an app's bearer is their Clerk session token) reads their cart and places an
// order, and the ERP (a Haat server in Clerk mode, verifying with CLERK_JWT_KEY) holds them.
// Clerk's Backend API is the stand-in; no network beyond this machine.
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startClerkStandin, type ClerkStandin } from "../standins/clerk.ts";
import { rpc } from "./fixtures.ts";
import { freePort, hasBuild, killServers, runServer, tmpDir, waitHealthy } from "./spawn-server.ts";

const PUBLISHABLE = "pk_test_aGFhdC5jbGVyay5hY2NvdW50cy5kZXYk";
let clerk: ClerkStandin;
let erp = "";
let shop = "";

/** A session token of a Clerk session, as Clerk's SDK in an app gets one. */
async function sessionToken(sessionId: string): Promise<string> {
  const res = await fetch(`${clerk.origin}/v1/sessions/${sessionId}/tokens`, { method: "POST", headers: { Authorization: `Bearer ${clerk.secretKey}` } });
  return ((await res.json()) as { jwt: string }).jwt;
}

beforeAll(async () => {
  expect(hasBuild(), "npm test builds before it runs the suite").toBe(true);
  clerk = await startClerkStandin();
  const clerkEnv = { AUTH_PROVIDER: "clerk", CLERK_SECRET_KEY: clerk.secretKey, CLERK_PUBLISHABLE_KEY: PUBLISHABLE, CLERK_JWT_KEY: clerk.jwtKey, CLERK_API_URL: clerk.origin };
  const [erpPort, shopPort] = [await freePort(), await freePort()];
  erp = `http://127.0.0.1:${erpPort}`;
  shop = `http://127.0.0.1:${shopPort}`;
  runServer({ DATA_DIR: path.join(tmpDir(), "erp"), PORT: String(erpPort), ...clerkEnv });
  await waitHealthy(erpPort, 170_000);
  runServer({ DATA_DIR: path.join(tmpDir(), "shop"), PORT: String(shopPort), SHOP_BACKEND: "erp", ERP_URL: erp, ERP_TIMEOUT_MS: "5000", ...clerkEnv });
  await waitHealthy(shopPort, 170_000);
}, 360_000);
afterAll(async () => {
  killServers();
  await clerk?.close();
});

describe("the server with Clerk on top of an ERP", () => {
  it("signs a Clerk shopper in, keeps their cart in the ERP and places their order there", async () => {
    clerk.addUser({ id: "user_asha", email: "asha@example.in", firstName: "Asha", lastName: "Verma" });
    clerk.startSession("sess_asha", "user_asha");
    const token = await sessionToken("sess_asha");

    const added = await rpc(`${shop}/api/cart/add`, { internal_reference: "GP-DRY-ALM-250G", quantity: 2 }, token);
    expect(added.status).toBe(200);
    const cart = await rpc(`${shop}/api/cart/get`, {}, token);
    expect(cart.status).toBe(200);
    const lines = cart.body.result!.cart as { internal_reference: string; quantity: number }[];
    expect(lines.map((l) => [l.internal_reference, l.quantity])).toEqual([["GP-DRY-ALM-250G", 2]]);

    const address = await rpc(
      `${shop}/api/customer/addresses/new`,
      { name: "Asha Verma", phone: "9876543210", email: "asha@example.in", street: "12 MG Road", city: "Gurugram", zip: "122001", state_id: 10, country_id: 105 },
      token,
    );
    expect(address.status).toBe(200);
    const placed = await rpc(`${shop}/api/order/create`, { cart_id: cart.body.result!.cart_id, address_id: address.body.result!.address_id, payment_method: "cod" }, token);
    expect(placed.status).toBe(200);
    const orderId = placed.body.result!.order_id as number;

    // The ERP holds it, for the same Clerk user, asked directly with a Clerk token of their own.
    const held = await rpc(`${erp}/api/orders/all`, {}, await sessionToken("sess_asha"));
    expect((held.body.result!.orders as { id: number }[]).map((o) => o.id)).toContain(orderId);
    // And the shop reads it back from the ERP.
    const orders = await rpc(`${shop}/api/orders/all`, {}, token);
    expect((orders.body.result!.orders as { id: number }[]).map((o) => o.id)).toEqual([orderId]);
  });

  it("signs the shopper out when Clerk says their session is over", async () => {
    clerk.addUser({ id: "user_ravi", email: "ravi@example.in", firstName: "Ravi", lastName: "Kumar" });
    clerk.startSession("sess_ravi", "user_ravi");
    const token = await sessionToken("sess_ravi");
    clerk.endSession("sess_ravi");
    // The token still verifies (it lives a minute), but Clerk gives the ERP none for an ended session.
    const refused = await rpc(`${shop}/api/cart/get`, {}, token);
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain("Please sign in to continue.");
  });
});
