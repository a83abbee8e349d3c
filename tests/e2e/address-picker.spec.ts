// The address picker (issue 15), with and without JavaScript: 'Deliver to' with the address cut
// at 48 characters, the search field's placeholder at 32, 'Change or Add New Address' (a dialog,
// or the chooser on the page), the choice remembered (?remember=1), and the header's city and PIN.
import { expect, open, product, test } from "./support.ts";

const long = { street: "Flat 1204, Tower B, DLF The Crest, Golf Course Road", zip: "122002" };
const short = { street: "9 MG Road", zip: "122018" };

test("the picker shows the address cut at 48 and 32 characters, and a new choice is remembered", async ({ page, hasJs, shopper: _signedIn, baseURL }) => {
  const post = (form: Record<string, string>) => page.request.post("/revieworder", { form, headers: { Origin: baseURL! }, maxRedirects: 0 });
  for (const a of [long, short]) {
    const answer = await post({ intent: "add-address", firstName: "Neha", lastName: "Gupta", email: "neha@example.in", phone: "9876501234", street: a.street, zip: a.zip });
    expect(answer.status()).toBe(303);
  }
  // The first address is the default; the second was chosen last.
  await open(page, "/address-test", hasJs);
  const picker = page.getByRole("region", { name: "Deliver to" });
  const longLine = `${long.street}, Gurgaon, Haryana ${long.zip}`;
  await expect(picker.getByText(`${[...longLine].slice(0, 48).join("").trimEnd()}…`, { exact: true })).toBeVisible();
  await expect(picker.getByText(`Gurgaon, Haryana ${long.zip}`, { exact: true })).toBeVisible();
  await expect(picker.getByRole("searchbox", { name: "Search products" })).toHaveAttribute("placeholder", `Deliver to ${[...longLine].slice(0, 32).join("").trimEnd()}…`);

  await picker.getByRole(hasJs ? "button" : "link", { name: "Change or Add New Address" }).click();
  const chooser = hasJs ? page.getByRole("dialog", { name: "Choose a delivery address" }) : page.getByRole("region", { name: "Choose a delivery address" });
  await expect(chooser).toBeVisible();
  await chooser.getByRole("button", { name: `Deliver here: Neha Gupta, ${short.street}, Gurgaon, Haryana ${short.zip}` }).click();
  await expect(page).toHaveURL(/\/address-test\?remember=1$/);
  await expect(page.getByRole("region", { name: "Deliver to" }).getByText(`${short.street}, Gurgaon, Haryana ${short.zip}`, { exact: true })).toBeVisible();
  // The header names the chosen address's city and PIN.
  await expect(page.getByRole("banner").getByText(`Gurgaon ${short.zip}`, { exact: true })).toBeVisible();

  // Without ?remember=1 the picker starts from the default address again; with it, the choice.
  await open(page, "/address-test", hasJs);
  await expect(page.getByRole("region", { name: "Deliver to" }).getByText(`Gurgaon, Haryana ${long.zip}`, { exact: true })).toBeVisible();
  await open(page, "/address-test?remember=1", hasJs);
  await expect(page.getByRole("region", { name: "Deliver to" }).getByText(`Gurgaon, Haryana ${short.zip}`, { exact: true })).toBeVisible();
});

test("a new address is added from the picker and chosen", async ({ page, hasJs, shopper: _signedIn }) => {
  await open(page, "/address-test", hasJs);
  await page
    .getByRole("region", { name: "Deliver to" })
    .getByRole(hasJs ? "button" : "link", { name: "Change or Add New Address" })
    .click();
  const chooser = hasJs ? page.getByRole("dialog", { name: "Choose a delivery address" }) : page.getByRole("region", { name: "Choose a delivery address" });
  await chooser.getByLabel("First name").fill("Ravi");
  await chooser.getByLabel("Last name").fill("Kumar");
  await chooser.getByLabel("Email address").fill("ravi@example.in");
  await chooser.getByLabel("Phone number").fill("9876512345");
  await chooser.getByLabel("Address line 1").fill("12 Sohna Road");
  await chooser.getByLabel("PIN code").fill("122018");
  await chooser.getByRole("button", { name: "Save & Continue" }).click();
  await expect(page).toHaveURL(/\/address-test\?remember=1$/);
  await expect(page.getByRole("region", { name: "Deliver to" }).getByText("12 Sohna Road, Gurgaon, Haryana 122018", { exact: true })).toBeVisible();
});

test("a new address is picked on the map: its place fills the form and stays as picked", async ({ page, hasJs, shopper: _signedIn }) => {
  test.skip(!hasJs, "the map needs JavaScript; without it the plain fields are the form");
  await open(page, "/address-test", hasJs);
  await page.getByRole("region", { name: "Deliver to" }).getByRole("button", { name: "Change or Add New Address" }).click();
  const chooser = page.getByRole("dialog", { name: "Choose a delivery address" });
  await chooser.getByRole("button", { name: "Pick the address on a map" }).click();
  const map = chooser.getByRole("application", { name: "Map: tap where the address is" });
  await expect(chooser.getByText("Tap the map where the address is.")).toBeVisible();
  await map.click();
  await expect(chooser.getByLabel("Address line 1")).toHaveValue("Sector 29");
  await expect(chooser.getByLabel("City")).toHaveValue("Gurugram");
  await expect(chooser.getByLabel("PIN code")).toHaveValue("122002");
  await expect(chooser.getByLabel("PIN code")).toHaveAttribute("readonly", "");
  await chooser.getByLabel("First name").fill("Meera");
  await chooser.getByLabel("Last name").fill("Shah");
  await chooser.getByLabel("Email address").fill("meera@example.in");
  await chooser.getByLabel("Phone number").fill("9876523456");
  await chooser.getByRole("button", { name: "Save & Continue" }).click();
  await expect(page).toHaveURL(/\/address-test\?remember=1$/);
  await expect(page.getByRole("region", { name: "Deliver to" }).getByText("Gurugram, Haryana 122002", { exact: true })).toBeVisible();
});

