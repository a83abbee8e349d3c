import { Form, Link } from "react-router";
import { addressLine, type AddressView } from "../../domain/address.ts";
import { reviewOrder } from "../forms.ts";

/** Select, edit and delete for a saved address on Review Order (the primary one stays). */
export function AddressActions({ address: a, selected }: { address: AddressView; selected: boolean }) {
  const where = `${a.name}, ${addressLine(a)}`;
  return (
    <div className="mt-1 flex flex-wrap items-center gap-3 text-sm">
      {selected ? (
        <p className="font-semibold text-brand-700">Delivering here</p>
      ) : (
        <Form method="post">
          <input type="hidden" {...reviewOrder.intent("select")} />
          <input type="hidden" name={reviewOrder.field("select", "address")} value={a.id} />
          <button type="submit" className="font-medium text-brand-700 underline" aria-label={`Deliver to ${where}`}>
            Deliver here
          </button>
        </Form>
      )}
      <Link to={`/revieworder?edit=${a.id}`} className="font-medium text-brand-700 underline" aria-label={`Edit ${where}`}>
        Edit
      </Link>
      {!a.isPrimary && (
        <Form method="post">
          <input type="hidden" {...reviewOrder.intent("delete-address")} />
          <input type="hidden" name={reviewOrder.field("delete-address", "id")} value={a.id} />
          <button type="submit" className="font-medium text-red-700 underline" aria-label={`Delete ${where}`}>
            Delete
          </button>
        </Form>
      )}
    </div>
  );
}
