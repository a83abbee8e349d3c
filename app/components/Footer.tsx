import { Link } from "react-router";
import { FOOTER_LINKS, SOCIAL_LINKS, store } from "../domain/store-config.ts";
import { useI18n } from "./i18n.tsx";
import { LiteModeSwitch } from "./LiteModeSwitch.tsx";
import { NewsletterForm } from "./NewsletterForm.tsx";
import { Img } from "./ui/Img.tsx";

export function Footer() {
  const i18n = useI18n();
  return (
    <footer className="keeps-neutrals mt-16 bg-stone-900 text-stone-200">
      {/* min-w-0 and breaking long words: the company's numbers and e-mail fit a 360 px screen. */}
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 break-words sm:grid-cols-2 lg:grid-cols-4 [&>*]:min-w-0">
        <section aria-labelledby="footer-company">
          <h2 id="footer-company" className="text-lg font-semibold text-white">
            {store.company.legalName}
          </h2>
          <address className="mt-3 text-sm not-italic leading-relaxed text-stone-300">{store.company.address}</address>
          <p className="mt-2 text-sm text-stone-300">{store.company.registration}</p>
          <p className="mt-2 text-sm text-stone-300">{store.company.fssaiLicence}</p>
          <NewsletterForm />
        </section>
        <nav aria-labelledby="footer-links">
          <h2 id="footer-links" className="text-lg font-semibold text-white">
            {i18n._("Information")}
          </h2>
          <ul className="mt-3 space-y-2 text-sm">
            {FOOTER_LINKS.map((l) => (
              <li key={l.to}>
                <Link to={l.to} className="hover:text-white hover:underline">
                  {i18n._(l.label)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <section aria-labelledby="footer-support">
          <h2 id="footer-support" className="text-lg font-semibold text-white">
            {i18n._("Support")}
          </h2>
          <p className="mt-3 text-sm text-stone-300">{i18n._(store.support.hours)}</p>
          <p className="mt-2 text-sm">
            <a href={`tel:${store.support.phone.replace(/\s+/g, "")}`} className="hover:text-white hover:underline">
              {store.support.phone}
            </a>
          </p>
          <p className="mt-3 text-sm text-stone-300">{i18n._("Need help with your order?")}</p>
          <p className="text-sm">
            <a href={`mailto:${store.support.email}`} className="hover:text-white hover:underline">
              {store.support.email}
            </a>
          </p>
          <LiteModeSwitch />
        </section>
        <section aria-labelledby="footer-apps">
          <h2 id="footer-apps" className="text-lg font-semibold text-white">
            {i18n._("Get the app")}
          </h2>
          <ul className="mt-3 space-y-3 text-sm">
            <AppBadge image="/images/badges/google-play.svg" label={i18n._("Android app")} note={i18n._(store.apps.android.note)} url={store.apps.android.url} />
            <AppBadge image="/images/badges/app-store.svg" label={i18n._("iOS app")} note={i18n._(store.apps.ios.note)} url={store.apps.ios.url} />
          </ul>
          <h2 className="mt-6 text-lg font-semibold text-white">{i18n._("Follow us")}</h2>
          <ul className="mt-3 flex gap-4 text-sm">
            {/* The blog's sidebar shows the same list (store-config): a page without an address is 'coming soon'. */}
            {SOCIAL_LINKS.map((s) => (
              <li key={s.label}>
                {s.href ? (
                  <a href={s.href} rel="noopener noreferrer" target="_blank" className="hover:text-white hover:underline">
                    {s.label}
                  </a>
                ) : (
                  <span title={i18n._("Coming soon")} className="text-stone-400">
                    {s.label} <span className="sr-only">{i18n._("(coming soon)")}</span>
                  </span>
                )}
              </li>
            ))}
          </ul>
        </section>
      </div>
      <p className="border-t border-stone-800 py-4 text-center text-xs text-stone-400">
        {i18n._("© {year} {name}. Prices include GST.", { year: new Date().getFullYear(), name: store.name })}
      </p>
    </footer>
  );
}

function AppBadge({ image, label, note, url }: { image: string; label: string; note: string; url: string }) {
  const badge = <Img src={image} alt={label} width={135} height={40} loading="lazy" className="h-10 w-auto" />;
  return (
    <li className="flex items-center gap-3">
      {/* No app is published yet: the badge links only once the store configuration has its address. */}
      {url ? <a href={url}>{badge}</a> : badge}
      <span className="text-stone-300">{note}</span>
    </li>
  );
}
