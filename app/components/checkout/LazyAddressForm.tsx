import type { ComponentProps } from "react";
import { Link, useLocation } from "react-router";
import type { AddressForm as EagerAddressForm } from "./AddressForm.tsx";
import { carryMessages, useI18n } from "../i18n.tsx";
import { place, withElements } from "../orders/order-text.tsx";
import { later } from "../later.tsx";

// The delivery form's code (Conform, the address schema, the map offer: about 40 kB gzip) is
// most of Review Order's JavaScript, and a returning shopper rarely opens the form. The server
// renders it into the page as usual (it works without JavaScript); the browser fetches its code
// only when a form is on screen, and while it comes the server's form stays in place
// (components/later.tsx).
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

function AddressFormLoading() {
  const i18n = useI18n();
  return <p className="mt-4 text-sm text-stone-600">{i18n._("Loading the address form…")}</p>;
}

const AddressFormLater = later(import.meta.env.SSR ? await import("./AddressForm.tsx") : () => import("./AddressForm.tsx"), "AddressForm", {
  fallback: AddressFormLoading,
  failed: AddressFormUnavailable,
});

/** The delivery form of Specification: Addresses ({@link EagerAddressForm}), its code fetched when shown. */
export function AddressForm(props: ComponentProps<typeof EagerAddressForm>) {
  // The loading line shows only in the browser: a Hindi page carries it (components/i18n.tsx).
  carryMessages(useI18n(), ["Loading the address form…"]);
  return <AddressFormLater {...props} />;
}
