import { waysIn } from "../server/ways-in.server.ts";
import { localeIn } from "../server/i18n.server.ts";
import { cardsIn } from "../domain/i18n/catalogue.ts";
import type { Route } from "./+types/api.suggestions";

// Resource route: up to six products for the header's search box.
export async function loader({ url, context }: Route.LoaderArgs) {
  const q = (url.searchParams.get("q") ?? "").slice(0, 100);
  // Named in the page's language: a Hindi page asks /hi/api/suggestions (issue 27).
  const suggestions = cardsIn(localeIn(context), await waysIn(context).reads.catalog.suggestions(q));
  return Response.json({ suggestions }, { headers: { "Cache-Control": "public, max-age=60, s-maxage=5" } });
}
