// GET /api/location?lat=…&lon=…: where the shopper is, for the header's 'Use my location'
// (Specification: Header; issue 15). The browser asks only when the shopper taps the control.
import { waysIn } from "../server/ways-in.server.ts";
import { clientAddressOf } from "../server/context.server.ts";
import { appEnv } from "../server/env.server.ts";
import { reverseGeocode } from "../server/geo/geocoder.server.ts";
import type { Route } from "./+types/api.location";

const coordinate = (raw: string | null, limit: number) => {
  const n = Number(raw);
  return raw !== null && raw.trim() !== "" && Number.isFinite(n) && Math.abs(n) <= limit ? n : null;
};

export async function loader({ url, context }: Route.LoaderArgs) {
  const lat = coordinate(url.searchParams.get("lat"), 90);
  const lon = coordinate(url.searchParams.get("lon"), 180);
  const headers = { "Cache-Control": "private, no-store" };
  if (lat === null || lon === null) return Response.json({ place: null, error: "lat and lon must be coordinates" }, { status: 400, headers });
  if (!(await waysIn(context).useCases.limits.hitLimit("locationPerAddress", clientAddressOf(context))).allowed)
    return Response.json({ place: null, error: "Too many requests" }, { status: 429, headers });
  return Response.json({ place: await reverseGeocode(appEnv(), lat, lon) }, { headers });
}
