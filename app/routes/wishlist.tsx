// /wishlist: the page 'Your Wishlist', and the action behind every heart (browsing §2, §5).
import { parseWithZod } from "@conform-to/zod/v4";
import { Link } from "react-router";
import { safePath, signInPath } from "../domain/safe-path.ts";
import { WISHLIST_MESSAGES } from "../domain/wishlist.ts";
import { wishlistIntentSchema, type WishlistIntent } from "../domain/wishlist-forms.ts";
import { WishlistGrid } from "../components/wishlist/WishlistGrid.tsx";
import { customerOf } from "../server/auth/session.server.ts";
import { shopOf } from "../server/context.server.ts";
import { finish, firstError, refuse, type Toast } from "../server/forms.server.ts";
import { ShopError, type Customer, type Shop } from "../server/shop/port.server.ts";
import { store } from "../store-config.ts";
import type { Route } from "./+types/wishlist";
import { privatePageMeta } from "../components/seo.ts";

export async function loader({ context }: Route.LoaderArgs) {
  const customer = customerOf(context);
  return { items: customer ? await shopOf(context).wishlist.list(customer) : null };
}

async function perform(shop: Shop, customer: Customer, intent: WishlistIntent): Promise<Toast> {
  switch (intent.intent) {
    case "add":
      await shop.wishlist.add(customer, intent.internal_reference);
      return { type: "success", message: WISHLIST_MESSAGES.added };
    case "toggle": {
      const { added } = await shop.wishlist.toggle(customer, intent.internal_reference);
      return { type: "success", message: added ? WISHLIST_MESSAGES.added : WISHLIST_MESSAGES.removed };
    }
    case "remove":
      await shop.wishlist.remove(customer, { item: intent.item, internalReference: intent.internal_reference });
      return { type: "success", message: WISHLIST_MESSAGES.removed };
    case "move-to-cart": {
      const change = await shop.wishlist.moveToCart(customer, intent.item);
      return change.warning ? { type: "warning", message: change.warning } : { type: "success", message: WISHLIST_MESSAGES.moved };
    }
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const back = safePath(form.get("redirectTo"), "/wishlist");
  const submission = parseWithZod(form, { schema: wishlistIntentSchema });
  if (submission.status !== "success") return refuse(firstError(submission.reply()));
  const customer = customerOf(context);
  // Signed out: sign in, then back to the page the heart was on.
  if (!customer) return finish(request, signInPath(back), { type: "info", message: "Please sign in to use your wishlist." }, { navigate: true });
  try {
    return finish(request, back, await perform(shopOf(context), customer, submission.value));
  } catch (error) {
    if (!(error instanceof ShopError)) {
      console.error(error);
      const message = submission.value.intent === "move-to-cart" ? WISHLIST_MESSAGES.moveFailed : WISHLIST_MESSAGES.failed;
      return finish(request, back, { type: "error", message });
    }
    if (error.code === "conflict") return finish(request, back, { type: "error", message: error.message });
    return refuse(error.message, error.code === "not_found" && submission.value.intent !== "add" && submission.value.intent !== "toggle" ? 404 : 400);
  }
}

export default function WishlistPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <h1 className="text-2xl font-semibold">Your Wishlist</h1>
      {actionData && !actionData.ok && (
        <p role="alert" className="mt-4 rounded bg-red-50 p-3 text-red-900">
          {actionData.error}
        </p>
      )}
      {loaderData.items === null ? (
        <p className="mt-6 text-stone-700">
          {WISHLIST_MESSAGES.signInToView}{" "}
          <Link to={signInPath("/wishlist")} className="font-medium text-brand-700 underline">
            Sign in
          </Link>
        </p>
      ) : (
        <WishlistGrid items={loaderData.items} />
      )}
    </div>
  );
}

export const meta: Route.MetaFunction = ({ matches }) =>
  privatePageMeta(matches, { title: "Your Wishlist", description: "The products you saved for later.", path: "/wishlist" });
