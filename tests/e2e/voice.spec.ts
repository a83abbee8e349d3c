// Ordering by voice or by a typed list (issue 15), with and without JavaScript: a typed list
// to the cart, a signed-out shopper coming back to the same list after signing in, an uploaded
// recording transcribed by the embedded engine, and (with JavaScript) a recording from a fake
// microphone. The speech is made by espeak-ng; without it, or without PocketSphinx, those
// journeys are skipped (.ci/run installs both).
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, expectToast, open, signInOnPage, test } from "./support.ts";

/** A recording of `text` by espeak-ng, as a WAV file, or null when espeak-ng is not installed. */
function speech(text: string, name: string): string | null {
  try {
    const file = path.join(os.tmpdir(), `haat-voice-${name}.wav`);
    execFileSync("espeak-ng", ["-v", "en-us", "-s", "140", "-w", file, text]);
    return file;
  } catch {
    return null;
  }
}
const voiceReady = fs.existsSync("/usr/share/pocketsphinx/model/en-us/en-us/mdef") && fs.existsSync("/usr/bin/ffmpeg");
const spoken = speech("two kilo basmati rice", "upload");

// A fake microphone that says the sentence once (the page asks for it only when Start is tapped).
const microphone = speech("two kilo basmati rice", "microphone");
test.use({
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--use-fake-ui-for-media-stream",
      "--use-fake-device-for-media-stream",
      ...(microphone ? [`--use-file-for-fake-audio-capture=${microphone}%noloop`] : []),
    ],
  },
});

const items = (page: import("@playwright/test").Page) => page.getByRole("list", { name: "Items found in your list" });

test("'Find items' with an empty box says to type the list first", async ({ page, hasJs }) => {
  await open(page, "/voicesearch", hasJs);
  await page.getByRole("button", { name: "Find items" }).click();
  await expect(page).toHaveURL(/\/voicesearch\?list=$/);
  await expect(page.getByRole("alert").filter({ hasText: "Type or paste your list first." })).toBeVisible();
});

test("an item only guessed at (a misspelling) is asked about, not ticked", async ({ page, hasJs }) => {
  await open(page, "/voicesearch", hasJs);
  await page.getByRole("textbox", { name: /^Your list/ }).fill("ek kilo basmti, ek kilo toor dal");
  await page.getByRole("button", { name: "Find items" }).click();
  const guessed = items(page).getByRole("listitem").filter({ hasText: "ek kilo basmti" });
  await expect(guessed.getByText("Did you mean…?", { exact: true })).toBeVisible();
  await expect(guessed.getByRole("checkbox", { name: /^Add / })).not.toBeChecked();
  const named = items(page).getByRole("listitem").filter({ hasText: "ek kilo toor dal" });
  await expect(named.getByText("Found", { exact: true })).toBeVisible();
  await expect(named.getByRole("checkbox", { name: /^Add / })).toBeChecked();
});

test("a typed list goes to the cart, each item with its quantity", async ({ page, hasJs, shopper: _signedIn }) => {
  await open(page, "/voicesearch", hasJs);
  await expect(page.getByRole("heading", { name: "Order by voice", level: 1 })).toBeVisible();
  await page.getByRole("textbox", { name: /^Your list/ }).fill("do kilo chawal, ek kilo toor dal aur aadha kilo badam\nteen packet maggi");
  await page.getByRole("button", { name: "Find items" }).click();
  await expect(page).toHaveURL(/\/voicesearch\?list=/);
  const list = items(page);
  await expect(list.getByRole("listitem")).toHaveCount(4);
  const rice = list.getByRole("listitem").filter({ hasText: "do kilo chawal" });
  await expect(rice.getByText("Found", { exact: true })).toBeVisible();
  await expect(rice.getByRole("link", { name: "Haat Select Basmati Rice" })).toBeVisible();
  await expect(rice.getByRole("spinbutton", { name: "Quantity of Haat Select Basmati Rice" })).toHaveValue("2");
  await expect(list.getByRole("listitem").filter({ hasText: "teen packet maggi" }).getByText("Not Found", { exact: true })).toBeVisible();
  await expect(page.getByText("1 item(s) couldn’t be matched in your system.")).toBeVisible();

  // The shopper changes one quantity and leaves one item out.
  await list.getByRole("spinbutton", { name: "Quantity of Haat Select California Almonds" }).fill("2");
  await list.getByRole("checkbox", { name: "Add Haat Select Toor Dal (Unpolished)" }).uncheck();
  await page.getByRole("button", { name: "Add to cart" }).click();
  await expect(page).toHaveURL(/\/addtocart$/);
  await expectToast(page, "2 items added to your cart.", hasJs);
  const cart = page.getByRole("list", { name: "Cart items" });
  await expect(cart.getByRole("article", { name: "Haat Select Basmati Rice" }).getByRole("status", { name: "Quantity of Haat Select Basmati Rice" })).toHaveText("2");
  await expect(cart.getByRole("article", { name: "Haat Select California Almonds" }).getByRole("status", { name: "Quantity of Haat Select California Almonds" })).toHaveText("2");
  await expect(cart.getByRole("article", { name: "Haat Select Toor Dal (Unpolished)" })).toHaveCount(0);
});

