// SHOP_BACKEND=erp with AUTH_PROVIDER=clerk (issue 17, decision 043): the ERP (here a Haat
// server in Clerk mode) is sent the customer's Clerk session tokens, minted by Clerk's Backend
// API (a stand-in), and verifies them with CLERK_JWT_KEY. When Clerk says the session is over,
// the customer is signed out of Haat.
import { randomBytes } from "node:crypto";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "../../app/server/db/client.server.ts";
import { createErpShop } from "../../app/server/shop/erp/open.server.ts";
import { clerkTokenMint } from "../../app/server/auth/clerk.server.ts";
import type { Shop } from "../../app/server/shop/port.server.ts";
import { startClerkStandin, type ClerkStandin } from "../standins/clerk.ts";
import { home } from "./fixtures.ts";
import { freePort, hasBuild, killServers, runServer, tmpDir, waitHealthy } from "./spawn-server.ts";

let clerk: ClerkStandin;
let erpUrl: string;
const opened: { database: Database; shop: Shop }[] = [];

async function erpShop(): Promise<Shop> {
  const database = await openDatabase({ kind: "pglite-memory" });
  const shop = createErpShop(database, {
    url: erpUrl,
    timeoutMs: 5000,
    syncMs: 60_000,
    secret: randomBytes(32).toString("hex"),
    refreshMs: 0,
    clerkTokens: clerkTokenMint({ secretKey: clerk.secretKey, apiUrl: clerk.origin }),
  });
  await shop.warm();
  opened.push({ database, shop });
  return shop;
}

beforeAll(async () => {
  expect(hasBuild(), "npm test builds before it runs the suite").toBe(true);
  clerk = await startClerkStandin();
  const port = await freePort();
  erpUrl = `http://127.0.0.1:${port}`;
  runServer({
    DATA_DIR: path.join(tmpDir(), "erp"),
    PORT: String(port),
    AUTH_PROVIDER: "clerk",
    CLERK_SECRET_KEY: clerk.secretKey,
    CLERK_PUBLISHABLE_KEY: "pk_test_aGFhdC5jbGVyay5hY2NvdW50cy5kZXYk",
    CLERK_JWT_KEY: clerk.jwtKey,
    CLERK_API_URL: clerk.origin,
  });
  await waitHealthy(port);
}, 120_000);
afterAll(async () => {
  for (const o of opened) await o.shop.close();
  killServers();
  await clerk?.close();
});

describe("Haat with Clerk on top of an ERP", () => {
  it("sends the ERP the customer's Clerk session tokens, minting one a minute at most", async () => {
    clerk.addUser({ id: "user_meera", email: "meera@example.in", firstName: "Meera", lastName: "Iyer" });
    clerk.startSession("sess_meera", "user_meera");
    const shop = await erpShop();
    const meera = await shop.accounts.linkClerkUser({ clerkUserId: "user_meera", email: "meera@example.in", name: "Meera Iyer", sessionId: "sess_meera" });

    expect((await shop.cart.add(meera, { internalReference: "GP-DRY-ALM-250G", quantity: 2 })).quantity).toBe(2);
    const cart = await shop.cart.get(meera);
    expect(cart.lines.map((l) => [l.internalReference, l.quantity])).toEqual([["GP-DRY-ALM-250G", 2]]);
    const address = await shop.addresses.create(meera, home);
    const slot = (await shop.delivery.slots()).find((s) => s.available)!;
    const placed = await shop.orders.place(meera, { cartId: cart.id!, addressId: address.id, paymentMethod: "cod", slot: { date: slot.date, kind: slot.kind } });
    expect((await shop.orders.list(meera)).map((o) => o.id)).toEqual([placed.orderId]);
    // Several calls, one token: it lives a minute.
    expect(clerk.minted).toBe(1);
  });

  it("signs the customer out when Clerk says the session is over", async () => {
    clerk.addUser({ id: "user_ravi", email: "ravi@example.in", firstName: "Ravi", lastName: "Kumar" });
    clerk.startSession("sess_ravi", "user_ravi");
    const shop = await erpShop();
    const ravi = await shop.accounts.linkClerkUser({ clerkUserId: "user_ravi", email: "ravi@example.in", name: "Ravi Kumar", sessionId: "sess_ravi" });
    const session = await shop.accounts.startSession(ravi.id);
    clerk.endSession("sess_ravi");
    const error = await shop.cart.get(ravi).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: "invalid", message: "Please sign in to continue." });
    expect(await shop.accounts.resumeSession(session.token)).toBeNull();
  });
});
