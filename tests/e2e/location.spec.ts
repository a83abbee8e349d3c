// The header's location line (Specification: Header; issue 15): nothing is asked on load; 'Use my location'
// asks the browser when tapped and names the place (through the shop's geocoder), or says why not.
import { expect, open, test } from "./support.ts";

test.describe("with the browser's location", () => {
  test.use({ geolocation: { latitude: 28.4595, longitude: 77.0266 }, permissions: ["geolocation"] });

  test("'Use my location' names the place the shopper is in", async ({ page, hasJs }) => {
    test.skip(!hasJs, "the browser's location needs JavaScript");
    await open(page, "/", hasJs);
    const header = page.getByRole("banner");
    await header.getByRole("button", { name: "Use my location" }).click();
    await expect(header.getByText("Gurugram, 122002, India", { exact: true })).toBeVisible();
  });
});

test("a refused permission is said, and nothing else changes", async ({ page, hasJs }) => {
  test.skip(!hasJs, "the browser's location needs JavaScript");
  await open(page, "/", hasJs);
  const header = page.getByRole("banner");
  await header.getByRole("button", { name: "Use my location" }).click();
  await expect(header.getByRole("alert")).toHaveText("Location permission was denied.");
});

test("without JavaScript the header asks for nothing", async ({ page, hasJs }) => {
  test.skip(hasJs, "the page as rendered");
  await open(page, "/", hasJs);
  await expect(page.getByRole("banner").getByRole("button", { name: "Use my location" })).toHaveCount(0);
});
