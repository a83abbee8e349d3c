// /myaccount/wishlist: the wishlist inside the account area (the actions stay on /wishlist).
import { waysIn } from "../server/ways-in.server.ts";
import { localeIn } from "../server/i18n.server.ts";
import { cardsIn } from "../domain/i18n/catalogue.ts";
import { WishlistGrid } from "../components/wishlist/WishlistGrid.tsx";
import { customerIn } from "../server/access.server.ts";
import type { Route } from "./+types/myaccount.wishlist";
import { i18nFor, useI18n } from "../components/i18n.tsx";
import { localeOfMatches, privatePageMeta } from "../components/seo.ts";

export async function loader({ context }: Route.LoaderArgs) {
  const customer = customerIn(context);
  return { items: cardsIn(localeIn(context), await waysIn(context).reads.wishlist.list(customer)) };
}

export default function AccountWishlist({ loaderData }: Route.ComponentProps) {
  const i18n = useI18n();
  return (
    <section>
      <h1 className="text-2xl font-semibold">{i18n._("Your Wishlist")}</h1>
      <WishlistGrid items={loaderData.items} />
    </section>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const i18n = i18nFor(localeOfMatches(matches));
  return privatePageMeta(matches, { title: i18n._("Your Wishlist"), description: i18n._("The products you saved for later."), path: "/myaccount/wishlist" });
};
