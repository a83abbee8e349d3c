// /api/*: the JSON API of the specifications' calls (issue 17, decision 042). One resource
// route: the table of calls and the pipeline live in app/server/api/.
import { API_MESSAGES } from "../domain/api.ts";
import { findCall } from "../server/api/calls.server.ts";
import { openApiDocument } from "../server/api/openapi.server.ts";
import { answerCall, corsHeaders, failure, preflight } from "../server/api/pipeline.server.ts";
import type { Route } from "./+types/api";

export function loader({ request, url }: Route.LoaderArgs) {
  // React Router hands a CORS preflight (OPTIONS) to the loader.
  if (request.method === "OPTIONS") return preflight(request);
  if (url.pathname === "/api/openapi.json") return Response.json(openApiDocument(), { headers: { "Cache-Control": "public, max-age=300" } });
  const known = findCall(url.pathname) !== null;
  return failure(known ? 405 : 404, known ? API_MESSAGES.usePost : API_MESSAGES.unknownCall, null, withAllow(corsHeaders(request)));
}

export async function action({ request, context, url }: Route.ActionArgs) {
  const found = findCall(url.pathname);
  if (!found) return failure(404, API_MESSAGES.unknownCall, null, corsHeaders(request));
  if (request.method !== "POST") return failure(405, API_MESSAGES.usePost, null, withAllow(corsHeaders(request)));
  return answerCall(found.call, found.path, request, context);
}

function withAllow(headers: Headers): Headers {
  headers.set("Allow", "POST, OPTIONS");
  return headers;
}
