// AUTH_PROVIDER=clerk: Clerk proves who the shopper is on /signin/*, then /auth/clerk
// links (or creates) the customer row by Clerk's user id and starts Haat's own session,
// so every other page works the same for both providers. Clerk's code is loaded only
// when the provider is clerk: none of it runs or ships otherwise.
import { accountLanguageCookies } from "../i18n.server.ts";
import { redirect, type MiddlewareFunction } from "react-router";
import { ACCOUNT_MESSAGES } from "../../domain/account.ts";
import { appEnv } from "../env.server.ts";
import { ShopError } from "../shop/port.server.ts";
import type { ClerkIdentity } from "../use-cases/clerk-sign-in.server.ts";
import { sentOnWhenRefused } from "../forms/pipeline.server.ts";
import type { UseCases } from "../use-cases/index.server.ts";
import { ERP_DOWN, ErpUnauthorized } from "../shop/erp/client.server.ts";
import type { ClerkTokenMint } from "../shop/erp/credentials.server.ts";
import { errorFields, log } from "../log.server.ts";
import { cookies } from "./cookies.server.ts";

type ClerkServer = typeof import("@clerk/react-router/server");
let server: Promise<ClerkServer> | undefined;
export function clerkServer(): Promise<ClerkServer> {
  return (server ??= import("@clerk/react-router/server"));
}

export function clerkEnabled(): boolean {
  return appEnv().AUTH_PROVIDER === "clerk";
}

let middleware: MiddlewareFunction<Response> | undefined;
/** Clerk's middleware on the routes that need it, and a pass-through for the local provider. */
export const clerkRouteMiddleware: MiddlewareFunction<Response> = async (args, next) => {
  if (!clerkEnabled()) return next();
  if (!middleware) {
    const env = appEnv();
    const { clerkMiddleware } = await clerkServer();
    middleware = clerkMiddleware({
      secretKey: env.CLERK_SECRET_KEY,
      publishableKey: env.CLERK_PUBLISHABLE_KEY,
      jwtKey: env.CLERK_JWT_KEY,
      ...(env.CLERK_API_URL && { apiUrl: env.CLERK_API_URL }),
    });
  }
  return middleware(args, next) as Promise<Response>;
};

/** Links the Clerk user to a customer and starts a Haat session: the redirect to send. */
export async function completeClerkSignIn(useCases: Pick<UseCases, "clerkSignIn">, identity: ClerkIdentity, returnTo: string): Promise<Response> {
  // No page to refuse on: back to sign-in with the shop's words.
  return sentOnWhenRefused("/signin", async () => {
    const { customer, session } = await useCases.clerkSignIn.clerkSignIn(identity);
    return cookies().toast.redirectWithToast(
      returnTo,
      { type: "success", message: ACCOUNT_MESSAGES.welcome(customer.name) },
      { status: 303, headers: [["Set-Cookie", session], ...accountLanguageCookies(customer)] },
    );
  });
}

/** Who Clerk says is signed in on this request, or a redirect back to sign-in. */
export async function clerkIdentity(args: Parameters<ClerkServer["getAuth"]>[0]): Promise<ClerkIdentity> {
  const { getAuth, clerkClient } = await clerkServer();
  const auth = await getAuth(args);
  if (!auth.userId) throw redirect("/signin", 303);
  const user = await clerkClient(args).users.getUser(auth.userId);
  const primary = user.emailAddresses.find((e) => e.id === user.primaryEmailAddressId);
  const verified = primary?.verification?.status === "verified";
  const name = [user.firstName, user.lastName].filter(Boolean).join(" ") || user.username || "";
  return { clerkUserId: user.id, email: verified ? primary!.emailAddress : null, name, sessionId: auth.sessionId ?? null };
}

/** A fresh token of a Clerk session (Clerk's Backend API); ErpUnauthorized when the session is over. */
export function clerkTokenMint(clerk: { secretKey: string; apiUrl?: string }): ClerkTokenMint {
  return async (sessionId) => {
    const { createClerkClient } = await clerkServer();
    try {
      return (await createClerkClient({ secretKey: clerk.secretKey, ...(clerk.apiUrl && { apiUrl: clerk.apiUrl }) }).sessions.getToken(sessionId)).jwt;
    } catch (error) {
      const status = (error as { status?: unknown }).status;
      // Signed out, revoked or expired at Clerk: the customer signs in again.
      if (typeof status === "number" && status >= 400 && status < 500) throw new ErpUnauthorized(`Clerk session ${status}`);
      log.warn("clerk unreachable: no token for the ERP", errorFields(error));
      throw new ShopError("unavailable", ERP_DOWN);
    }
  };
}
