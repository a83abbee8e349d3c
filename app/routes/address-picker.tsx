// /address-test: the address picker (Specification: Address picker and Transaction constants; issue 15): 'Deliver to' with the
// chosen address, 'Change or Add New Address' (a dialog with JavaScript, the same chooser on the
// page without it), and a search field whose placeholder names the address. With ?remember=1 it
// shows the address the shopper last chose (kept 30 days); without, their default one.
import { waysIn } from "../server/ways-in.server.ts";
import { AddressPicker } from "../components/address/AddressPicker.tsx";
import { AddressForm } from "../components/checkout/LazyAddressForm.tsx";
import { i18nFor, useI18n } from "../components/i18n.tsx";
import { localeOfMatches, privatePageMeta } from "../components/seo.ts";
import { RefusalNotice } from "../components/ui/RefusalNotice.tsx";
import { refusalOf } from "../domain/form-reply.ts";
import { customerIn } from "../server/access.server.ts";
import { deliveryAddressForm } from "../server/forms/addresses.server.ts";
import { deliveryAccountOf } from "../server/shopper-facts.server.ts";
import type { Route } from "./+types/address-picker";

export async function loader({ context, url }: Route.LoaderArgs) {
  const customer = customerIn(context);
  const reads = waysIn(context).reads;
  const remember = url.searchParams.get("remember") === "1";
  const { addresses, chosen: remembered } = await reads.addresses.book(customer);
  // Without ?remember=1 the picker starts from the default address, as a fresh visit would.
  const chosen = remember ? remembered : (addresses.find((a) => a.isDefault) ?? addresses[0] ?? null);
  // After a change the page shows it: the choice is remembered, and read back with ?remember=1.
  return {
    addresses,
    chosen,
    changing: url.searchParams.get("change") === "1",
    here: remember ? "/address-test?remember=1" : "/address-test",
    back: "/address-test?remember=1",
    account: await deliveryAccountOf(context, customer),
  };
}

// Choosing and adding an address: Review Order's address intents, and nothing else of it.
export const action = deliveryAddressForm.run;

export default function AddressTest({ loaderData, actionData }: Route.ComponentProps) {
  const { addresses, chosen, changing, here, back, account } = loaderData;
  const refusal = refusalOf(actionData);
  const i18n = useI18n();
  return (
    <div className="mx-auto max-w-xl px-4 py-8">
      <h1 className="text-2xl font-semibold">{i18n._("Delivery address")}</h1>
      {refusal?.intent !== "add-address" && <RefusalNotice reply={actionData} className="mt-2" />}
      <div className="mt-4">
        <AddressPicker chosen={chosen} addresses={addresses} changing={changing || refusal?.intent === "add-address"} here={here} back={back} search>
          <AddressForm lastResult={refusal?.intent === "add-address" ? refusal.result : undefined} account={account} back={back} />
        </AddressPicker>
      </div>
    </div>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const i18n = i18nFor(localeOfMatches(matches));
  return privatePageMeta(matches, { title: i18n._("Delivery address"), description: i18n._("Choose where your order is delivered."), path: "/address-test" });
};
