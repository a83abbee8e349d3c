// The shop in charts (issue 46 item 5), with and without JavaScript (this file runs in both
// projects), on a 360 px phone and a desk: an order placed for tomorrow shows in the slots' fill, a
// variant whose low-stock level staff raised shows under Low stock,
// every chart is drawn on the server with its table for screen readers, and a chart's figures
// download as a CSV. (That the figures equal a direct SQL count: tests/integration/dashboard.test.ts.)
import { slotLabel, type SlotKind } from "../../app/domain/delivery.ts";
import { expect, expectToast, fitsScreen, open, product, staffPage, test } from "./support.ts";

const CHARTS = ["Sales by day", "Orders and fill by slot", "Top products", "Low stock", "Payment failures and refunds", "'Notify Me' demand"];
const cashews = product("Haat Select Cashews W240");

test("staff see the shop in charts, with their tables and CSV downloads", async ({ page, hasJs, shopper: _signedIn, baseURL, browser }) => {
  const post = (path: string, form: Record<string, string>) => page.request.post(path, { form, headers: { Origin: baseURL! }, maxRedirects: 0 });
  expect((await post("/cart", { intent: "add", internal_reference: cashews.variants[0]!.internal_reference })).status()).toBe(303);
  await post("/revieworder", { intent: "add-address", firstName: "Ravi", lastName: "Kumar", email: "ravi@example.in", phone: "9812345678", street: "4 MG Road", zip: "122002" });
  const review = await (await page.request.get("/revieworder")).text();
  const cartId = /name="cart_id" value="(\d+)"/.exec(review)![1]!;
  const addressId = /name="address_id" value="(\d+)"/.exec(review)![1]!;
  const slot = /<input type="radio"(?![^>]*disabled)[^>]*name="slot"[^>]*value="([^"]+)"/.exec(review)![1]!;
  expect((await post("/revieworder", { intent: "place", cart_id: cartId, address_id: addressId, slot })).status()).toBe(303);
  const [date, kind] = slot.split("/") as [string, SlotKind];

  // Staff raise a variant's low-stock level above what is left (one variant per project: they run side by side).
  const watched = hasJs ? "GP-DRY-CSH-1KG" : "GP-DRY-ALM-1KG";
  const stocker = await staffPage(browser, hasJs, baseURL!);
  await open(stocker, `/staff/catalogue?q=${watched}`, hasJs);
  await stocker.getByRole("textbox", { name: new RegExp(`^Low stock below for ${watched} `) }).fill("1000");
  await stocker.getByRole("button", { name: `Save ${watched}` }).click();
  await expectToast(stocker, `${watched} saved.`, hasJs);
  await stocker.context().close();

  for (const viewport of [
    { width: 360, height: 740 },
    { width: 1280, height: 800 },
  ]) {
    const staff = await staffPage(browser, hasJs, baseURL!, { viewport });
    await open(staff, "/staff/orders", hasJs);
    await staff.getByRole("navigation", { name: "Staff" }).getByRole("link", { name: "Dashboard" }).click();
    await expect(staff.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
    for (const title of CHARTS) {
      const figure = staff.getByRole("figure", { name: title });
      await expect(figure.getByRole("heading", { name: title })).toBeVisible();
      await expect(figure.getByRole("link", { name: `Download ${title} (CSV)` })).toBeVisible();
    }
    // Drawn on the server: the charts are there without a script, as SVG.
    await expect(staff.getByRole("figure", { name: "Sales by day" }).locator("svg")).toBeVisible();
    // The slot's row in the fill table: at least this order (other journeys may book it too).
    const slotRow = staff.getByRole("table", { name: "Orders and fill by slot" }).getByRole("row", { name: new RegExp(`^${slotLabel({ date, kind }).replace(/[()]/g, "\\$&")} `) });
    const orders = Number((await slotRow.getByRole("cell").first().textContent())!.replace(/,/g, ""));
    expect(orders).toBeGreaterThanOrEqual(1);
    // Today's sales have this order in them.
    // The page's today (India's), read off it: a run across midnight reads the day the page counted.
    const asOf = /As of now, (\d{4}-\d{2}-\d{2})/.exec((await staff.getByText(/^As of now, /).textContent())!)![1]!;
    const today = staff.getByRole("table", { name: "Sales by day" }).getByRole("row", { name: new RegExp(`^${asOf} `) });
    expect(Number((await today.getByRole("cell").first().textContent())!.replace(/,/g, ""))).toBeGreaterThanOrEqual(1);
    // The watched variant is under Low stock, at the level staff gave it.
    const low = staff.getByRole("table", { name: "Low stock" }).getByRole("row").filter({ hasText: watched });
    await expect(low.getByRole("cell").last()).toHaveText("1,000");
    const fit = await fitsScreen(staff);
    expect(fit.overflow, fit.wider.join(", ")).toBeLessThanOrEqual(0);
    await staff.context().close();
  }

  // A chart's figures as a spreadsheet: the same columns as its table.
  const staff = await staffPage(browser, hasJs, baseURL!);
  const csv = await staff.request.get("/staff/dashboard.csv?widget=slots");
  expect(csv.headers()["content-type"]).toBe("text/csv; charset=utf-8");
  expect(csv.headers()["content-disposition"]).toMatch(/^attachment; filename="haat-slot-fill-\d{4}-\d{2}-\d{2}\.csv"$/);
  const lines = (await csv.text()).trim().split("\r\n");
  expect(lines[0]).toBe("Slot,Orders,Booked,Capacity,Fill");
  expect(lines).toHaveLength(22);
  const ours = lines.find((l) => l.startsWith(`${date} ${kind},`))!;
  expect(Number(ours.split(",")[1])).toBeGreaterThanOrEqual(1);
  expect((await staff.request.get("/staff/dashboard.csv?widget=nothing")).status()).toBe(404);
  await staff.context().close();
});
