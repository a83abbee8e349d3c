// The page's scripts named in its response headers (issue 43): a `Link: rel=modulepreload`
// header is read before the page's HTML, so the browser asks for the scripts first. In the
// page's <head> they came after React's preloads of its pictures, which on a phone's six
// connections to the shop took them all, and the libraries waited behind the category tiles.
import type { EntryContext } from "react-router";

type Manifest = Pick<EntryContext["manifest"], "entry" | "routes">;

/**
 * The scripts React Router's <Scripts> preloads for these routes (the entry's imports, the
 * entry, each route's module and imports), the entry's imports first (the libraries, the
 * longest to come), and `more` after them (a Hindi page's reader); null when there are none.
 */
export function scriptsLinkHeader(manifest: Manifest, routeIds: readonly string[], more: readonly string[] = []): string | null {
  const hrefs = new Set<string>([...manifest.entry.imports, manifest.entry.module]);
  for (const id of routeIds) {
    const route = manifest.routes[id];
    if (!route) continue;
    for (const href of [route.module, route.clientActionModule, route.clientLoaderModule, route.hydrateFallbackModule, ...(route.imports ?? [])]) if (href) hrefs.add(href);
  }
  for (const href of more) hrefs.add(href);
  // Only same-origin paths: a header names nothing the page would not load itself.
  const safe = [...hrefs].filter((href) => /^\/(?!\/)[^\s<>,;]*$/.test(href));
  return safe.length ? safe.map((href) => `<${href}>; rel=modulepreload`).join(", ") : null;
}
