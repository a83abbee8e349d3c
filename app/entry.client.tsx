// The browser's entry: React Router's own (hydrate the document in a transition), except that
// hydration waits for the first frame. On a fast connection every script can arrive before the
// browser has painted once, and hydrating first holds the server's HTML off the screen until it
// is done (Lighthouse saw the home page's first paint wait 1 s behind it).
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { registerCatalogue } from "./components/i18n.tsx";
import { localeOfBasename } from "./domain/i18n/locale.ts";
import hindiCatalogue from "./locales/hi.json?url&no-inline";

function hydrate() {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
}

function whenPainted() {
  // requestAnimationFrame runs just before the next paint; the timeout, just after it.
  if (typeof requestAnimationFrame === "function" && document.visibilityState === "visible") requestAnimationFrame(() => setTimeout(hydrate, 0));
  else hydrate();
}

// A Hindi page (decision 052) first reads its messages (preloaded by the page's head). Without
// them the page stays as the server sent it, which works as it does without JavaScript.
const basename = (window as { __reactRouterContext?: { basename?: string } }).__reactRouterContext?.basename;
if (localeOfBasename(basename) === "hi") {
  fetch(hindiCatalogue)
    .then((response) => (response.ok ? response.json() : Promise.reject(new Error(`HTTP ${response.status}`))))
    .then((catalogue) => {
      registerCatalogue("hi", catalogue);
      whenPainted();
    })
    .catch(() => {});
} else whenPainted();
