// Accounts, sessions, password resets and rate limits of the embedded Shop.
import { describe, expect, it } from "vitest";
import { createAccounts } from "../../app/server/shop/accounts.server.ts";
import { createLimits } from "../../app/server/shop/limits.server.ts";
import { ShopError } from "../../app/server/shop/port.server.ts";
import { targets } from "./databases.ts";
import { shopOn } from "./fixtures.ts";

describe.each(targets)("accounts on $name", (target) => {
  const on = shopOn(target);

  it("registers once per e-mail, whatever its case", async () => {
    const c = await on.shop.accounts.register({ name: " Meera ", email: "Meera@Example.in", phone: "9876500000", password: "meera-password" });
    expect(c).toMatchObject({ name: "Meera", email: "meera@example.in" });
    const error = await on.shop.accounts.register({ name: "M", email: "MEERA@example.in", phone: "9876500000", password: "another-one" }).catch((e) => e);
    expect(error).toBeInstanceOf(ShopError);
    expect(error.message).toBe("An account with this e-mail already exists. Sign in instead.");
  });

  it("authenticates the right password only", async () => {
    expect(await on.shop.accounts.authenticate(" meera@EXAMPLE.in", "meera-password")).toMatchObject({ email: "meera@example.in" });
    expect(await on.shop.accounts.authenticate("meera@example.in", "wrong")).toBeNull();
    expect(await on.shop.accounts.authenticate("nobody@example.in", "meera-password")).toBeNull();
  });

  it("keeps sessions in the on.database, hashed, until they end or expire", async () => {
    const c = (await on.shop.accounts.authenticate("meera@example.in", "meera-password"))!;
    const { token } = await on.shop.accounts.startSession(c.id);
    const stored = await on.database.db.execute(`select id from sessions`);
    expect(JSON.stringify(stored)).not.toContain(token);
    expect((await on.shop.accounts.resumeSession(token))?.customer.id).toBe(c.id);
    expect(await on.shop.accounts.resumeSession(`${token}x`)).toBeNull();
    await on.shop.accounts.endSession(token);
    expect(await on.shop.accounts.resumeSession(token)).toBeNull();
  });

  it("rolls a session forward after a day, and lets it lapse after 30 idle days", async () => {
    let now = Date.parse("2026-11-01T00:00:00Z");
    const accounts = createAccounts(on.database.db, () => now);
    const c = (await accounts.authenticate("meera@example.in", "meera-password"))!;
    const { token, expiresAt } = await accounts.startSession(c.id);
    now += 2 * 24 * 3600 * 1000;
    const resumed = (await accounts.resumeSession(token))!;
    expect(resumed.renewed).toBe(true);
    expect(resumed.expiresAt.getTime()).toBeGreaterThan(expiresAt.getTime());
    expect((await accounts.resumeSession(token))!.renewed).toBe(false);
    now += 31 * 24 * 3600 * 1000;
    expect(await accounts.resumeSession(token)).toBeNull();
  });

  it("resets a password with the right code, within 5 tries and 10 minutes", async () => {
    let now = Date.now();
    const accounts = createAccounts(on.database.db, () => now);
    expect(await accounts.requestPasswordReset("nobody@example.in")).toBeNull();
    const first = (await accounts.requestPasswordReset("meera@example.in"))!;
    expect(first.code).toMatch(/^\d{6}$/);
    const wrong = first.code === "000000" ? "111111" : "000000";
    expect(await accounts.resetPassword("meera@example.in", wrong, "new-password-1")).toBe("invalid");
    // A session open before the reset ends with it.
    const { token } = await accounts.startSession(first.customer.id);
    expect(await accounts.resetPassword("meera@example.in", first.code, "new-password-1")).toBe("changed");
    expect(await accounts.resetPassword("meera@example.in", first.code, "new-password-2")).toBe("invalid");
    expect(await accounts.resumeSession(token)).toBeNull();
    expect(await accounts.authenticate("meera@example.in", "new-password-1")).not.toBeNull();

    const second = (await accounts.requestPasswordReset("meera@example.in"))!;
    const wrongToo = second.code === "000000" ? "111111" : "000000";
    for (let i = 0; i < 4; i++) expect(await accounts.resetPassword("meera@example.in", wrongToo, "x-password")).toBe("invalid");
    // The fifth wrong try spends the code; the right one is refused after it, saying so.
    expect(await accounts.resetPassword("meera@example.in", wrongToo, "x-password")).toBe("spent");
    expect(await accounts.resetPassword("meera@example.in", second.code, "new-password-3")).toBe("spent");

    const third = (await accounts.requestPasswordReset("meera@example.in"))!;
    now += 10 * 60 * 1000 + 1;
    expect(await accounts.resetPassword("meera@example.in", third.code, "new-password-4")).toBe("invalid");
    expect(await accounts.authenticate("meera@example.in", "new-password-1")).not.toBeNull();
  });

  it("links a Clerk user by id, then by e-mail, else creates one", async () => {
    const linked = await on.shop.accounts.linkClerkUser({ clerkUserId: "user_1", email: "MEERA@example.in", name: "Meera" });
    expect(linked.email).toBe("meera@example.in");
    expect((await on.shop.accounts.linkClerkUser({ clerkUserId: "user_1", email: "changed@example.in", name: "Meera" })).id).toBe(linked.id);
    const created = await on.shop.accounts.linkClerkUser({ clerkUserId: "user_2", email: "new@example.in", name: "New" });
    expect(created.id).not.toBe(linked.id);
    // A Clerk customer has no password to reset here.
    expect(await on.shop.accounts.requestPasswordReset("new@example.in")).toBeNull();
  });

  it("counts rate-limit hits in a window shared by every instance", async () => {
    let now = Date.now();
    const a = createLimits(on.database.db, () => now);
    const b = createLimits(on.database.db, () => now);
    for (let i = 0; i < 3; i++) expect(await (i % 2 ? a : b).hit("signin:x", 3, 60_000)).toMatchObject({ allowed: true, count: i + 1 });
    const refused = await a.hit("signin:x", 3, 60_000);
    expect(refused).toMatchObject({ allowed: false, count: 4 });
    expect(refused.retryAfterMs).toBeGreaterThan(0);
    expect(await b.blocked("signin:x", 3, 60_000)).toBe(true);
    now += 60_001;
    expect(await b.blocked("signin:x", 3, 60_000)).toBe(false);
    expect((await a.hit("signin:x", 3, 60_000)).allowed).toBe(true);
    await a.clear("signin:x");
    expect(await a.blocked("signin:x", 1, 60_000)).toBe(false);
  });
});
