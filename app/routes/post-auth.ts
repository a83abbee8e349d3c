// /post-auth: no page. After sign-in it adds the pending item (quantity at least 1; one
// retry after 400 ms), clears it, and always ends on /addtocart (transactions §4).
import { redirect } from "react-router";
import { addedMessage } from "../domain/cart.ts";
import { POST_AUTH_RETRY_DELAY_MS } from "../domain/pending-item.ts";
import { customerOf } from "../server/auth/session.server.ts";
import { cookies } from "../server/auth/cookies.server.ts";
import { shopOf } from "../server/context.server.ts";
import { clearPendingItem, readPendingCookie } from "../server/pending-item.server.ts";
import { ShopError } from "../server/shop/port.server.ts";
import type { Route } from "./+types/post-auth";

export async function loader({ request, context }: Route.LoaderArgs) {
  const customer = customerOf(context);
  if (!customer) throw redirect("/signin", 303);
  const item = await readPendingCookie(request);
  const headers = new Headers({ "Set-Cookie": await clearPendingItem(), "Cache-Control": "no-store" });
  if (!item) return redirect("/addtocart", { status: 303, headers });
  const shop = shopOf(context);
  const add = () => shop.cart.add(customer, { internalReference: item.internal_reference, quantity: item.qty });
  try {
    let change;
    try {
      change = await add();
    } catch (error) {
      // A refusal (out of stock, unknown) will not change in 400 ms; anything else may.
      if (error instanceof ShopError) throw error;
      await new Promise((r) => setTimeout(r, POST_AUTH_RETRY_DELAY_MS));
      change = await add();
    }
    const toast = change.warning ? { type: "warning" as const, message: change.warning } : { type: "success" as const, message: addedMessage(change.title) };
    return cookies().toast.redirectWithToast("/addtocart", toast, { status: 303, headers });
  } catch (error) {
    // Failures are only logged (transactions §4); a refusal the shopper can act on is shown.
    if (error instanceof ShopError) return cookies().toast.redirectWithToast("/addtocart", { type: "error", message: error.message }, { status: 303, headers });
    console.error("post-auth: could not add the pending item", error);
    return redirect("/addtocart", { status: 303, headers });
  }
}
