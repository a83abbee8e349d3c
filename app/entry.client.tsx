// The browser's entry: React Router's own (hydrate the document in a transition), except that
// hydration waits for the first frame. On a fast connection every script can arrive before the
// browser has painted once, and hydrating first holds the server's HTML off the screen until it
// is done (Lighthouse saw the home page's first paint wait 1 s behind it).
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { registerCatalogue } from "./domain/i18n/registry.ts";
import { MESSAGE_SLICE_CLASS } from "./domain/i18n/locale.ts";
import type { Catalogue } from "./domain/i18n/messages.ts";
import { PersonalContext, readDocumentPersonal } from "./components/splice-protocol.tsx";
import hindiReader from "virtual:hindi-reader";
import { noteTypedFields } from "./components/typed-before-hydration.ts";

function hydrate() {
  // The shopper's facts the page was rendered with (components/splice-protocol.tsx): read before hydrating.
  const personal = readDocumentPersonal();
  // What the shopper typed while the scripts came: given back once hydrated (root.tsx).
  noteTypedFields();
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <PersonalContext value={personal}>
          <HydratedRouter />
        </PersonalContext>
      </StrictMode>,
    );
  });
}

function whenPainted() {
  // requestAnimationFrame runs just before the next paint; the timeout, just after it.
  if (typeof requestAnimationFrame === "function" && document.visibilityState === "visible") requestAnimationFrame(() => setTimeout(hydrate, 0));
  else hydrate();
}

// A Hindi page (decision 052) registers the messages it carries before it hydrates (the
// scripts at its end), then fetches the whole catalogue its head names: its code by URL, so
// English pages carry none of it.
const catalogue = document.querySelector<HTMLMetaElement>('meta[name="haat-catalogue"]')?.content;
if (catalogue)
  (import(/* @vite-ignore */ hindiReader) as Promise<typeof import("./domain/i18n/hindi-page.ts")>)
    .then((m) => m.startHindiPage(catalogue, carriedMessages(), registerCatalogue, whenPainted))
    .catch(() => {});
else whenPainted();

/** The messages the page carries (server/message-slice.server.ts), or null when it carries none. */
function carriedMessages(): Catalogue | null {
  const scripts = document.querySelectorAll<HTMLScriptElement>(`script.${MESSAGE_SLICE_CLASS}`);
  if (scripts.length === 0) return null;
  try {
    return Object.assign({}, ...[...scripts].map((script) => JSON.parse(script.textContent ?? "{}") as Catalogue)) as Catalogue;
  } catch {
    return null;
  }
}
