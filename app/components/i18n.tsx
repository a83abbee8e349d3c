// The page's language for every component (issue 27, decision 052). `i18n._("Add to Cart")`
// is how a component says a message: Lingui's extractor finds these calls (the object must be
// named `i18n`), the English text is the id, and the Hindi catalogue gives its translation.
// The language is the router's basename ("/hi" on Hindi pages), known even on an error page.
import { useHref } from "react-router";
import { localeOfBasename } from "../domain/i18n/locale.ts";
import type { I18n } from "../domain/i18n/messages.ts";
import { useSyncExternalStore } from "react";
import { i18nFor, onCatalogueChange } from "../domain/i18n/registry.ts";

export type { I18n };
export { i18nFor, registerCatalogue } from "../domain/i18n/registry.ts";

/** The page's language and its messages. */
export function useI18n(): I18n {
  const locale = localeOfBasename(useHref("/"));
  // A new catalogue (a Hindi page's whole one, after its slice) makes a new I18n: said again.
  const current = () => i18nFor(locale);
  return useSyncExternalStore(onCatalogueChange, current, current);
}