test("a signed-out shopper signs in and comes back to the same list", async ({ page, hasJs, shopper, context }) => {
  await context.clearCookies();
  await open(page, `/voicesearch?list=${encodeURIComponent("ek kilo cheeni")}`, hasJs);
  await expect(items(page).getByRole("link", { name: "Haat Select White Sugar (Sulphur-free)" })).toBeVisible();
  await page.getByRole("button", { name: "Add to cart" }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/signin");
  await signInOnPage(page, shopper);
  await expect(page).toHaveURL((url) => url.pathname === "/voicesearch" && url.searchParams.get("list") === "ek kilo cheeni");
  await expect(items(page).getByRole("link", { name: "Haat Select White Sugar (Sulphur-free)" })).toBeVisible();
});

test("an uploaded recording is transcribed and its items found", async ({ page, hasJs }) => {
  test.skip(!voiceReady || !spoken, "PocketSphinx, ffmpeg or espeak-ng is not installed");
  await open(page, "/voicesearch", hasJs);
  await expect(page.getByText("No audio yet")).toBeVisible();
  await page.getByLabel("Upload a recording (audio or video)").setInputFiles(spoken!);
  await page.getByRole("button", { name: "Upload", exact: true }).click();
  await expect(page.getByRole("region", { name: "Transcript" }).getByText("two kilo basmati rice", { exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole("list", { name: "Timed segments" }).getByRole("listitem").first()).toContainText("two kilo basmati rice");
  await expect(page.getByText(/Language: en · Engine: pocketsphinx/)).toBeVisible();
  await expect(items(page).getByRole("link", { name: "Haat Select Basmati Rice" })).toBeVisible();
  await expect(items(page).getByRole("spinbutton", { name: "Quantity of Haat Select Basmati Rice" })).toHaveValue("2");
});

test("a file that is not audio is refused by its content", async ({ page, hasJs }) => {
  test.skip(!voiceReady, "PocketSphinx or ffmpeg is not installed");
  const fake = path.join(os.tmpdir(), "haat-voice-not-audio.mp3");
  fs.writeFileSync(fake, "this is text, not a recording\n".repeat(4));
  await open(page, "/voicesearch", hasJs);
  await page.getByLabel("Upload a recording (audio or video)").setInputFiles(fake);
  await page.getByRole("button", { name: "Upload", exact: true }).click();
  await expect(page.getByRole("alert").filter({ hasText: "That file is not audio or video. Please upload a recording." })).toBeVisible();
});

test("a recording made in the page is transcribed", async ({ page, hasJs }) => {
  test.skip(!hasJs, "recording needs JavaScript");
  test.skip(!voiceReady || !microphone, "PocketSphinx, ffmpeg or espeak-ng is not installed");
  await open(page, "/voicesearch", hasJs);
  await page.getByRole("button", { name: "Start" }).click();
  // The shopper speaks for as long as the sentence lasts (about two seconds), then stops.
  await expect(page.getByRole("status").filter({ hasText: "Recording…" })).toBeVisible();
  await expect(page.getByText("0:03", { exact: true })).toBeVisible({ timeout: 10_000 });
  await page.getByRole("button", { name: "Stop" }).click();
  await expect(page.getByLabel("Your recording")).toBeVisible();
  await expect(items(page).getByRole("link", { name: "Haat Select Basmati Rice" })).toBeVisible({ timeout: 20_000 });
  // Start again: the last transcript and its segments go at once.
  await expect(page.getByRole("heading", { name: "Transcript" })).toBeVisible();
  await page.getByRole("button", { name: "Start" }).click();
  await expect(page.getByRole("heading", { name: "Transcript" })).toBeHidden();
  await expect(page.getByRole("list", { name: "Timed segments" })).toBeHidden();
});

test("the order backend's JSON call finds the items of a transcript", async ({ page, hasJs, baseURL }) => {
  test.skip(!hasJs, "one project is enough for a JSON call");
  const answer = await page.request.post("/orders/audio", { data: { params: { transcription_text: "do kilo chawal aur ek kilo chicken" } }, headers: { Origin: baseURL! } });
  expect(answer.status()).toBe(200);
  const body = (await answer.json()) as { result: { success: boolean; message: string; extracted_products: Record<string, unknown>[] } };
  expect(body.result.success).toBe(true);
  expect(body.result.message).toBe("1 found. 1 item(s) couldn’t be matched in your system.");
  expect(body.result.extracted_products).toEqual([
    expect.objectContaining({ product_name: "Haat Select Basmati Rice", quantity: 2, found_in_system: true, internal_reference: "GP-RICE-BAS-1KG", price: expect.any(Number) }),
    expect.objectContaining({ product_name: "chicken", quantity: 1, unit: "kg", found_in_system: false, product_id: null }),
  ]);
  const empty = await page.request.post("/orders/audio", { data: { params: { transcription_text: " " } }, headers: { Origin: baseURL! } });
  expect(empty.status()).toBe(400);
  expect(((await empty.json()) as { result: { message: string } }).result.message).toBe("Nothing to send. Please record or upload audio first.");
});
