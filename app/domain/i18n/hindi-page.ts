// What a Hindi page's script does before it takes over the page (decision 052): register the
// Hindi messages the page carries with how Hindi reads English said with values, hydrate, then
// fetch the whole catalogue its head names, and only then declare its font. Loaded by URL from entry.client.tsx on Hindi pages only (vite.config.ts), so English
// pages carry none of it; it imports nothing of the page's own chunks (the registry comes as an
// argument), so loading it splits no chunk English pages load.
import type { Catalogue, Recognise } from "./messages.ts";
import type { Locale } from "./locale.ts";
import { recogniseEnglish } from "./recognise.ts";
import { addDevanagariFont } from "./devanagari-font.ts";

type Register = (locale: Locale, catalogue: Catalogue, recognise?: Recognise) => void;

/**
 * The page hydrates with the messages it carries (`slice`: those its server render looked up,
 * issue 43), then takes the whole catalogue for what it says once it is React's. A page without
 * its messages (a copy kept from before they were carried) waits for the whole catalogue first.
 * Without any, the page stays as the server sent it, which works as it does without JavaScript.
 */
export async function startHindiPage(catalogueUrl: string, slice: Catalogue | null, register: Register, hydrate: () => void): Promise<void> {
  const font = document.querySelector<HTMLMetaElement>('meta[name="haat-font"]')?.content;
  if (slice) {
    register("hi", slice, recogniseEnglish);
    hydrate();
  }
  const response = await fetch(catalogueUrl);
  if (!response.ok) return;
  register("hi", (await response.json()) as Catalogue, recogniseEnglish);
  if (!slice) hydrate();
  // The font after the page is React's (issue 43): declared at the load event, its download
  // (on a phone without the font) shared the slow link with the messages the page waited for.
  if (font) addDevanagariFont(font);
}
