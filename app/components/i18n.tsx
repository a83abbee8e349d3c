// The page's language for every component (issue 27, decision 052). `i18n._("Add to Cart")`
// is how a component says a message: Lingui's extractor finds these calls (the object must be
// named `i18n`), the English text is the id, and the Hindi catalogue gives its translation.
// The language is the router's basename ("/hi" on Hindi pages), known even on an error page.
import { createContext, startTransition, useContext, useEffect, useState, type ReactNode } from "react";
import { useHref } from "react-router";
import { localeOfBasename } from "../domain/i18n/locale.ts";
import type { I18n } from "../domain/i18n/messages.ts";
import { catalogueGeneration, i18nFor, onCatalogueChange } from "../domain/i18n/registry.ts";

export type { I18n };
export { i18nFor, registerCatalogue } from "../domain/i18n/registry.ts";

/** The page's language and its messages. */
export function useI18n(): I18n {
  // Read so that a component says its messages again when more are registered (below).
  useContext(CatalogueGeneration);
  return i18nFor(localeOfBasename(useHref("/")));
}

/**
 * Messages a component shows only once the page is React's (a button that needs scripts, a
 * carousel's controls, a toast's close): said during its render too, so that a Hindi page carries
 * them (server/message-slice.server.ts) and shows them in Hindi before its whole catalogue comes.
 */
export function carryMessages(i18n: I18n, ids: readonly string[]): void {
  for (const id of ids) i18n._(id, {});
}

const CatalogueGeneration = createContext(0);

/**
 * Has every component that says messages say them again once a language's messages are
 * registered (a Hindi page's whole catalogue, after those it carried: issue 43). In a transition:
 * a part of the page still waiting for its code (Review Order's address form) is then left as the
 * server sent it until its code comes, where an urgent update would replace it, and what the
 * shopper typed in it.
 */
export function CatalogueUpdates({ children }: { children: ReactNode }) {
  const [seen, setSeen] = useState(catalogueGeneration);
  useEffect(() => {
    const update = () => startTransition(() => setSeen(catalogueGeneration()));
    // Registered between this render and now (the catalogue can arrive while the page hydrates).
    update();
    return onCatalogueChange(update);
  }, []);
  return <CatalogueGeneration value={seen}>{children}</CatalogueGeneration>;
}
