// Reverse geocoding for 'Use my location' (issue 15) against the Nominatim stand-in
// (tests/standins/geocoder.ts): a point in Gurugram named as the header shows it, anywhere
// else nothing, and a service that is down leaves the line empty.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readEnv } from "../../app/server/env.server.ts";
import { placeOf, reverseGeocode } from "../../app/server/geo/geocoder.server.ts";
import { startGeocoderStandin } from "../standins/geocoder.ts";

describe("reverse geocoding", () => {
  let standin: Awaited<ReturnType<typeof startGeocoderStandin>>;
  beforeAll(async () => {
    standin = await startGeocoderStandin();
  });
  afterAll(async () => {
    await standin?.close();
  });

  it("names a point as city, postcode, country, and nothing where there is no place", async () => {
    const env = readEnv({ GEOCODER_URL: standin.url });
    expect(await reverseGeocode(env, 28.4595, 77.0266)).toEqual({
      text: "Gurugram, 122002, India",
      street: "Sector 29",
      city: "Gurugram",
      state: "Haryana",
      postcode: "122002",
      country: "India",
    });
    expect(await reverseGeocode(env, 0, 0)).toBeNull();
    expect(await reverseGeocode(readEnv({}), 28.4595, 77.0266)).toBeNull();
    expect(await reverseGeocode(readEnv({ GEOCODER_URL: "http://127.0.0.1:9" }), 28.4595, 77.0266)).toBeNull();
  });

  it("falls back from city to town, village or state", () => {
    expect(placeOf({ address: { village: "Sohna", postcode: "122103", country: "India" } })?.text).toBe("Sohna, 122103, India");
    expect(placeOf({ address: { state: "Haryana", country: "India" } })?.text).toBe("Haryana, India");
    expect(placeOf({ error: "Unable to geocode" })).toBeNull();
  });
});
