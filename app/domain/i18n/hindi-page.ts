// What a Hindi page's script does before it takes over the page (decision 052): declare its font
// for after the page has loaded, fetch the Hindi messages its head names, register them with how
// Hindi reads English said with values, then hydrate. Loaded by URL from entry.client.tsx on Hindi pages only (vite.config.ts), so English
// pages carry none of it; it imports nothing of the page's own chunks (the registry comes as an
// argument), so loading it splits no chunk English pages load.
import type { Catalogue, Recognise } from "./messages.ts";
import type { Locale } from "./locale.ts";
import { recogniseEnglish } from "./recognise.ts";
import { addDevanagariFont } from "./devanagari-font.ts";

type Register = (locale: Locale, catalogue: Catalogue, recognise?: Recognise) => void;

/** Without the messages the page stays as the server sent it, which works as it does without JavaScript. */
export async function startHindiPage(catalogueUrl: string, register: Register, hydrate: () => void): Promise<void> {
  const font = document.querySelector<HTMLMetaElement>('meta[name="haat-font"]')?.content;
  if (font) addDevanagariFont(font);
  const response = await fetch(catalogueUrl);
  if (!response.ok) return;
  register("hi", (await response.json()) as Catalogue, recogniseEnglish);
  hydrate();
}
