// The ERP's bearer for each customer (issue 17, decision 043): kept sealed, renewed with the
// refresh token before it expires or when the ERP refuses it, and a customer the ERP no
// longer knows is signed out of Haat.
import { beforeAll, describe, expect, it } from "vitest";
import { createErpCredentials } from "../../app/server/shop/erp/credentials.server.ts";
import { ErpUnauthorized, type ErpClient } from "../../app/server/shop/erp/client.server.ts";
import { ShopError, type Customer } from "../../app/server/shop/port.server.ts";
import { targets } from "./databases.ts";
import { shopOn } from "./fixtures.ts";

/** An ERP whose refresh call answers from a list. */
function fakeErp(refreshes: ({ access_token: string; refresh_token: string; expires_in: number } | Error)[]) {
  const calls: { path: string; params: Record<string, unknown> }[] = [];
  const erp: ErpClient = {
    baseUrl: "https://erp.example",
    open: false,
    async call<T>(path: string, params: Record<string, unknown> = {}) {
      calls.push({ path, params });
      const next = refreshes.shift();
      if (!next || next instanceof Error) throw next ?? new ErpUnauthorized("no");
      return next as T;
    },
  };
  return { erp, calls };
}

describe.each(targets)("the ERP's tokens on $name", (target) => {
  const on = shopOn(target);
  let asha: Customer;
  let clock = Date.now();

  beforeAll(async () => {
    asha = await on.shop.accounts.register({ name: "Asha", email: "asha-erp@example.in", phone: "9876500000", password: "asha-password" });
  });

  it("keeps them sealed, and renews one about to expire before using it", async () => {
    const { erp, calls } = fakeErp([{ access_token: "access-2", refresh_token: "refresh-2", expires_in: 900 }]);
    const credentials = createErpCredentials(on.database.db, erp, "a-secret-of-at-least-32-characters!!", () => clock);
    await credentials.save(asha.id, { access_token: "access-1", refresh_token: "refresh-1", expires_in: 900 });
    const stored = JSON.stringify(await on.database.db.execute(`select access_token, refresh_token from erp_customers`));
    expect(stored).not.toContain("access-1");
    expect(stored).not.toContain("refresh-1");
    expect(await credentials.withBearer(asha.id, async (token) => token)).toBe("access-1");
    expect(calls).toEqual([]);
    clock += 900_000;
    expect(await credentials.withBearer(asha.id, async (token) => token)).toBe("access-2");
    expect(calls).toEqual([{ path: "/api/auth/refresh", params: { refresh_token: "refresh-1" } }]);
  });

  it("renews once for calls made at the same time: the refresh token is sent once", async () => {
    const { erp, calls } = fakeErp([{ access_token: "access-p", refresh_token: "refresh-p", expires_in: 900 }, new ErpUnauthorized("replayed")]);
    const credentials = createErpCredentials(on.database.db, erp, "a-secret-of-at-least-32-characters!!", () => clock);
    await credentials.save(asha.id, { access_token: "old", refresh_token: "refresh-o", expires_in: 1 });
    clock += 5_000;
    const tokens = await Promise.all([1, 2, 3].map(() => credentials.withBearer(asha.id, async (token) => token)));
    expect(tokens).toEqual(["access-p", "access-p", "access-p"]);
    expect(calls.filter((c) => c.path === "/api/auth/refresh")).toHaveLength(1);
    // Another instance's credentials see the row renewed and send nothing.
    const other = createErpCredentials(on.database.db, erp, "a-secret-of-at-least-32-characters!!", () => clock);
    expect(await other.withBearer(asha.id, async (token) => token)).toBe("access-p");
    expect(calls.filter((c) => c.path === "/api/auth/refresh")).toHaveLength(1);
  });

  it("renews once when the ERP refuses the token, and signs the customer out when renewing fails", async () => {
    const { erp } = fakeErp([{ access_token: "access-3", refresh_token: "refresh-3", expires_in: 900 }, new ErpUnauthorized("spent")]);
    const credentials = createErpCredentials(on.database.db, erp, "a-secret-of-at-least-32-characters!!", () => clock);
    await credentials.save(asha.id, { access_token: "revoked", refresh_token: "refresh-x", expires_in: 900 });
    const used: string[] = [];
    const answer = await credentials.withBearer(asha.id, async (token) => {
      used.push(token);
      if (token === "revoked") throw new ErpUnauthorized("revoked");
      return "ok";
    });
    expect([answer, used]).toEqual(["ok", ["revoked", "access-3"]]);

    const session = await on.shop.accounts.startSession(asha.id);
    const error = await credentials
      .withBearer(asha.id, async () => {
        throw new ErpUnauthorized("revoked again");
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ShopError);
    expect((error as ShopError).message).toBe("Please sign in to continue.");
    expect(await on.shop.accounts.resumeSession(session.token)).toBeNull();
  });

  it("remembers the payment choice and the chosen address", async () => {
    const credentials = createErpCredentials(on.database.db, fakeErp([]).erp, "a-secret-of-at-least-32-characters!!", () => clock);
    await credentials.setPaymentChoice(asha.id, "cod");
    expect(await credentials.paymentChoice(asha.id)).toBe("cod");
    await credentials.setChosenAddress(asha.id, 42, new Date(clock));
    expect(await credentials.chosenAddress(asha.id)).toEqual({ id: 42, at: new Date(clock) });
  });
});
