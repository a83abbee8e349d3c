// The header's language switch (issue 27): a plain link to /language, which keeps the choice and
// opens this same page in the other language. Each language is named in its own script.
import { LANGUAGE_NAME, HTML_LANG, LOCALES } from "../domain/i18n/locale.ts";
import { useI18n } from "./i18n.tsx";
import { useHere } from "./root-data.ts";

export function LanguageSwitch({ className }: { className?: string }) {
  const { locale } = useI18n();
  const here = useHere();
  const other = LOCALES.find((l) => l !== locale)!;
  // Not a <Link>: the other language's pages are another router's (its own basename).
  return (
    <a href={`/language?to=${other}&back=${encodeURIComponent(here)}`} hrefLang={HTML_LANG[other]} lang={HTML_LANG[other]} className={className}>
      {LANGUAGE_NAME[other]}
    </a>
  );
}
