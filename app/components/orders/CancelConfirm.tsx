import { Form, Link } from "react-router";
import { ORDER_MESSAGES } from "../../domain/order.ts";
import { orders as ordersForm } from "../forms.ts";
import { useI18n } from "../i18n.tsx";

/** 'Are you sure you want to cancel this order?' with Yes and Keep (`order`: its id, posted; `number`: what the shopper reads): a page of its own state (?cancel), so it works without JavaScript. */
export function CancelConfirm({ order, number, action, keep, back, busy = false }: { order: number; number: number; action: string; keep: string; back?: string; busy?: boolean }) {
  const i18n = useI18n();
  return (
    <Form method="post" action={action} className="mt-3 rounded-md bg-red-50 p-3 text-sm">
      <p role="alert" className="font-medium text-red-900">
        {i18n._(ORDER_MESSAGES.confirmCancel)}
      </p>
      <input type="hidden" {...ordersForm.intent("cancel")} />
      <input type="hidden" name={ordersForm.field("cancel", "order")} value={order} />
      {back && <input type="hidden" name="redirectTo" value={back} />}
      <div className="mt-2 flex gap-3">
        <button type="submit" disabled={busy} className="rounded-md bg-red-700 px-3 py-1.5 font-semibold text-white hover:bg-red-800">
          {i18n._("Yes, cancel order #{id}", { id: number })}
        </button>
        <Link to={keep} preventScrollReset className="rounded-md border border-stone-300 px-3 py-1.5 font-medium">
          {i18n._("Keep the order")}
        </Link>
      </div>
    </Form>
  );
}
