// The hydration gap's tools (issue 41): pages opened with their scripts held back, every field
// filled as a shopper would before the scripts arrive, and what each still holds once hydrated.
import type { Page } from "@playwright/test";
import { expect } from "./support.ts";

/** Holds every script of the shop until `release()`; pages load as they would on a slow phone. */
export async function holdScripts(page: Page): Promise<{ release(): void }> {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/.*\.js(\?.*)?$/, async (route) => {
    await gate;
    await route.continue();
  });
  return { release };
}

/** Opens a page with its scripts held back, as far as its server-rendered HTML. */
export async function openHeld(page: Page, url: string) {
  const held = await holdScripts(page);
  await page.goto(url, { waitUntil: "commit" });
  await expect(page.locator("main")).toBeAttached();
  // Whatever follows the main content (the shopper's footer; on a staff page, the scripts' tags): main is whole.
  await expect(page.locator("main ~ *").first()).toBeAttached();
  return held;
}

export interface Filled {
  /** Its place among the page's fields, and what names it in a failure. */
  index: number;
  name: string;
  value?: string;
  checked?: boolean;
}

const FIELDS = "main input, main textarea, main select, header input";

/**
 * Gives every visible, enabled field of the page's main part and header a value, as a shopper
 * typing before the scripts arrive would (text, numbers, e-mail, phone, text areas), picks the last
 * choice of each list and ticks each box and radio; gives back what each then holds. Done in the
 * page at once (before the scripts there is nothing but the browser's own fields to type into).
 */
export async function fillEverything(page: Page, words: string): Promise<Filled[]> {
  return page.locator(FIELDS).evaluateAll((fields: (HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement)[], words: string) => {
    const skipped = ["hidden", "file", "submit", "button", "image", "reset", "date", "time", "range", "color"];
    const filled: { index: number; name: string; value?: string; checked?: boolean }[] = [];
    fields.forEach((field, index) => {
      const box = field.getBoundingClientRect();
      const visible = box.width > 0 && box.height > 0 && getComputedStyle(field).visibility !== "hidden" && field.closest("details:not([open]) > :not(summary)") === null;
      if (!visible || field.disabled || ("readOnly" in field && field.readOnly) || skipped.includes(field.type)) return;
      const name = `${field.tagName.toLowerCase()} ${field.getAttribute("name") ?? field.id} #${index}`;
      if (field instanceof HTMLSelectElement) {
        const options = [...field.options].filter((o) => !o.disabled);
        if (options.length < 2) return;
        field.value = options.at(-1)!.value;
        filled.push({ index, name, value: field.value });
      } else if (field instanceof HTMLInputElement && (field.type === "checkbox" || field.type === "radio")) {
        field.checked = true;
        filled.push({ index, name });
      } else {
        const { type } = field;
        const min = Number((field as HTMLInputElement).min || 1);
        const max = Number((field as HTMLInputElement).max || 2);
        field.value =
          type === "number"
            ? String(Math.min(max, Math.max(min, 2)))
            : type === "email"
              ? "gap@example.in"
              : type === "tel"
                ? "9876543210"
                : type === "password"
                  ? "gap-password-1"
                  : field instanceof HTMLTextAreaElement
                    ? `${words} (a longer note)`
                    : words;
        // What the field took (a maxlength cuts a typed value short).
        if (field.maxLength > 0) field.value = field.value.slice(0, field.maxLength);
        filled.push({ index, name, value: field.value });
      }
    });
    // A radio ticked earlier in its group is unticked by a later one: what counts is what each holds now.
    for (const f of filled) if (f.value === undefined) f.checked = (fields[f.index] as HTMLInputElement).checked;
    return filled;
  }, words);
}

/** Once hydrated, each field holds what it was given before the scripts: the fields that do not, by name. */
export async function expectKept(page: Page, filled: Filled[], where: string) {
  expect(filled.length, `${where}: fields filled before the scripts`).toBeGreaterThan(0);
  const lost = () =>
    page.locator(FIELDS).evaluateAll(
      (fields: (HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement)[], filled: Filled[]) =>
        filled
          .filter((f) => {
            const field = fields[f.index];
            if (!field) return true;
            return f.value !== undefined ? field.value !== f.value : (field as HTMLInputElement).checked !== f.checked;
          })
          .map(
            (f) =>
              `${f.name}: ${f.value ?? f.checked} became ${fields[f.index] ? (f.value !== undefined ? fields[f.index]!.value : (fields[f.index] as HTMLInputElement).checked) : "gone"}`,
          ),
      filled,
    );
  await expect.poll(lost, { message: `${where}: fields that lost what was typed` }).toEqual([]);
}
