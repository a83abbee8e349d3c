// A local stand-in for a Nominatim-compatible reverse geocoder (nominatim.org/release-docs:
// /reverse?format=jsonv2&lat=…&lon=…&addressdetails=1), for tests and for trying GEOCODER_URL:
// points in Gurugram answer with its address parts; anywhere else, Nominatim's own
// 'Unable to geocode'.
import http from "node:http";
import type { AddressInfo } from "node:net";

const PLACES = [
  {
    south: 28.35,
    north: 28.55,
    west: 76.9,
    east: 77.15,
    address: { suburb: "Sector 29", city: "Gurugram", state_district: "Gurugram", state: "Haryana", postcode: "122002", country: "India", country_code: "in" },
  },
];

export async function startGeocoderStandin(options: { port?: number } = {}): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://standin");
    const send = (status: number, body: unknown) => res.writeHead(status, { "Content-Type": "application/json" }).end(JSON.stringify(body));
    if (url.pathname !== "/reverse") return send(404, { error: "Not found" });
    const lat = Number(url.searchParams.get("lat"));
    const lon = Number(url.searchParams.get("lon"));
    if (url.searchParams.get("format") !== "jsonv2" || !Number.isFinite(lat) || !Number.isFinite(lon))
      return send(400, { error: { code: 400, message: "Parameter 'lat'/'lon' missing or invalid" } });
    const place = PLACES.find((p) => lat >= p.south && lat <= p.north && lon >= p.west && lon <= p.east);
    if (!place) return send(200, { error: "Unable to geocode" });
    send(200, { place_id: 1, lat: String(lat), lon: String(lon), category: "place", type: "suburb", display_name: Object.values(place.address).join(", "), address: place.address });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
