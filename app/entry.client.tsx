// The browser's entry: React Router's own (hydrate the document in a transition), except that
// hydration waits for the first frame. On a fast connection every script can arrive before the
// browser has painted once, and hydrating first holds the server's HTML off the screen until it
// is done (Lighthouse saw the home page's first paint wait 1 s behind it).
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";

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

// requestAnimationFrame runs just before the next paint; the timeout, just after it.
if (typeof requestAnimationFrame === "function" && document.visibilityState === "visible") requestAnimationFrame(() => setTimeout(hydrate, 0));
else hydrate();
