import { useHydrated } from "remix-utils/use-hydrated";
import { mailLink, whatsappLink, type SharedPage } from "../../domain/share.ts";
import { useI18n } from "../i18n.tsx";

/**
 * 'Share' (Specification: Product page, which the old app left without behaviour): links to share on WhatsApp
 * and by e-mail that work without JavaScript, and the device's own share sheet where the
 * browser has one (the Web Share API: Chrome on Android, Safari).
 */
export function ShareProduct({ page }: { page: SharedPage }) {
  // Only once hydrated: the server cannot know whether the browser has a share sheet.
  const sheet = useHydrated() && typeof navigator.share === "function";
  const i18n = useI18n();
  const link = "font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800";
  return (
    <div role="group" aria-label={i18n._("Share")} className="mt-4 flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
      <span className="font-medium text-stone-900">{i18n._("Share:")}</span>
      {sheet && (
        <button type="button" onClick={() => void navigator.share(page).catch(() => {})} className={link}>
          {i18n._("Share…")}
        </button>
      )}
      <a href={whatsappLink(page)} target="_blank" rel="noopener noreferrer" className={link}>
        WhatsApp
      </a>
      <a href={mailLink(page)} className={link}>
        {i18n._("E-mail")}
      </a>
    </div>
  );
}
