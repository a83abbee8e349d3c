// /post-auth: no page. After sign-in it does what the shopper tapped while signed out, through
// the same declared intents a form post runs: the pending add to cart (quantity at least 1;
// one retry after 400 ms) ending on /addtocart (transactions §4), or a tapped heart, back on
// the page it was tapped on.
import { errorFields, log } from "../server/log.server.ts";
import { redirect } from "react-router";
import { POST_AUTH_RETRY_DELAY_MS, type PendingItem } from "../domain/pending-item.ts";
import { safePath } from "../domain/safe-path.ts";
import { cookies } from "../server/auth/cookies.server.ts";
import { customerOf } from "../server/auth/session.server.ts";
import { shopOf } from "../server/context.server.ts";
import { cartForm } from "../server/forms/cart.server.ts";
import { perform, type Outcome } from "../server/forms/pipeline.server.ts";
import { wishlistForm } from "../server/forms/wishlist.server.ts";
import { clearPendingItem, readPendingCookie } from "../server/pending-item.server.ts";
import type { Customer } from "../server/shop/port.server.ts";
import type { Route } from "./+types/post-auth";

function resume(args: Route.LoaderArgs, customer: Customer, item: PendingItem, back: string): Promise<Outcome> {
  const base = { customer, shop: shopOf(args.context), form: new FormData(), request: args.request, context: args.context, url: args.url, back };
  if ("kind" in item) return perform(wishlistForm.intents.add, { ...base, value: { internal_reference: item.internal_reference } });
  const value = { internal_reference: item.internal_reference, quantity: item.qty, then: "cart" as const, product_id: undefined, price: undefined, stock: undefined };
  return perform(cartForm.intents.add, { ...base, value });
}

export async function loader(args: Route.LoaderArgs) {
  const customer = customerOf(args.context);
  if (!customer) throw redirect("/signin", 303);
  const item = await readPendingCookie(args.request);
  const headers = new Headers({ "Set-Cookie": await clearPendingItem(), "Cache-Control": "no-store" });
  if (!item) return redirect("/addtocart", { status: 303, headers });
  const back = "kind" in item ? safePath(item.return_to, "/wishlist") : "/addtocart";
  let outcome: Outcome;
  try {
    outcome = await resume(args, customer, item, back);
  } catch {
    // A refusal came back as a toast; anything else (a dropped connection) may pass in 400 ms.
    await new Promise((r) => setTimeout(r, POST_AUTH_RETRY_DELAY_MS));
    try {
      outcome = await resume(args, customer, item, back);
    } catch (error) {
      // Failures are only logged (transactions §4).
      log.error("post-auth: could not do the pending item", errorFields(error));
      return redirect(back, { status: 303, headers });
    }
  }
  const to = outcome.to ?? back;
  return outcome.toast ? cookies().toast.redirectWithToast(to, outcome.toast, { status: 303, headers }) : redirect(to, { status: 303, headers });
}
