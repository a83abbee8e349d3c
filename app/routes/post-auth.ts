// /post-auth: no page. After sign-in it does what the shopper tapped while signed out
// (Specification: After sign-in): the pending add to cart (quantity at least 1; one retry after 400 ms)
// ending on /addtocart, or a tapped heart or 'Notify Me', back on the page it was tapped on. The item is
// cleared when it was done, or when there is none; when the shop refuses it (sold out, no
// longer sold) the shopper is told why and the item is kept until it expires.
import { waysIn } from "../server/ways-in.server.ts";
import { i18nOf } from "../server/i18n.server.ts";
import type { I18n } from "../domain/i18n/messages.ts";
import { redirect } from "react-router";
import { addedMessage } from "../domain/cart.ts";
import type { Toast } from "../domain/form-reply.ts";
import { POST_AUTH_RETRY_DELAY_MS, type PendingItem } from "../domain/pending-item.ts";
import { safePath } from "../domain/safe-path.ts";
import { WISHLIST_MESSAGES } from "../domain/wishlist.ts";
import { cookies } from "../server/auth/cookies.server.ts";
import { customerOf } from "../server/auth/session.server.ts";
import { changeToast } from "../server/forms/cart.server.ts";
import { sentOnWhenRefused } from "../server/forms/pipeline.server.ts";
import { errorFields, log } from "../server/log.server.ts";
import { clearPendingItem, readPendingCookie } from "../server/pending-item.server.ts";
import { ShopError, type Customer } from "../server/shop/port.server.ts";
import type { UseCases } from "../server/use-cases/index.server.ts";
import type { Route } from "./+types/post-auth";

/** Does the pending item; what the shopper is told when it was done. */
async function resume(useCases: UseCases, customer: Customer, item: PendingItem, i18n: I18n): Promise<Toast> {
  if ("kind" in item && item.kind === "notify")
    return { type: "success", message: (await useCases.stockRequests.requestNotice(customer, item.internal_reference, i18n.locale)).message };
  if ("kind" in item) {
    await useCases.wishlist.addToWishlist(customer, item.internal_reference);
    return { type: "success", message: WISHLIST_MESSAGES.added };
  }
  const change = await useCases.cart.addToCart(customer, { internalReference: item.internal_reference, quantity: item.qty });
  return changeToast(change, addedMessage(change.title), i18n);
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const customer = customerOf(context);
  if (!customer) throw redirect("/signin", 303);
  const item = await readPendingCookie(request);
  const kept = { "Cache-Control": "no-store" };
  const cleared = { ...kept, "Set-Cookie": await clearPendingItem() };
  if (!item) return redirect("/addtocart", { status: 303, headers: cleared });
  const back = "kind" in item ? safePath(item.return_to, "/wishlist") : "/addtocart";
  const useCases = waysIn(context).useCases;
  // Not done: the item stays for the next sign-in while it lasts (Specification: After sign-in); a
  // refusal is said, other failures are only logged.
  return sentOnWhenRefused(
    back,
    async () => {
      const toast = await resume(useCases, customer, item, i18nOf(request)).catch(async (error: unknown) => {
        // A refusal is the shop's answer; anything else (a dropped connection) may pass in 400 ms.
        if (error instanceof ShopError) throw error;
        await new Promise((r) => setTimeout(r, POST_AUTH_RETRY_DELAY_MS));
        return resume(useCases, customer, item, i18nOf(request));
      });
      return cookies().toast.redirectWithToast(back, toast, { status: 303, headers: cleared });
    },
    {
      headers: kept,
      otherwise: (error) => {
        log.error("post-auth: could not do the pending item", errorFields(error));
        return redirect(back, { status: 303, headers: kept });
      },
    },
  );
}
