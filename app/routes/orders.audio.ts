// POST /orders/audio: the specification's order backend call for voice ordering
// (Specification: Voice ordering), for the brand's apps: JSON `{ params: { transcription_text } }` in, `result` with message,
// success and extracted_products out, each item matched by the shop's own search. It changes
// nothing, so it needs no sign-in.
import { waysIn } from "../server/ways-in.server.ts";
import { extractedProducts, LIST_MAX_CHARS, VOICE_MESSAGES } from "../domain/voice-order.ts";
import { corsHeaders, preflight } from "../server/api/pipeline.server.ts";
import type { Route } from "./+types/orders.audio";

const MAX_BODY = 16 * 1024;
// The JSON API's CORS rules (issue 17): it reads no cookie either.
const jsonFor = (request: Request) => (status: number, body: unknown) => {
  const headers = corsHeaders(request);
  headers.set("Cache-Control", "no-store");
  return Response.json(body, { status, headers });
};
export function loader({ request }: Route.LoaderArgs) {
  // A browser on an allowed origin (API_CORS_ORIGINS) asks first; React Router hands OPTIONS to the loader.
  if (request.method === "OPTIONS") return preflight(request);
  const json = jsonFor(request);
  return json(405, { jsonrpc: "2.0", id: null, error: { message: "Use POST with JSON { params: { transcription_text } }." } });
}

export async function action({ request, context }: Route.ActionArgs) {
  const json = jsonFor(request);
  const declared = Number(request.headers.get("content-length") ?? 0);
  if (declared > MAX_BODY)
    return json(413, { jsonrpc: "2.0", id: null, result: { success: false, message: "The request is too large.", error: "The request is too large.", extracted_products: [] } });
  let body: { id?: unknown; params?: { transcription_text?: unknown } };
  try {
    const text = await request.text();
    if (text.length > MAX_BODY) throw new Error("too large");
    body = JSON.parse(text) as typeof body;
  } catch {
    return json(400, { jsonrpc: "2.0", id: null, result: { success: false, message: "Invalid JSON.", error: "Invalid JSON.", extracted_products: [] } });
  }
  const id = typeof body?.id === "string" || typeof body?.id === "number" ? body.id : null;
  const text = body?.params?.transcription_text;
  if (typeof text !== "string" || !text.trim()) {
    return json(400, { jsonrpc: "2.0", id, result: { success: false, message: VOICE_MESSAGES.nothingToSend, error: VOICE_MESSAGES.nothingToSend, extracted_products: [] } });
  }
  const order = await waysIn(context).reads.catalog.voiceOrder(text.slice(0, LIST_MAX_CHARS));
  const found = order.items.length - order.unmatched;
  return json(200, {
    jsonrpc: "2.0",
    id,
    result: {
      success: true,
      message: order.unmatched ? `${found} found. ${VOICE_MESSAGES.unmatched(order.unmatched)}` : `${found} found.`,
      extracted_products: extractedProducts(order.items),
    },
  });
}
