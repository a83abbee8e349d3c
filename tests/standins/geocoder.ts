// A local stand-in for a Nominatim-compatible reverse geocoder (nominatim.org/release-docs:
// /reverse?format=jsonv2&lat=…&lon=…&addressdetails=1), for tests and for trying GEOCODER_URL:
// points in Gurugram answer with its address parts; anywhere else, Nominatim's own
// 'Unable to geocode'. It also serves map tiles (/tiles/{z}/{x}/{y}.png, one plain tile for
// every square) for MAP_TILES_URL.
import http from "node:http";
import type { AddressInfo } from "node:net";

// A 1×1 PNG of the colour of land on a map, stretched over each 256-pixel square.
const TILE = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4+/cvAAXuAvl2LVKGAAAAAElFTkSuQmCC", "base64");

const PLACES = [
  {
    south: 28.35,
    north: 28.55,
    west: 76.9,
    east: 77.15,
    address: { suburb: "Sector 29", city: "Gurugram", state_district: "Gurugram", state: "Haryana", postcode: "122002", country: "India", country_code: "in" },
  },
];

export async function startGeocoderStandin(options: { port?: number } = {}): Promise<{ url: string; tiles: string; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://standin");
    const send = (status: number, body: unknown) => res.writeHead(status, { "Content-Type": "application/json" }).end(JSON.stringify(body));
    if (/^\/tiles\/\d+\/\d+\/\d+\.png$/.test(url.pathname)) return res.writeHead(200, { "Content-Type": "image/png", "Cache-Control": "public, max-age=86400" }).end(TILE);
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
  return { url: `http://127.0.0.1:${port}`, tiles: `http://127.0.0.1:${port}/tiles/{z}/{x}/{y}.png`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
