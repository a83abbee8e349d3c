// Reverse geocoding for the header's 'Use my location' (Specification: Header; issue 15): a point to the
// place it is in, by a Nominatim-compatible service (GEOCODER_URL), asked by the server so the
// browser talks to the shop alone and no key reaches a page. Nothing is asked until the
// shopper taps the control.
import type { Env } from "../env.server.ts";
import { errorFields, log } from "../log.server.ts";
import { outsideCall } from "../telemetry/trace.server.ts";

export interface Place {
  /** 'Gurugram, 122002, India': city (or town, village, state), postcode, country. */
  text: string;
  /** House number, road and neighbourhood, for a new address picked on the map. */
  street: string | null;
  city: string | null;
  state: string | null;
  postcode: string | null;
  country: string | null;
}

interface NominatimReverse {
  address?: {
    house_number?: string;
    road?: string;
    neighbourhood?: string;
    suburb?: string;
    city?: string;
    town?: string;
    village?: string;
    state_district?: string;
    state?: string;
    postcode?: string;
    country?: string;
  };
  error?: string;
}

/** The header's words for a Nominatim answer (Specification: Header: city/town/village/state, postcode, country). */
export function placeOf(answer: NominatimReverse): Place | null {
  const a = answer.address;
  if (!a) return null;
  const city = a.city ?? a.town ?? a.village ?? a.state_district ?? null;
  const text = [city ?? a.state, a.postcode, a.country].filter((x): x is string => Boolean(x)).join(", ");
  const street = [a.house_number, a.road, a.neighbourhood ?? a.suburb].filter(Boolean).join(", ") || null;
  return text ? { text, street, city, state: a.state ?? null, postcode: a.postcode ?? null, country: a.country ?? null } : null;
}

export function geocoderConfigured(env: Env): boolean {
  return Boolean(env.GEOCODER_URL);
}

/** The map for picking a new address's point: its tiles and their credit, when both a tile server and a geocoder are set. */
export function mapConfig(env: Env): { tiles: string; attribution: string } | null {
  return env.MAP_TILES_URL && env.GEOCODER_URL ? { tiles: env.MAP_TILES_URL, attribution: env.MAP_ATTRIBUTION } : null;
}

/** The origin the map's tiles come from, for the CSP's img-src ('{s}.' subdomains become '*.'). */
export function tileOrigin(template: string): string {
  const url = new URL(template.replace(/\{s\}\./, "any-subdomain.").replace(/\{[a-z]\}/g, "0"));
  return url.origin.replace("any-subdomain.", "*.");
}

/** The place at a point, or null (no service, nothing there, or the service failing: the line stays empty). */
export function reverseGeocode(env: Env, lat: number, lon: number, fetcher: typeof fetch = fetch): Promise<Place | null> {
  const base = env.GEOCODER_URL;
  if (!base) return Promise.resolve(null);
  // A span for the call (issue 47): never its coordinates.
  return outsideCall("geocoder", "reverse", () => reverseGeocodeAt(base, env, lat, lon, fetcher));
}

async function reverseGeocodeAt(base: string, env: Env, lat: number, lon: number, fetcher: typeof fetch): Promise<Place | null> {
  const url = new URL("reverse", base.endsWith("/") ? base : `${base}/`);
  url.searchParams.set("format", "jsonv2");
  url.searchParams.set("lat", lat.toFixed(6));
  url.searchParams.set("lon", lon.toFixed(6));
  url.searchParams.set("zoom", "14");
  url.searchParams.set("addressdetails", "1");
  if (env.GEOCODER_KEY) url.searchParams.set("key", env.GEOCODER_KEY);
  try {
    // Nominatim's usage policy asks for an identifying User-Agent.
    const answer = await fetcher(url, {
      headers: { "User-Agent": "Haat shop (reverse geocoding for the delivery line)", "Accept-Language": "en-IN" },
      signal: AbortSignal.timeout(5000),
    });
    if (!answer.ok) throw new Error(`HTTP ${answer.status}`);
    return placeOf((await answer.json()) as NominatimReverse);
  } catch (error) {
    log.warn("reverse geocoding failed", { ...errorFields(error) });
    return null;
  }
}
