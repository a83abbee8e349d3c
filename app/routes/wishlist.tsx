// /wishlist: the page 'Your Wishlist', and the action behind every heart (Specification: Wishlist).
import { waysIn } from "../server/ways-in.server.ts";
import { localeIn } from "../server/i18n.server.ts";
import { cardsIn } from "../domain/i18n/catalogue.ts";
import { Link } from "react-router";
import { i18nFor, useI18n } from "../components/i18n.tsx";
import { localeOfMatches, privatePageMeta } from "../components/seo.ts";
import { RefusalNotice } from "../components/ui/RefusalNotice.tsx";
import { WishlistGrid } from "../components/wishlist/WishlistGrid.tsx";
import { signInPath } from "../domain/safe-path.ts";
import { WISHLIST_MESSAGES } from "../domain/wishlist.ts";
import { customerOf } from "../server/auth/session.server.ts";
import { wishlistForm } from "../server/forms/wishlist.server.ts";
import type { Route } from "./+types/wishlist";

export async function loader({ context }: Route.LoaderArgs) {
  const customer = customerOf(context);
  return { items: customer ? cardsIn(localeIn(context), await waysIn(context).reads.wishlist.list(customer)) : null };
}

export const action = wishlistForm.run;

export default function WishlistPage({ loaderData, actionData }: Route.ComponentProps) {
  const i18n = useI18n();
  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <h1 className="text-2xl font-semibold">{i18n._("Your Wishlist")}</h1>
      <RefusalNotice reply={actionData} className="mt-4" />
      {loaderData.items === null ? (
        <p className="mt-6 text-stone-700">
          {i18n._(WISHLIST_MESSAGES.signInToView)}{" "}
          <Link to={signInPath("/wishlist")} className="font-medium text-brand-700 underline">
            {i18n._("Sign in")}
          </Link>
        </p>
      ) : (
        <WishlistGrid items={loaderData.items} />
      )}
    </div>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const i18n = i18nFor(localeOfMatches(matches));
  return privatePageMeta(matches, { title: i18n._("Your Wishlist"), description: i18n._("The products you saved for later."), path: "/wishlist" });
};
