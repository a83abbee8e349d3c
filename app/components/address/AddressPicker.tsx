import { useEffect, useRef } from "react";
import { Form, Link, useRevalidator } from "react-router";
import { useHydrated } from "remix-utils/use-hydrated";
import { addressLine, shortAddress, type AddressView } from "../../domain/address.ts";
import { reviewOrder } from "../forms.ts";
import { useI18n, carryMessages } from "../i18n.tsx";

/** Fired on window when the shopper's addresses change, so every picker on the page shows the new choice. */
export const ADDRESS_UPDATED = "address-updated";

/**
 * 'Deliver to' (Specification: Address picker and Transaction constants): the chosen address cut at 48 characters, its city, state
 * and PIN, and 'Change or Add New Address': a dialog with JavaScript, the same chooser in the
 * page without it (`?change=1`). On /address-test (the specification's demo, `search`), a search
 * field whose placeholder shows the address cut at 32; checkout has no product search in it.
 */
export function AddressPicker({
  chosen,
  addresses,
  changing,
  here,
  back,
  search = false,
  children,
}: {
  chosen: AddressView | null;
  addresses: AddressView[];
  changing: boolean;
  /** This page without `change=1`: where the no-JavaScript chooser opens and closes. */
  here: string;
  /** Where a choice comes back to. */
  back: string;
  /** The demo page's product search field (Specification: Address picker). */
  search?: boolean;
  children?: React.ReactNode;
}) {
  const hydrated = useHydrated();
  const dialog = useRef<HTMLDialogElement>(null);
  const revalidator = useRevalidator();
  const line = chosen ? addressLine(chosen) : "";
  const i18n = useI18n();
  carryMessages(i18n, ["Choose a delivery address", "Close"]);

  useEffect(() => {
    const update = () => void revalidator.revalidate();
    window.addEventListener(ADDRESS_UPDATED, update);
    return () => window.removeEventListener(ADDRESS_UPDATED, update);
  }, [revalidator]);

  const chooser = (
    <div className="space-y-3">
      <ul aria-label={i18n._("Saved addresses")} className="space-y-2">
        {addresses.map((a) => (
          <li key={a.id} className={`rounded-lg border p-3 text-sm ${a.id === chosen?.id ? "border-brand-700 bg-brand-50" : "border-stone-200"}`}>
            <p className="font-medium">{a.name}</p>
            <p className="text-stone-700">{addressLine(a)}</p>
            <Form method="post" action={reviewOrder.action} className="mt-2" onSubmit={() => dialog.current?.close()}>
              <input type="hidden" {...reviewOrder.intent("select")} />
              <input type="hidden" name={reviewOrder.field("select", "address")} value={a.id} />
              <input type="hidden" name="redirectTo" value={back} />
              <button
                type="submit"
                disabled={a.id === chosen?.id}
                className="rounded-md border border-brand-700 px-3 py-1 font-semibold text-brand-800 hover:bg-brand-50 disabled:opacity-50"
                aria-label={
                  a.id === chosen?.id
                    ? i18n._("Delivering here: {name}, {address}", { name: a.name, address: addressLine(a) })
                    : i18n._("Deliver here: {name}, {address}", { name: a.name, address: addressLine(a) })
                }
              >
                {a.id === chosen?.id ? i18n._("Delivering here") : i18n._("Deliver here")}
              </button>
            </Form>
          </li>
        ))}
      </ul>
      {children}
    </div>
  );

  return (
    <>
      <section aria-labelledby="deliver-to-title" className="rounded-lg border border-stone-200 p-4">
        <h2 id="deliver-to-title" className="text-sm font-semibold uppercase tracking-wide text-stone-600">
          {i18n._("Deliver to")}
        </h2>
        {chosen ? (
          <>
            <p className="mt-1 font-medium" title={line}>
              {shortAddress(line, 48)}
            </p>
            <p className="text-sm text-stone-700">
              {chosen.city}, {chosen.state} {chosen.zip}
            </p>
          </>
        ) : (
          <p className="mt-1 text-stone-700">{i18n._("No delivery address yet.")}</p>
        )}
        {hydrated ? (
          <button
            type="button"
            onClick={() => dialog.current?.showModal()}
            className="mt-3 rounded-md border border-brand-700 px-4 py-2 text-sm font-semibold text-brand-800 hover:bg-brand-50"
          >
            {i18n._("Change or Add New Address")}
          </button>
        ) : (
          <Link
            to={changing ? here : `${here}${here.includes("?") ? "&" : "?"}change=1`}
            className="mt-3 inline-block rounded-md border border-brand-700 px-4 py-2 text-sm font-semibold text-brand-800 hover:bg-brand-50"
          >
            {i18n._("Change or Add New Address")}
          </Link>
        )}
        {search && (
          <form role="search" action="/products" className="mt-3">
            <label htmlFor="picker-search" className="sr-only">
              {i18n._("Search products")}
            </label>
            <input
              id="picker-search"
              name="search"
              type="search"
              placeholder={chosen ? i18n._("Deliver to {address}", { address: shortAddress(line, 32) }) : i18n._("Search products")}
              className="w-full rounded-md border border-stone-300 px-3 py-2 text-sm"
            />
          </form>
        )}
      </section>
      {hydrated ? (
        <dialog ref={dialog} aria-labelledby="picker-dialog-title" className="w-full max-w-lg rounded-lg p-4 backdrop:bg-black/40">
          <div className="flex items-center justify-between">
            <h3 id="picker-dialog-title" className="font-semibold">
              {i18n._("Choose a delivery address")}
            </h3>
            <button type="button" onClick={() => dialog.current?.close()} aria-label={i18n._("Close")} className="text-xl">
              ×
            </button>
          </div>
          {/* A link in the chooser (to the page's own add form) closes the dialog on its way. */}
          <div className="mt-3" onClickCapture={(e) => (e.target as HTMLElement).closest("a") && dialog.current?.close()}>
            {chooser}
          </div>
        </dialog>
      ) : (
        changing && (
          <section aria-labelledby="picker-page-title" className="mt-4">
            <h3 id="picker-page-title" className="font-semibold">
              {i18n._("Choose a delivery address")}
            </h3>
            <div className="mt-3">{chooser}</div>
          </section>
        )
      )}
    </>
  );
}
