import { lazy, Suspense, type ComponentProps } from "react";
import { Link, useLocation } from "react-router";
import type { AddressForm as EagerAddressForm } from "./AddressForm.tsx";
import { useI18n } from "../i18n.tsx";
import { place, withElements } from "../orders/order-text.tsx";

// The delivery form's code (Conform, the address schema, the map offer: about 40 kB gzip) is
// most of Review Order's JavaScript, and a returning shopper rarely opens the form. The server
// renders it into the page as usual (it works without JavaScript); the browser fetches its code
// only when a form is on screen, and while it comes the server's form stays in place (React
// leaves a suspended boundary's server HTML alone during hydration). A static import would pull
// the code into the page's first load, so the server awaits it here, once, at start.
const AddressFormCode = import.meta.env.SSR
  ? (await import("./AddressForm.tsx")).AddressForm
  : lazy(() =>
      import("./AddressForm.tsx").then(
        (m) => ({ default: m.AddressForm }),
        () => ({ default: AddressFormUnavailable }),
      ),
    );

function AddressFormUnavailable(_: ComponentProps<typeof EagerAddressForm>) {
  const { pathname, search } = useLocation();
  const i18n = useI18n();
  // One sentence to translate, the link in its place.
  return (
    <p role="alert" className="mt-4 rounded-lg border border-stone-200 p-4 text-sm text-stone-700">
      {withElements(i18n._("The address form could not load. {link} to try again.", { link: place("link") }), {
        link: (
          <Link to={pathname + search} reloadDocument className="font-medium text-brand-700 underline">
            {i18n._("Reload the page")}
          </Link>
        ),
      })}
    </p>
  );
}

/** The delivery form of Specification: Addresses ({@link EagerAddressForm}), its code fetched when shown. */
export function AddressForm(props: ComponentProps<typeof EagerAddressForm>) {
  const i18n = useI18n();
  return (
    <Suspense fallback={<p className="mt-4 text-sm text-stone-600">{i18n._("Loading the address form…")}</p>}>
      <AddressFormCode {...props} />
    </Suspense>
  );
}
