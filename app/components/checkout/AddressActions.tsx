import { Form, Link } from "react-router";
import { addressLine, type AddressView } from "../../domain/address.ts";
import { reviewOrder } from "../forms.ts";
import { useI18n } from "../i18n.tsx";

/** Select, edit and delete for a saved address on Review Order (the primary one stays). */
export function AddressActions({ address: a, selected }: { address: AddressView; selected: boolean }) {
  const where = { name: a.name, address: addressLine(a) };
  const i18n = useI18n();
  return (
    <div className="mt-1 flex flex-wrap items-center gap-3 text-sm">
      {selected ? (
        <p className="font-semibold text-brand-700">{i18n._("Delivering here")}</p>
      ) : (
        <Form method="post">
          <input type="hidden" {...reviewOrder.intent("select")} />
          <input type="hidden" name={reviewOrder.field("select", "address")} value={a.id} />
          <button type="submit" className="font-medium text-brand-700 underline" aria-label={i18n._("Deliver to {name}, {address}", where)}>
            {i18n._("Deliver here")}
          </button>
        </Form>
      )}
      <Link to={`/revieworder?edit=${a.id}`} className="font-medium text-brand-700 underline" aria-label={i18n._("Edit {name}, {address}", where)}>
        {i18n._("Edit")}
      </Link>
      {!a.isPrimary && (
        <Form method="post">
          <input type="hidden" {...reviewOrder.intent("delete-address")} />
          <input type="hidden" name={reviewOrder.field("delete-address", "id")} value={a.id} />
          <button type="submit" className="font-medium text-red-700 underline" aria-label={i18n._("Delete {name}, {address}", where)}>
            {i18n._("Delete")}
          </button>
        </Form>
      )}
    </div>
  );
}
