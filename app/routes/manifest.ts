// /manifest.webmanifest: the web app manifest (issue 26 part 1; app/domain/web-app-manifest.ts).
import { webAppManifest } from "../domain/web-app-manifest.ts";

export function loader() {
  return new Response(JSON.stringify(webAppManifest()), {
    headers: { "Content-Type": "application/manifest+json; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
