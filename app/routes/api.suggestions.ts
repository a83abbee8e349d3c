import { shopOf } from "../server/context.server.ts";
import type { Route } from "./+types/api.suggestions";

// Resource route: up to six products for the header's search box.
export async function loader({ url, context }: Route.LoaderArgs) {
  const q = (url.searchParams.get("q") ?? "").slice(0, 100);
  const suggestions = await shopOf(context).catalog.suggestions(q);
  return Response.json({ suggestions }, { headers: { "Cache-Control": "public, max-age=60, s-maxage=5" } });
}
