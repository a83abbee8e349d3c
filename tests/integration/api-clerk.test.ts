// The JSON API with AUTH_PROVIDER=clerk (issue 17): the bearer is Clerk's session JWT,
// verified with CLERK_JWT_KEY and no network call; its user must be the customer `clerk_id`
// names. Run in-process through the API's pipeline, with a key pair made here.
import { createSign, generateKeyPairSync } from "node:crypto";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const { publicKey, privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
const stranger = generateKeyPairSync("rsa", { modulusLength: 2048 });
const CLERK_ENV = {
  AUTH_PROVIDER: "clerk",
  CLERK_SECRET_KEY: "sk_test_haatIntegration",
  CLERK_PUBLISHABLE_KEY: "pk_test_aGFhdC5jbGVyay5hY2NvdW50cy5kZXYk",
  CLERK_JWT_KEY: publicKey.export({ type: "spki", format: "pem" }).toString(),
  SESSION_SECRET: process.env.SESSION_SECRET || "integration-tests-only-secret-0123456789abcdef",
};
// Put back when the file is done: a worker may run another file after this one.
const before = Object.fromEntries(Object.keys(CLERK_ENV).map((k) => [k, process.env[k]]));
Object.assign(process.env, CLERK_ENV);
afterAll(() => {
  for (const [k, v] of Object.entries(before)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
});

const { API_CALLS } = await import("../../app/server/api/calls.server.ts");
const { answerCall } = await import("../../app/server/api/pipeline.server.ts");
const { requestInfoContext, shopContext } = await import("../../app/server/context.server.ts");
const { shopOn } = await import("./fixtures.ts");
const { targets } = await import("./databases.ts");
const { bindUseCases } = await import("../../app/server/use-cases/index.server.ts");
const { SIGN_IN_WITH_CLERK } = await import("../../app/server/use-cases/password-sign-in.server.ts");

const b64 = (value: object | Buffer) => (Buffer.isBuffer(value) ? value : Buffer.from(JSON.stringify(value))).toString("base64url");

/** A session token as Clerk signs one (RS256, typ JWT). */
function clerkToken(claims: Record<string, unknown>, key = privateKey): string {
  const now = Math.floor(Date.now() / 1000);
  const head = `${b64({ alg: "RS256", typ: "JWT", kid: "ins_test" })}.${b64({ iat: now - 5, nbf: now - 5, exp: now + 60, iss: "https://haat.clerk.accounts.dev", sid: "sess_1", ...claims })}`;
  return `${head}.${b64(createSign("RSA-SHA256").update(head).sign(key))}`;
}

describe.each(targets)("Clerk's session token as the API's bearer on $name", (target) => {
  const on = shopOn(target);

  const ask = async (path: string, params: Record<string, unknown>, token: string) => {
    const context = new RouterContextProvider();
    context.set(shopContext, on.shop);
    context.set(requestInfoContext, { clientAddress: "127.0.0.1", requestId: "test", route: null });
    const request = new Request(`http://localhost${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
      body: JSON.stringify({ params }),
    });
    const response = await answerCall(API_CALLS[path]!, {}, request, context);
    return { status: response.status, body: await response.json() };
  };

  beforeAll(async () => {
    await on.shop.accounts.linkClerkUser({ clerkUserId: "user_kavya", email: "kavya@example.in", name: "Kavya" });
    await on.shop.accounts.linkClerkUser({ clerkUserId: "user_ravi", email: "ravi@example.in", name: "Ravi" });
  });

  it("knows the customer by the token's user, verified here", async () => {
    const profile = await ask("/api/customer/profile", { clerk_id: "user_kavya" }, clerkToken({ sub: "user_kavya" }));
    expect(profile.status).toBe(200);
    expect(profile.body.result).toMatchObject({ name: "Kavya", email: "kavya@example.in" });
  });

  it("refuses clerk_id naming someone else, a token signed by another key, and an expired one", async () => {
    const other = await ask("/api/orders/all", { clerk_id: "user_ravi" }, clerkToken({ sub: "user_kavya" }));
    expect(other).toMatchObject({ status: 403, body: { error: "clerk_id does not match the signed-in customer." } });
    const forged = await ask("/api/customer/profile", {}, clerkToken({ sub: "user_kavya" }, stranger.privateKey));
    expect(forged.status).toBe(401);
    const past = Math.floor(Date.now() / 1000) - 3600;
    const expired = await ask("/api/customer/profile", {}, clerkToken({ sub: "user_kavya", iat: past, nbf: past, exp: past + 60 }));
    expect(expired.status).toBe(401);
  });

  it("has no password tokens of its own", async () => {
    const answer = await ask("/api/auth/token", { email: "kavya@example.in", password: "anything at all" }, "none");
    expect(answer.status).toBe(404);
  });

  it("refuses Haat's own sign-in in the use cases themselves, whichever way in asks (one rule: ownSignIn)", async () => {
    const useCases = bindUseCases(on.shop);
    const refused = { name: "ShopError", code: "not_found", message: SIGN_IN_WITH_CLERK };
    await expect(useCases.passwordSignIn.signInWithPassword({ email: "kavya@example.in", password: "anything at all", clientAddress: "127.0.0.1", device: null })).rejects.toMatchObject(
      refused,
    );
    await expect(useCases.passwordSignIn.sendResetCode("kavya@example.in", "127.0.0.1")).rejects.toMatchObject(refused);
    expect(() => useCases.apiTokens.issueApiTokens(1)).toThrow(SIGN_IN_WITH_CLERK);
    expect(() => useCases.apiTokens.revokeApiTokens("any")).toThrow(SIGN_IN_WITH_CLERK);
  });
});
