// The page's language for every component (issue 27, decision 052). `i18n._("Add to Cart")`
// is how a component says a message: Lingui's extractor finds these calls (the object must be
// named `i18n`), the English text is the id, and the Hindi catalogue gives its translation.
// The language is the router's basename ("/hi" on Hindi pages), known even on an error page.
import { useHref } from "react-router";
import { localeOfBasename } from "../domain/i18n/locale.ts";
import type { I18n } from "../domain/i18n/messages.ts";
import { i18nFor } from "../domain/i18n/registry.ts";

export type { I18n };
export { i18nFor, registerCatalogue } from "../domain/i18n/registry.ts";

/** The page's language and its messages. */
export function useI18n(): I18n {
  return i18nFor(localeOfBasename(useHref("/")));
}
