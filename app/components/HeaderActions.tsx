import { useRef } from "react";
import { signOut } from "./forms.ts";
import { useI18n } from "./i18n.tsx";
import { LanguageSwitch } from "./LanguageSwitch.tsx";
import { Form, Link } from "react-router";
import { AccountIcon } from "./ui/icons.tsx";
import { useCartCount, useHere, useViewer, useWishlistRefs } from "./root-data.ts";
import { useSplicePart } from "./splice-protocol.tsx";

function Badge({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <span aria-hidden="true" className="absolute -right-1 -top-1 min-w-5 rounded-full bg-accent-600 px-1 text-center text-xs font-bold leading-5 text-white">
      {count > 99 ? "99+" : count}
    </span>
  );
}

const iconLink = "relative flex h-10 w-10 items-center justify-center rounded hover:bg-stone-100";

// Wishlist, cart and account: the badges follow pending changes (optimistic), and the
// counts are in the links' names for screen readers.
export function HeaderActions() {
  useSplicePart("header-actions");
  const viewer = useViewer();
  const cartCount = useCartCount();
  const wishCount = useWishlistRefs().size;
  // Signing in comes back to this page; on the sign-in pages themselves, the link stays as it is.
  const here = useHere();
  const signIn = /^\/sign(in|up)\b/.test(here) ? here : `/signin?return_to=${encodeURIComponent(here)}`;
  const i18n = useI18n();
  const items = (count: number) => i18n._("{count, plural, one {# item} other {# items}}", { count });
  return (
    <div className="flex items-center gap-1">
      <LanguageSwitch className="mr-1 hidden rounded px-2 py-2 text-sm font-medium hover:bg-stone-100 md:block" />
      <Link to="/wishlist" className={iconLink} aria-label={wishCount > 0 ? i18n._("Wishlist, {items}", { items: items(wishCount) }) : i18n._("Wishlist")}>
        <svg width={22} height={22} viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth={2} strokeLinejoin="round">
          <path d="M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10Z" />
        </svg>
        <Badge count={wishCount} />
      </Link>
      <Link to="/addtocart" className={iconLink} aria-label={cartCount > 0 ? i18n._("Cart, {items}", { items: items(cartCount) }) : i18n._("Cart")}>
        <svg width={22} height={22} viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round">
          <path d="M3 4h2l2.4 11.2a2 2 0 0 0 2 1.6h7.7a2 2 0 0 0 2-1.5L21 8H6" />
          <circle cx="10" cy="20" r="1.2" />
          <circle cx="17" cy="20" r="1.2" />
        </svg>
        <Badge count={cartCount} />
      </Link>
      {viewer ? (
        <AccountMenu name={viewer.name} />
      ) : (
        <Link to={signIn} className={iconLink} aria-label={i18n._("Sign in")}>
          <AccountIcon />
        </Link>
      )}
    </div>
  );
}

// The account dropdown: a <details>, so it opens without JavaScript too.
function AccountMenu({ name }: { name: string }) {
  const ref = useRef<HTMLDetailsElement>(null);
  const close = () => ref.current?.removeAttribute("open");
  const item = "block w-full px-4 py-2 text-left text-sm hover:bg-stone-50";
  const i18n = useI18n();
  return (
    <details ref={ref} className="group relative">
      <summary className={`${iconLink} cursor-pointer list-none [&::-webkit-details-marker]:hidden`}>
        <AccountIcon />
        <span className="sr-only">{i18n._("Account menu")}</span>
      </summary>
      {/* Laid out only when open (a closed <details> still lays its content out, past a 360 px screen). */}
      <div className="absolute right-0 top-full z-40 mt-1 hidden w-52 rounded-md border border-stone-200 bg-surface py-1 shadow-lg group-open:block">
        <p className="truncate px-4 py-2 text-xs text-stone-600">{i18n._("Signed in as {name}", { name })}</p>
        <Link to="/myaccount" onClick={close} className={item}>
          {i18n._("My Account")}
        </Link>
        <Link to="/orders" onClick={close} className={item}>
          {i18n._("Orders")}
        </Link>
        <Form method="post" action={signOut.action} onSubmit={close}>
          <button type="submit" className={item}>
            {i18n._("Log Out")}
          </button>
        </Form>
      </div>
    </details>
  );
}
