// /myaccount/wishlist: the wishlist inside the account area (the actions stay on /wishlist).
import { WishlistGrid } from "../components/wishlist/WishlistGrid.tsx";
import { customerIn } from "../server/access.server.ts";
import { shopOf } from "../server/context.server.ts";
import type { Route } from "./+types/myaccount.wishlist";
import { privatePageMeta } from "../components/seo.ts";

export async function loader({ context }: Route.LoaderArgs) {
  const customer = customerIn(context);
  return { items: await shopOf(context).wishlist.list(customer) };
}

export default function AccountWishlist({ loaderData }: Route.ComponentProps) {
  return (
    <section>
      <h1 className="text-2xl font-semibold">Your Wishlist</h1>
      <WishlistGrid items={loaderData.items} />
    </section>
  );
}

export const meta: Route.MetaFunction = ({ matches }) =>
  privatePageMeta(matches, { title: "Your Wishlist", description: "The products you saved for later.", path: "/myaccount/wishlist" });
