import { Link, NavLink } from "react-router";
import { navPath } from "../domain/category.ts";
import { NAV_LABELS, store } from "../domain/store-config.ts";
import { later } from "./later.tsx";
import { SearchIcon } from "./ui/icons.tsx";
import { useI18n } from "./i18n.tsx";

// The search's suggestions (their fetching, keys and list) come once the page has hydrated: until
// then the server's field takes what is typed (the box starts from it) and submits as a plain form.
const SearchBox = later(import.meta.env.SSR ? await import("./SearchBox.tsx") : () => import("./SearchBox.tsx"), "SearchBox");
// The menus, the cart and account links and the delivery line are links and forms that work as
// the server sent them; what they do with scripts (the account menu, the location button, the
// cart's count as it changes) comes once the page has hydrated.
const MobileMenu = later(import.meta.env.SSR ? await import("./MobileMenu.tsx") : () => import("./MobileMenu.tsx"), "MobileMenu");
const HeaderActions = later(import.meta.env.SSR ? await import("./HeaderActions.tsx") : () => import("./HeaderActions.tsx"), "HeaderActions");
const LocationLine = later(import.meta.env.SSR ? await import("./LocationLine.tsx") : () => import("./LocationLine.tsx"), "LocationLine");

// The same array on every render: a part still waiting for its code is left as the server sent it.
const LINKS = NAV_LABELS.map((label) => ({ label, to: navPath(label) }));

export function Header() {
  const i18n = useI18n();
  return (
    <header className="sticky top-0 z-30 border-b border-stone-200 bg-surface/95 backdrop-blur">
      {/* One row of controls at 360 px (the commonest Android width in India): tight gaps and a smaller logo below 640 px. */}
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-1 gap-y-1 px-3 py-2 sm:gap-x-3 sm:px-4 md:gap-x-6 lg:flex-nowrap">
        <MobileMenu links={LINKS} />
        <Link to="/" className="flex shrink-0 items-center" aria-label={i18n._("Haat home")}>
          <img src="/images/logo.svg" alt="" width={112} height={34} className="h-7 w-auto sm:h-8" />
        </Link>
        {/* Every width sees the promise: below the row on phones and tablets, beside the logo on a laptop. */}
        <p className="order-last basis-full text-center text-xs leading-tight lg:order-none lg:basis-auto lg:text-left lg:text-sm">
          <span className="block font-semibold text-brand-700">{i18n._(store.deliveryPromise)}</span>
          <LocationLine />
        </p>
        <nav aria-label={i18n._("Main")} className="hidden md:block">
          <ul className="flex items-center gap-4 whitespace-nowrap text-sm font-medium lg:gap-5">
            {LINKS.slice(0, 4).map((l) => (
              <li key={l.to}>
                <NavLink to={l.to} end className={({ isActive }) => (isActive ? "text-brand-700 underline underline-offset-4" : "hover:text-brand-700")}>
                  {i18n._(l.label)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="ml-auto hidden w-full min-w-0 max-w-sm md:block">
          <SearchBox id="search-desktop" />
        </div>
        <details className="group ml-auto md:hidden">
          <summary className="flex h-10 w-10 cursor-pointer list-none items-center justify-center rounded hover:bg-stone-100 [&::-webkit-details-marker]:hidden">
            <SearchIcon />
            <span className="sr-only">{i18n._("Open search")}</span>
          </summary>
          <div className="absolute inset-x-0 top-full hidden border-b border-stone-200 bg-surface p-3 shadow-lg group-open:block">
            <SearchBox id="search-mobile" mobile />
          </div>
        </details>
        {LINKS.length > 4 && (
          <nav aria-label={i18n._("More")} className="hidden md:block">
            <ul className="flex gap-4 text-sm">
              {LINKS.slice(4).map((l) => (
                <li key={l.to}>
                  <NavLink to={l.to}>{i18n._(l.label)}</NavLink>
                </li>
              ))}
            </ul>
          </nav>
        )}
        <HeaderActions />
      </div>
    </header>
  );
}