test("'Skip and type manually' leaves the map for plain fields", async ({ page, hasJs, shopper: _signedIn }) => {
  test.skip(!hasJs, "the map needs JavaScript");
  await open(page, "/address-test", hasJs);
  await page.getByRole("region", { name: "Deliver to" }).getByRole("button", { name: "Change or Add New Address" }).click();
  const chooser = page.getByRole("dialog", { name: "Choose a delivery address" });
  await chooser.getByRole("button", { name: "Pick the address on a map" }).click();
  // A tap before the map has loaded lands on nothing: the shopper waits for its prompt.
  await expect(chooser.getByText("Tap the map where the address is.")).toBeVisible();
  await chooser.getByRole("application", { name: "Map: tap where the address is" }).click();
  await expect(chooser.getByLabel("PIN code")).toHaveAttribute("readonly", "");
  await chooser.getByRole("button", { name: "Skip and type manually" }).click();
  await expect(chooser.getByRole("application")).toHaveCount(0);
  await expect(chooser.getByLabel("PIN code")).not.toHaveAttribute("readonly", "");
  await chooser.getByLabel("PIN code").fill("122018");
  await expect(chooser.getByLabel("PIN code")).toHaveValue("122018");
});

test("the account's addresses carry the same picker", async ({ page, hasJs, shopper: _signedIn, baseURL }) => {
  const post = (form: Record<string, string>) => page.request.post("/revieworder", { form, headers: { Origin: baseURL! }, maxRedirects: 0 });
  for (const a of [long, short]) {
    expect((await post({ intent: "add-address", firstName: "Neha", lastName: "Gupta", email: "neha@example.in", phone: "9876501234", street: a.street, zip: a.zip })).status()).toBe(
      303,
    );
  }
  await open(page, "/myaccount/addresses", hasJs);
  const picker = page.getByRole("region", { name: "Deliver to" });
  // The second address was chosen last (adding one chooses it).
  await expect(picker.getByText(`Gurgaon, Haryana ${short.zip}`, { exact: true })).toBeVisible();
  await picker.getByRole(hasJs ? "button" : "link", { name: "Change or Add New Address" }).click();
  const chooser = hasJs ? page.getByRole("dialog", { name: "Choose a delivery address" }) : page.getByRole("region", { name: "Choose a delivery address" });
  await chooser.getByRole("button", { name: `Deliver here: Neha Gupta, ${long.street}, Gurgaon, Haryana ${long.zip}` }).click();
  await expect(page).toHaveURL(/\/myaccount\/addresses$/);
  await expect(page.getByRole("region", { name: "Deliver to" }).getByText(`Gurgaon, Haryana ${long.zip}`, { exact: true })).toBeVisible();
  await expect(page.getByRole("banner").getByText(`Gurgaon ${long.zip}`, { exact: true })).toBeVisible();
});

test("Review Order carries the same picker: the order goes where it points", async ({ page, hasJs, shopper: _signedIn, baseURL }) => {
  const post = (url: string, form: Record<string, string>) => page.request.post(url, { form, headers: { Origin: baseURL! }, maxRedirects: 0 });
  for (const a of [long, short]) {
    expect(
      (
        await post("/revieworder", { intent: "add-address", firstName: "Neha", lastName: "Gupta", email: "neha@example.in", phone: "9876501234", street: a.street, zip: a.zip })
      ).status(),
    ).toBe(303);
  }
  const dal = product("Haat Select Masoor Dal (Malka)");
  expect((await post("/cart", { intent: "add", internal_reference: dal.variants[0]!.internal_reference })).status()).toBe(303);

  await open(page, "/revieworder", hasJs);
  const picker = page.getByRole("region", { name: "Deliver to" });
  await expect(picker.getByText(`${short.street}, Gurgaon, Haryana ${short.zip}`, { exact: true })).toBeVisible();
  await picker.getByRole(hasJs ? "button" : "link", { name: "Change or Add New Address" }).click();
  const chooser = hasJs ? page.getByRole("dialog", { name: "Choose a delivery address" }) : page.getByRole("region", { name: "Choose a delivery address" });
  await chooser.getByRole("button", { name: `Deliver here: Neha Gupta, ${long.street}, Gurgaon, Haryana ${long.zip}` }).click();
  await expect(page).toHaveURL(/\/revieworder$/);
  await expect(page.getByRole("region", { name: "Deliver to" }).getByText(`Gurgaon, Haryana ${long.zip}`, { exact: true })).toBeVisible();
  // The page's own list agrees: the chosen address comes first, marked as the one delivered to.
  await expect(page.getByRole("list", { name: "Saved addresses" }).getByRole("listitem").first()).toContainText(long.street);

  // 'Add a new address' in the chooser opens Review Order's delivery form.
  await page
    .getByRole("region", { name: "Deliver to" })
    .getByRole(hasJs ? "button" : "link", { name: "Change or Add New Address" })
    .click();
  await (hasJs ? page.getByRole("dialog", { name: "Choose a delivery address" }) : page.getByRole("region", { name: "Choose a delivery address" }))
    .getByRole("link", { name: "Add a new address" })
    .click();
  await expect(page).toHaveURL(/\/revieworder\?address=new$/);
  await expect(page.getByRole("heading", { name: "New delivery address" })).toBeVisible();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  if (hasJs) await expect(page.getByRole("button", { name: "Pick the address on a map" })).toBeVisible();
});
