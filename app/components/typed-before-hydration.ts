// What a shopper typed, ticked or chose in the seconds between the server's page and its
// scripts (the hydration gap, docs/ARCHITECTURE.md, Progressive enhancement rule 6; issue 41). A controlled field starts from what its
// element holds when the scripts attach (valueFromPage, read while hydrating), so hydration does
// not give it an empty state; and as a net under every other field, the entry notes each field
// the shopper changed just before hydrating, and once the page is hydrated any that lost its
// value (or whose element was replaced) gets it back through the events React listens to.

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

interface Typed {
  element: Field;
  /** Where the field is when hydration replaced its element: its form, name and place among namesakes. */
  key: string;
  value?: string;
  checked?: boolean;
  selected?: boolean[];
}

let noted: Typed[] = [];

/**
 * For a controlled field's first state: what the page's element of this id holds while the page
 * hydrates (what the shopper typed before the scripts came), else `fallback`. Ids from useId are
 * the same on the server and in the browser, so the element found is the field's own server copy.
 */
export function valueFromPage<F extends string | null>(id: string, fallback: F): string | F {
  if (typeof document === "undefined") return fallback;
  const element = document.getElementById(id);
  return element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement ? element.value : fallback;
}

const UNKEPT_TYPES = new Set(["hidden", "file", "submit", "button", "reset", "image"]);

function keyOf(field: Field): string | null {
  const name = field.getAttribute("name") ?? field.id;
  if (!name) return null;
  const form = field.form;
  const forms = form ? [...document.forms].filter((f) => f.getAttribute("action") === form.getAttribute("action")) : [];
  const formKey = form ? `${form.getAttribute("action") ?? ""}#${forms.indexOf(form)}` : "";
  const namesakes = [...document.querySelectorAll<Field>("input, textarea, select")].filter((f) => f.form === form && (f.getAttribute("name") ?? f.id) === name);
  return `${formKey}|${name}|${namesakes.indexOf(field)}`;
}

function changed(field: Field): Omit<Typed, "element" | "key"> | null {
  if (field instanceof HTMLSelectElement) {
    const selected = [...field.options].map((o) => o.selected);
    return [...field.options].some((o) => o.selected !== o.defaultSelected) ? { selected } : null;
  }
  if (field instanceof HTMLInputElement && (field.type === "checkbox" || field.type === "radio")) {
    return field.checked !== field.defaultChecked ? { checked: field.checked } : null;
  }
  return field.value !== field.defaultValue ? { value: field.value } : null;
}

/** Just before hydrating: every field whose value is not the page's own. */
export function noteTypedFields(): void {
  noted = [];
  for (const field of document.querySelectorAll<Field>("input, textarea, select")) {
    if (field instanceof HTMLInputElement && UNKEPT_TYPES.has(field.type)) continue;
    const was = changed(field);
    const key = was && keyOf(field);
    if (was && key) noted.push({ element: field, key, ...was });
  }
}

function setValue(field: HTMLInputElement | HTMLTextAreaElement, value: string) {
  // React keeps a record of the value it last saw on the element's own `value` setter; the field
  // is emptied through it, then given its value through the prototype's, so React always sees a
  // change and a controlled field's state takes the value even where hydration left it in place.
  field.value = "";
  const prototype = field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(prototype, "value")?.set?.call(field, value);
  field.dispatchEvent(new Event("input", { bubbles: true }));
  field.dispatchEvent(new Event("change", { bubbles: true }));
}

/** The performance mark the root sets once the page is hydrated. */
export const HYDRATED_MARK = "haat:hydrated";

/** Once hydrated: each noted field holds what the shopper gave it again, and its state knows. */
export function restoreTypedFields(): void {
  const typed = noted;
  noted = [];
  if (typed.length === 0) return;
  const byKey = new Map<string, Field>();
  for (const field of document.querySelectorAll<Field>("input, textarea, select")) {
    const key = keyOf(field);
    if (key) byKey.set(key, field);
  }
  for (const t of typed) {
    const field = t.element.isConnected ? t.element : byKey.get(t.key);
    if (!field) continue;
    if (t.selected && field instanceof HTMLSelectElement) {
      if ([...field.options].every((o, i) => o.selected === t.selected![i])) continue;
      [...field.options].forEach((o, i) => (o.selected = t.selected![i] ?? false));
      field.dispatchEvent(new Event("change", { bubbles: true }));
    } else if (t.checked !== undefined && field instanceof HTMLInputElement) {
      // A click, as the shopper's: the field's own change handlers run.
      if (field.checked !== t.checked) field.click();
    } else if (t.value !== undefined && !(field instanceof HTMLSelectElement) && field.value !== t.value) {
      setValue(field, t.value);
    }
  }
}
