import { useRef } from "react";
import { signOut } from "./forms.ts";
import { Form, Link } from "react-router";
import { MenuIcon } from "./ui/icons.tsx";
import { useI18n } from "./i18n.tsx";
import { LanguageSwitch } from "./LanguageSwitch.tsx";
import { useSplicePart } from "./splice-protocol.tsx";
import { useViewer } from "./root-data.ts";

// A <details> toggle: it opens without JavaScript; with it, following a link closes it.
// Signed in, it also lists My Account, Orders and Log Out (Specification: Header).
export function MobileMenu({ links }: { links: { label: string; to: string }[] }) {
  useSplicePart("mobile-menu", { links });
  const signedIn = useViewer() !== null;
  const ref = useRef<HTMLDetailsElement>(null);
  const close = () => ref.current?.removeAttribute("open");
  const i18n = useI18n();
  return (
    <details ref={ref} className="group md:hidden">
      <summary className="flex h-10 w-10 cursor-pointer list-none items-center justify-center rounded hover:bg-stone-100 [&::-webkit-details-marker]:hidden">
        <MenuIcon />
        <span className="sr-only">{i18n._("Menu")}</span>
      </summary>
      {/* Laid out only when open: a closed <details> still lays its content out (content-visibility), past a 360 px screen. */}
      <nav aria-label={i18n._("Mobile")} className="absolute inset-x-0 top-full hidden border-b border-stone-200 bg-surface shadow-lg group-open:block">
        <ul className="divide-y divide-stone-100">
          {links.map((l) => (
            <li key={l.to}>
              <Link to={l.to} onClick={close} className="block px-5 py-3 font-medium hover:bg-stone-50">
                {i18n._(l.label)}
              </Link>
            </li>
          ))}
          <li>
            <LanguageSwitch className="block px-5 py-3 font-medium hover:bg-stone-50" />
          </li>
          {signedIn && (
            <>
              <li>
                <Link to="/myaccount" onClick={close} className="block px-5 py-3 font-medium hover:bg-stone-50">
                  {i18n._("My Account")}
                </Link>
              </li>
              <li>
                <Link to="/orders" onClick={close} className="block px-5 py-3 font-medium hover:bg-stone-50">
                  {i18n._("Orders")}
                </Link>
              </li>
              <li>
                <Form method="post" action={signOut.action} onSubmit={close}>
                  <button type="submit" className="block w-full px-5 py-3 text-left font-medium hover:bg-stone-50">
                    {i18n._("Log Out")}
                  </button>
                </Form>
              </li>
            </>
          )}
        </ul>
      </nav>
    </details>
  );
}
