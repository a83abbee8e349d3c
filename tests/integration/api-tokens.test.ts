// The JSON API's bearer tokens (issue 17) on the embedded database and PostgreSQL: lifetimes,
// rotation, a replayed refresh token, revocation, and a password reset ending them all.
import { beforeAll, describe, expect, it } from "vitest";
import { API_ACCESS_LIFETIME_MS, API_REFRESH_LIFETIME_MS } from "../../app/domain/account.ts";
import type { Customer } from "../../app/server/shop/port.server.ts";
import { createApiTokens } from "../../app/server/shop/tokens.server.ts";
import { targets } from "./databases.ts";
import { shopOn } from "./fixtures.ts";

describe.each(targets)("API tokens on $name", (target) => {
  const on = shopOn(target);
  let asha: Customer;
  let ravi: Customer;
  let clock = Date.now();
  let tokens: ReturnType<typeof createApiTokens>;

  beforeAll(async () => {
    tokens = createApiTokens(on.database.db, () => clock);
    asha = await on.shop.accounts.register({ name: "Asha", email: "asha-tokens@example.in", phone: "9876500000", password: "asha-password" });
    ravi = await on.shop.accounts.register({ name: "Ravi", email: "ravi-tokens@example.in", phone: "9876500001", password: "ravi-password" });
  });

  it("keeps only digests, and an access token names its own customer until it expires", async () => {
    const a = await tokens.issue(asha.id);
    const r = await tokens.issue(ravi.id);
    expect(a.expiresIn).toBe(API_ACCESS_LIFETIME_MS / 1000);
    expect((await tokens.resume(a.accessToken))?.id).toBe(asha.id);
    expect((await tokens.resume(r.accessToken))?.id).toBe(ravi.id);
    // A refresh token is not an access token.
    expect(await tokens.resume(a.refreshToken)).toBeNull();
    const stored: unknown = await on.database.db.execute(`select access_digest, refresh_digest from api_tokens`);
    expect(JSON.stringify(stored)).toContain("access_digest");
    expect(JSON.stringify(stored)).not.toContain(a.accessToken);
    expect(JSON.stringify(stored)).not.toContain(a.refreshToken);
    clock += API_ACCESS_LIFETIME_MS + 1;
    expect(await tokens.resume(a.accessToken)).toBeNull();
    // The refresh token outlives it, and renews the pair.
    const renewed = await tokens.refresh(a.refreshToken);
    expect((await tokens.resume(renewed!.accessToken))?.id).toBe(asha.id);
  });

  it("spends a refresh token once; replayed, it ends its whole family", async () => {
    const first = await tokens.issue(asha.id);
    const second = await tokens.refresh(first.refreshToken);
    expect(second).not.toBeNull();
    const third = await tokens.refresh(second!.refreshToken);
    expect(await tokens.refresh(first.refreshToken)).toBeNull();
    expect(await tokens.resume(third!.accessToken)).toBeNull();
    expect(await tokens.refresh(third!.refreshToken)).toBeNull();
  });

  it("two refreshes of one token at once give one pair", async () => {
    const pair = await tokens.issue(ravi.id);
    const results = await Promise.all([tokens.refresh(pair.refreshToken), tokens.refresh(pair.refreshToken)]);
    expect(results.filter(Boolean).length).toBeLessThanOrEqual(1);
  });

  it("a refresh token expires, and revoking either token of a pair ends it", async () => {
    const pair = await tokens.issue(ravi.id);
    clock += API_REFRESH_LIFETIME_MS + 1;
    expect(await tokens.refresh(pair.refreshToken)).toBeNull();
    const live = await tokens.issue(ravi.id);
    expect(await tokens.revoke(live.refreshToken)).toBe(true);
    expect(await tokens.resume(live.accessToken)).toBeNull();
    expect(await tokens.revoke("unknown")).toBe(false);
  });

  it("a password reset ends every token of the account", async () => {
    const pair = await on.shop.tokens.issue(asha.id);
    const reset = await on.shop.accounts.requestPasswordReset(asha.email!);
    expect(await on.shop.accounts.resetPassword(asha.email!, reset!.code, "a-new-password")).toBe("changed");
    expect(await on.shop.tokens.resume(pair.accessToken)).toBeNull();
    expect(await on.shop.tokens.refresh(pair.refreshToken)).toBeNull();
  });
});
