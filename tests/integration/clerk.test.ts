// AUTH_PROVIDER=clerk without the network: the provider is chosen by configuration, and
// a Clerk user becomes a Haat customer with a Haat session (what /auth/clerk does once
// Clerk has said who the shopper is).
import { describe, expect, it } from "vitest";
import { cookies } from "../../app/server/auth/cookies.server.ts";
import { completeClerkSignIn } from "../../app/server/auth/clerk.server.ts";
import { bindUseCases } from "../../app/server/use-cases/index.server.ts";
import { ConfigError, readEnv } from "../../app/server/env.server.ts";
import { targets } from "./databases.ts";
import { shopOn } from "./fixtures.ts";

process.env.SESSION_SECRET ||= "integration-tests-only-secret-0123456789abcdef";

describe("provider selection", () => {
  it("is local by default, and clerk only with Clerk's keys", () => {
    expect(readEnv({}).AUTH_PROVIDER).toBe("local");
    expect(() => readEnv({ AUTH_PROVIDER: "clerk" })).toThrow(ConfigError);
    expect(() => readEnv({ AUTH_PROVIDER: "clerk" })).toThrow(/needs CLERK_SECRET_KEY and CLERK_PUBLISHABLE_KEY/);
    expect(() => readEnv({ AUTH_PROVIDER: "clerk", CLERK_SECRET_KEY: "nope", CLERK_PUBLISHABLE_KEY: "pk_test_x" })).toThrow(/must start with sk_/);
    expect(readEnv({ AUTH_PROVIDER: "clerk", CLERK_SECRET_KEY: "sk_test_x", CLERK_PUBLISHABLE_KEY: "pk_test_x" }).AUTH_PROVIDER).toBe("clerk");
    expect(() => readEnv({ AUTH_PROVIDER: "okta" })).toThrow(ConfigError);
  });
});

describe.each(targets)("Clerk sign-in completion on $name", (target) => {
  const on = shopOn(target);

  it("links the Clerk user to a new customer and starts a Haat session", async () => {
    const response = await completeClerkSignIn(bindUseCases(on.shop), { clerkUserId: "user_abc", email: "Kavya@Example.in", name: "Kavya" }, "/wishlist");
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/wishlist");
    const setCookie = response.headers.getSetCookie().find((c) => c.startsWith("haat_session="))!;
    const token = await cookies().session.parse(setCookie.split(";")[0]!);
    const session = await on.shop.accounts.resumeSession(token as string);
    expect(session?.customer).toMatchObject({ email: "kavya@example.in", name: "Kavya" });

    // The same Clerk user again: the same customer.
    const again = await completeClerkSignIn(bindUseCases(on.shop), { clerkUserId: "user_abc", email: "kavya@example.in", name: "Kavya R" }, "/");
    const token2 = await cookies().session.parse(
      again.headers
        .getSetCookie()
        .find((c) => c.startsWith("haat_session="))!
        .split(";")[0]!,
    );
    expect((await on.shop.accounts.resumeSession(token2 as string))?.customer.id).toBe(session!.customer.id);
  });

  it("starts no session without a verified e-mail", async () => {
    const response = await completeClerkSignIn(bindUseCases(on.shop), { clerkUserId: "user_noemail", email: null, name: "" }, "/");
    expect(response.headers.get("Location")).toBe("/signin");
    expect(response.headers.getSetCookie().some((c) => c.startsWith("haat_session="))).toBe(false);
  });
});
