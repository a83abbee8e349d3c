// The staff's catalogue (issue 14), with and without JavaScript: staff find a variant, change its
// price and stock on hand, and a shopper sees the new price on its product page; a price the
// catalogue file's rules refuse is named on the form; staff give a variant a photo, and a text
// file named .jpg is refused (decision 041); a shopper is answered 404.
import sharp from "sharp";
import { expect, expectToast, open, productPath, rupees, staffPage, test } from "./support.ts";

// The second variant of a product no other journey reads: listings show the first, so changing
// this one moves no listing another journey counts. One per project (they run side by side).
const target = (hasJs: boolean) =>
  hasJs ? { title: "Haat Select Garam Masala", reference: "GP-SPC-GRM-250G" } : { title: "Haat Select Kashmiri Mirch Powder", reference: "GP-SPC-KMR-250G" };

test("staff change a variant's price and stock, and the shopper sees the new price", async ({ page, hasJs, baseURL, browser }) => {
  const { title, reference } = target(hasJs);
  const staff = await staffPage(browser, hasJs, baseURL!);
  await open(staff, "/staff/catalogue", hasJs);
  await expect(staff.getByRole("heading", { name: "Catalogue", level: 1 })).toBeVisible();
  await staff.getByRole("searchbox", { name: "Find products by name or internal reference" }).fill(reference);
  await staff.getByRole("button", { name: "Find" }).click();
  await expect(staff).toHaveURL(new RegExp(`q=${reference}`));

  const price = staff.getByRole("textbox", { name: `Price (₹) of ${reference}` });
  const old = Number(await price.inputValue());
  // Refused by the catalogue file's own rule, and named.
  await staff.getByRole("textbox", { name: `MRP (₹) of ${reference}` }).fill(String(old - 1));
  await price.fill(String(old));
  await staff.getByRole("button", { name: `Save ${reference}` }).click();
  await expect(staff.getByRole("alert").filter({ hasText: "MRP: mrp is below price" })).toBeVisible();

  await open(staff, `/staff/catalogue?q=${reference}`, hasJs);
  const next = old - 1;
  await staff.getByRole("textbox", { name: `Price (₹) of ${reference}` }).fill(String(next));
  const onHand = staff.getByRole("textbox", { name: `Stock on hand of ${reference}` });
  const stock = Number(await onHand.inputValue()) + 5;
  await onHand.fill(String(stock));
  await staff.getByRole("button", { name: `Save ${reference}` }).click();
  await expectToast(staff, `${reference} saved.`, hasJs);
  await expect(staff.getByRole("textbox", { name: `Price (₹) of ${reference}` })).toHaveValue(String(next));
  await expect(staff.getByText(new RegExp(`\\d+ held by orders · \\d+ for sale`)).first()).toBeVisible();
  await staff.context().close();

  await open(page, `${await productPath(page.request, title)}?variant=${reference}`, hasJs);
  await expect(
    page
      .getByRole("heading", { level: 1 })
      .locator("xpath=..")
      .getByText(`Price ${rupees(next)}`, { exact: true }),
  ).toBeVisible();
});

test("staff give a variant a photo; the shopper's product page shows it in the sizes made of it", async ({ page, hasJs, baseURL, browser }) => {
  // A second variant no other journey reads, one per project.
  const { title, reference } = hasJs
    ? { title: "Haat Select Jeera (Cumin Seeds)", reference: "GP-SPC-JRA-500G" }
    : { title: "Haat Select Green Cardamom 8 mm", reference: "GP-SPC-ELC-100G" };
  const staff = await staffPage(browser, hasJs, baseURL!);
  await open(staff, `/staff/catalogue?q=${reference}`, hasJs);
  const photo = staff.getByRole("form", { name: `Photo of ${reference}` });
  const field = photo.getByLabel(`Photo file of ${reference}`);

  await field.setInputFiles({ name: "notes.jpg", mimeType: "image/jpeg", buffer: Buffer.from("my shopping notes, saved as .jpg") });
  await photo.getByRole("button", { name: `Upload photo of ${reference}` }).click();
  await expect(staff.getByRole("alert").filter({ hasText: "The photo must be a JPEG, PNG or WebP image." })).toBeVisible();

  await open(staff, `/staff/catalogue?q=${reference}`, hasJs);
  const jpeg = await sharp({ create: { width: 1200, height: 900, channels: 3, background: "#7a9a40" } })
    .withExif({ IFD0: { Make: "PhoneCo", Artist: "A staff member" } })
    .jpeg()
    .toBuffer();
  await staff.getByLabel(`Photo file of ${reference}`).setInputFiles({ name: "IMG_0042.JPG", mimeType: "image/jpeg", buffer: jpeg });
  await staff.getByRole("button", { name: `Upload photo of ${reference}` }).click();
  await expectToast(staff, `${reference}: photo saved.`, hasJs);
  await expect(staff.getByRole("img", { name: `The first picture of ${reference}` })).toHaveAttribute("src", /^\/media\/[0-9a-f]{20}-1200x900-1200\.webp$/);
  await staff.context().close();

  await open(page, `${await productPath(page.request, title)}?variant=${reference}`, hasJs);
  const main = page.getByRole("img", { name: title, exact: true });
  await expect(main).toHaveAttribute("src", /^\/media\/[0-9a-f]{20}-1200x900-1200\.webp$/);
  await expect(main).toHaveAttribute("width", "1200");
  await expect(main).toHaveAttribute("height", "900");
  await expect(main).toHaveAttribute("srcset", /-240\.webp 240w, .*-480\.webp 480w, .*-960\.webp 960w, .*-1200\.webp 1200w$/);
  await expect.poll(() => main.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  // What is served is the shop's own file, not the upload: no EXIF left in it.
  const served = Buffer.from(await (await page.request.get((await main.getAttribute("src"))!)).body());
  expect((await sharp(served).metadata()).exif).toBeUndefined();
  expect(served.includes("A staff member")).toBe(false);
});

test("a shopper is answered 404 on the staff's catalogue", async ({ page, shopper: _signedIn, baseURL }) => {
  expect((await page.request.get("/staff/catalogue")).status()).toBe(404);
  const post = await page.request.post("/staff/catalogue", {
    form: { intent: "category", slug: "grocers-pick", status: "coming_soon" },
    headers: { Origin: baseURL! },
    maxRedirects: 0,
  });
  expect(post.status()).toBe(404);
});
