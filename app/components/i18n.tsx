// The page's language for every component (issue 27, decision 052). `i18n._("Add to Cart")`
// is how a component says a message: Lingui's extractor finds these calls (the object must be
// named `i18n`), the English text is the id, and the Hindi catalogue gives its translation.
// English pages carry only the English messages that are more than their text (plurals); the
// Hindi catalogue comes to the browser only on Hindi pages (entry.client.tsx).
import { createContext, useContext } from "react";
import type { Locale } from "../domain/i18n/locale.ts";
import type { I18n } from "../domain/i18n/messages.ts";
import { i18nFor } from "../domain/i18n/registry.ts";

export type { I18n };
export { hasCatalogue, i18nFor, registerCatalogue } from "../domain/i18n/registry.ts";

const I18nContext = createContext<Locale>("en");

export function I18nProvider({ locale, children }: { locale: Locale; children: React.ReactNode }) {
  return <I18nContext value={locale}>{children}</I18nContext>;
}

/** The page's language and its messages. */
export function useI18n(): I18n {
  return i18nFor(useContext(I18nContext));
}
