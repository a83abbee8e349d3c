// /myaccount/addresses: saved addresses: list, quick add, edit, delete, make default.
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link } from "react-router";
import { QuickAddressForm } from "../components/account/QuickAddressForm.tsx";
import { ADDRESS_DEFAULTS, ADDRESS_MESSAGES, addressLine, quickAddressSchema } from "../domain/address.ts";
import { requireCustomer } from "../server/auth/session.server.ts";
import { shopOf } from "../server/context.server.ts";
import { finish, refuse } from "../server/forms.server.ts";
import { ShopError } from "../server/shop/port.server.ts";
import { store } from "../store-config.ts";
import type { Route } from "./+types/myaccount.addresses";
import { privatePageMeta } from "../components/seo.ts";
import { parseId } from "../domain/ids.ts";

const BASE = "/myaccount/addresses";

export async function loader({ context, url }: Route.LoaderArgs) {
  const customer = requireCustomer(context, BASE);
  const addresses = await shopOf(context).addresses.list(customer);
  const editing = addresses.find((a) => a.id === parseId(url.searchParams.get("edit"))) ?? null;
  return { addresses, editing };
}

export async function action({ request, context }: Route.ActionArgs) {
  const customer = requireCustomer(context, BASE);
  const shop = shopOf(context);
  const form = await request.formData();
  const intent = form.get("intent");
  try {
    if (intent === "add" || intent === "update") {
      const submission = parseWithZod(form, { schema: quickAddressSchema });
      if (submission.status !== "success") return data({ ok: false as const, intent, result: submission.reply(), error: null }, { status: 400 });
      const v = submission.value;
      const current = intent === "update" ? await shop.addresses.get(customer, parseId(form.get("id")) ?? 0) : null;
      if (intent === "update" && !current) return refuse(ADDRESS_MESSAGES.invalidId, 404);
      const input = {
        name: v.name,
        phone: v.phone,
        email: v.email,
        street: v.street,
        street2: current?.street2 ?? "",
        city: v.city,
        state: current?.state ?? ADDRESS_DEFAULTS.state,
        zip: v.zip,
        country: current?.country ?? ADDRESS_DEFAULTS.country,
      };
      if (current) await shop.addresses.update(customer, current.id, input);
      else await shop.addresses.create(customer, input);
      return finish(request, BASE, { type: "success", message: current ? ADDRESS_MESSAGES.updated : ADDRESS_MESSAGES.saved }, { navigate: true });
    }
    if (intent === "delete") {
      await shop.addresses.remove(customer, parseId(form.get("id")) ?? 0);
      return finish(request, BASE, { type: "success", message: ADDRESS_MESSAGES.deleted }, { navigate: true });
    }
    if (intent === "default") {
      await shop.addresses.makeDefault(customer, parseId(form.get("id")) ?? 0);
      return finish(request, BASE, { type: "success", message: ADDRESS_MESSAGES.madeDefault }, { navigate: true });
    }
  } catch (error) {
    if (error instanceof ShopError && error.code === "not_found") return refuse(ADDRESS_MESSAGES.invalidId, 404);
    if (error instanceof ShopError) return finish(request, BASE, { type: "error", message: error.message }, { navigate: true });
    console.error(error);
    return finish(request, BASE, { type: "error", message: intent === "delete" ? ADDRESS_MESSAGES.deleteFailed : ADDRESS_MESSAGES.saveFailed }, { navigate: true });
  }
  return refuse("That request could not be understood.");
}

export default function AccountAddresses({ loaderData, actionData }: Route.ComponentProps) {
  const { addresses, editing } = loaderData;
  const reply = actionData && "result" in actionData ? actionData : undefined;
  return (
    <section>
      <h1 className="text-2xl font-semibold">Addresses</h1>
      {actionData && !actionData.ok && "error" in actionData && actionData.error && (
        <p role="alert" className="mt-4 rounded bg-red-50 p-3 text-red-900">
          {actionData.error}
        </p>
      )}
      <ul aria-label="Saved addresses" className="mt-4 grid gap-3 sm:grid-cols-2">
        {addresses.map((a) => (
          <li key={a.id}>
            <article aria-label={`${a.name}, ${addressLine(a)}`} className="h-full rounded-lg border border-stone-200 p-3 text-sm">
              <p className="font-medium">
                {a.name}
                {a.isDefault && <span className="ml-2 rounded bg-brand-100 px-1.5 py-0.5 text-xs font-bold text-brand-800">Default</span>}
                {a.isPrimary && <span className="ml-2 rounded bg-stone-100 px-1.5 py-0.5 text-xs font-bold text-stone-700">Primary</span>}
              </p>
              <p className="text-stone-700">{addressLine(a)}</p>
              <p className="text-stone-600">{a.phone}</p>
              <div className="mt-2 flex flex-wrap items-center gap-3">
                <Link to={`${BASE}?edit=${a.id}`} className="font-medium text-brand-700 underline">
                  Edit
                </Link>
                {!a.isDefault && (
                  <Form method="post">
                    <input type="hidden" name="intent" value="default" />
                    <input type="hidden" name="id" value={a.id} />
                    <button type="submit" className="font-medium text-brand-700 underline">
                      Make default
                    </button>
                  </Form>
                )}
                {!a.isPrimary && (
                  <Form method="post">
                    <input type="hidden" name="intent" value="delete" />
                    <input type="hidden" name="id" value={a.id} />
                    <button type="submit" className="font-medium text-red-700 underline" aria-label={`Delete the address of ${a.name}, ${addressLine(a)}`}>
                      Delete
                    </button>
                  </Form>
                )}
              </div>
            </article>
          </li>
        ))}
      </ul>
      {addresses.length === 0 && <p className="mt-4 text-stone-700">No saved addresses yet.</p>}
      {editing ? (
        <QuickAddressForm key={editing.id} address={editing} lastResult={reply?.intent === "update" ? reply.result : undefined} />
      ) : (
        <QuickAddressForm lastResult={reply?.intent === "add" ? reply.result : undefined} />
      )}
    </section>
  );
}

export const meta: Route.MetaFunction = ({ matches }) =>
  privatePageMeta(matches, { title: "Addresses", description: "Your saved delivery addresses.", path: "/myaccount/addresses" });
