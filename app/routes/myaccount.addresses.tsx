// /myaccount/addresses: saved addresses: list, quick add, edit, delete, make default.
import { waysIn } from "../server/ways-in.server.ts";
import { Form, Link } from "react-router";
import { QuickAddressForm } from "../components/account/QuickAddressForm.tsx";
import { AddressPicker } from "../components/address/AddressPicker.tsx";
import { addressBook } from "../components/forms.ts";
import { i18nFor, useI18n } from "../components/i18n.tsx";
import { localeOfMatches, privatePageMeta } from "../components/seo.ts";
import { RefusalNotice } from "../components/ui/RefusalNotice.tsx";
import { addressLine } from "../domain/address.ts";
import { refusalOf } from "../domain/form-reply.ts";
import { parseId } from "../domain/ids.ts";
import { customerIn } from "../server/access.server.ts";
import { addressBookForm } from "../server/forms/addresses.server.ts";
import type { Route } from "./+types/myaccount.addresses";

const BASE = "/myaccount/addresses";

export async function loader({ context, url }: Route.LoaderArgs) {
  const customer = customerIn(context);
  const reads = waysIn(context).reads;
  const { addresses, chosen } = await reads.addresses.book(customer);
  const editing = addresses.find((a) => a.id === parseId(url.searchParams.get("edit"))) ?? null;
  return { addresses, editing, chosen, changing: url.searchParams.get("change") === "1" };
}

export const action = addressBookForm.run;

export default function AccountAddresses({ loaderData, actionData }: Route.ComponentProps) {
  const { addresses, editing, chosen, changing } = loaderData;
  const refusal = refusalOf(actionData);
  // The address form shows its own errors; a refusal of a button (delete, default) is said on top.
  const formRefused = refusal?.intent === "add" || refusal?.intent === "update";
  const i18n = useI18n();
  return (
    <section>
      <h1 className="text-2xl font-semibold">{i18n._("Addresses")}</h1>
      {!formRefused && <RefusalNotice reply={actionData} className="mt-4" />}
      {/* The same picker as /address-test: where orders go, and the change of it (issue 15). */}
      <div className="mt-4 max-w-xl">
        <AddressPicker chosen={chosen} addresses={addresses} changing={changing} here={BASE} back={BASE}>
          <a href="#quick-address" className="text-sm font-medium text-brand-700 underline">
            {i18n._("Add a new address below")}
          </a>
        </AddressPicker>
      </div>
      <ul aria-label={i18n._("Saved addresses")} className="mt-4 grid gap-3 sm:grid-cols-2">
        {addresses.map((a) => (
          <li key={a.id}>
            <article aria-label={`${a.name}, ${addressLine(a)}`} className="h-full rounded-lg border border-stone-200 p-3 text-sm">
              <p className="font-medium">
                {a.name}
                {a.isDefault && <span className="ml-2 rounded bg-brand-100 px-1.5 py-0.5 text-xs font-bold text-brand-800">{i18n._("Default")}</span>}
                {a.isPrimary && <span className="ml-2 rounded bg-stone-100 px-1.5 py-0.5 text-xs font-bold text-stone-700">{i18n._("Primary")}</span>}
              </p>
              <p className="text-stone-700">{addressLine(a)}</p>
              <p className="text-stone-600">{a.phone}</p>
              <div className="mt-2 flex flex-wrap items-center gap-3">
                <Link to={`${BASE}?edit=${a.id}`} className="font-medium text-brand-700 underline">
                  {i18n._("Edit")}
                </Link>
                {!a.isDefault && (
                  <Form method="post">
                    <input type="hidden" {...addressBook.intent("default")} />
                    <input type="hidden" name={addressBook.field("default", "id")} value={a.id} />
                    <button type="submit" className="font-medium text-brand-700 underline">
                      {i18n._("Make default")}
                    </button>
                  </Form>
                )}
                {!a.isPrimary && (
                  <Form method="post">
                    <input type="hidden" {...addressBook.intent("delete")} />
                    <input type="hidden" name={addressBook.field("delete", "id")} value={a.id} />
                    <button
                      type="submit"
                      className="font-medium text-red-700 underline"
                      aria-label={i18n._("Delete the address of {name}, {address}", { name: a.name, address: addressLine(a) })}
                    >
                      {i18n._("Delete")}
                    </button>
                  </Form>
                )}
              </div>
            </article>
          </li>
        ))}
      </ul>
      {addresses.length === 0 && <p className="mt-4 text-stone-700">{i18n._("No saved addresses yet.")}</p>}
      {editing ? (
        <QuickAddressForm key={editing.id} address={editing} lastResult={refusal?.intent === "update" ? refusal.result : undefined} />
      ) : (
        <QuickAddressForm lastResult={refusal?.intent === "add" ? refusal.result : undefined} />
      )}
    </section>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const i18n = i18nFor(localeOfMatches(matches));
  return privatePageMeta(matches, { title: i18n._("Addresses"), description: i18n._("Your saved delivery addresses."), path: "/myaccount/addresses" });
};
