// A Hindi page carries the messages it shows, not the whole catalogue (issue 43): the server
// notes each message a render looks up, and the page ends with those, which the browser
// registers before it hydrates. The whole catalogue (24 kB on the wire, 1,000 messages) comes
// after, for what the page says once it is React's. Before, a Hindi page waited for it: 1.3× an
// English page's hydration gap on Slow 3G.
import { AsyncLocalStorage } from "node:async_hooks";
import { MESSAGE_SLICE_CLASS, type Locale } from "../domain/i18n/locale.ts";
import type { Catalogue } from "../domain/i18n/messages.ts";

const noted = new AsyncLocalStorage<Set<string>>();

/**
 * The catalogue as the server looks messages up in it: every message found while a render is
 * noting (below) is noted, whether looked up by its id or recognised in English said with values.
 */
export function notingCatalogue(catalogue: Catalogue): Catalogue {
  const note = (id: string | symbol) => {
    if (typeof id === "string" && Object.hasOwn(catalogue, id)) noted.getStore()?.add(id);
  };
  // Only a read notes a message: every lookup reads the message it found (translate, recognise),
  // while Object.keys asks every property's descriptor (recognise's patterns, made once).
  return new Proxy(catalogue, {
    get(target, id, receiver) {
      note(id);
      return Reflect.get(target, id, receiver);
    },
  });
}

// Each language's catalogue as the pages' slices are cut from it: registered by server/i18n.server.ts,
// so the renderer needs none of the i18n module's imports (the bench's bare app renders with it too).
const sliced = new Map<Locale, Catalogue>();

/** The catalogue a language's pages carry their messages from; English has none (its messages are their ids). */
export function registerSlicedCatalogue(locale: Locale, catalogue: Catalogue): void {
  sliced.set(locale, catalogue);
}

/** The script that carries a page's messages, by their ids; none for a language without a catalogue. */
export function messageSliceOf(locale: Locale, ids: Iterable<string>): string {
  const catalogue = sliced.get(locale);
  return catalogue ? messageSliceScript(catalogue, ids) : "";
}

/** Runs `render` (and whatever it schedules) noting the messages it looks up into `into`. */
export function notingMessages<T>(into: Set<string>, render: () => T): T {
  return noted.run(into, render);
}

/**
 * The page's messages as a script the browser reads before it hydrates: JSON, never run (no
 * nonce needed), with `<` escaped so no message can close it. Empty when nothing was looked up.
 */
export function messageSliceScript(catalogue: Catalogue, ids: Iterable<string>): string {
  const slice: Catalogue = {};
  for (const id of ids) if (Object.hasOwn(catalogue, id)) slice[id] = catalogue[id]!;
  if (Object.keys(slice).length === 0) return "";
  return `<script type="application/json" class="${MESSAGE_SLICE_CLASS}">${JSON.stringify(slice).replace(/</g, "\\u003c")}</script>`;
}

/** The page with its messages put in just before `</body>` (at the end when there is none). */
export function withMessageSlice(html: Buffer, script: string): Buffer {
  if (!script) return html;
  const end = html.lastIndexOf("</body>");
  const at = end < 0 ? html.length : end;
  return Buffer.concat([html.subarray(0, at), Buffer.from(script), html.subarray(at)]);
}
