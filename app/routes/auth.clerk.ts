// /auth/clerk: where Clerk's sign-in sends the shopper. No page: it links the customer
// and starts Haat's session, then goes on to return_to (default /post-auth).
import { waysIn } from "../server/ways-in.server.ts";
import { data } from "react-router";
import { safePath } from "../domain/safe-path.ts";
import { clerkEnabled, clerkIdentity, clerkRouteMiddleware, completeClerkSignIn } from "../server/auth/clerk.server.ts";
import type { Route } from "./+types/auth.clerk";

export const middleware: Route.MiddlewareFunction[] = [clerkRouteMiddleware];

export async function loader(args: Route.LoaderArgs) {
  if (!clerkEnabled()) throw data(null, { status: 404 });
  const identity = await clerkIdentity(args);
  return completeClerkSignIn(waysIn(args.context).useCases, identity, safePath(args.url.searchParams.get("return_to"), "/post-auth"));
}
