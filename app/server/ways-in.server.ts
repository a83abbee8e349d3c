// What a way in (a loader, an action, a pipeline, a payment return) takes from the request's
// context (decision 068): the use cases, each with the Shop in hand, and the Shop seen through
// `Reads`. Only this module and the few that run beneath every way in (the pipelines' repeat-post
// key and rate limits, the session middleware) take the Shop itself; lint holds the rest to it.
import type { RouterContextProvider } from "react-router";
import { shopIfAny, shopOf } from "./context.server.ts";
import { bindUseCases, readsOf, type Reads, type UseCases } from "./use-cases/index.server.ts";

export interface WaysIn {
  /** Every read of the Shop, no write. */
  reads: Reads;
  /** Every change a way in may make. */
  useCases: UseCases;
}

export function waysIn(context: Readonly<RouterContextProvider>): WaysIn {
  const shop = shopOf(context);
  return { reads: readsOf(shop), useCases: bindUseCases(shop) };
}

/** The reads when the server put a Shop in the context: server.ts always does; a bare react-router-serve does not. */
export function readsIfAny(context: Readonly<RouterContextProvider>): Reads | null {
  const shop = shopIfAny(context);
  return shop ? readsOf(shop) : null;
}
