import { Form } from "react-router";
import { nextStage, STAGE_LABELS, type Stage } from "../../domain/order-life.ts";
import { staffOrders } from "../forms.ts";

/** 'Mark Packed' (or the next step): names the stage the staff member saw, so two at once make one move. `order` is the id posted, `number` the one staff read. */
export function AdvanceForm({ order, number, stage, back, action = staffOrders.action }: { order: number; number: number; stage: Stage; back: string; action?: string }) {
  const next = nextStage(stage);
  if (!next) return null;
  return (
    <Form method="post" action={action}>
      <input type="hidden" {...staffOrders.intent("advance")} />
      <input type="hidden" name={staffOrders.field("advance", "order")} value={order} />
      <input type="hidden" name={staffOrders.field("advance", "from")} value={stage} />
      <input type="hidden" name="redirectTo" value={back} />
      <button type="submit" className="rounded-md bg-brand-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-brand-800">
        {/* The order's number in the words themselves: a list of orders has many such buttons, and a
            screen reader or voice control names each by what it shows (axe: label-content-name-mismatch). */}
        Mark order #{number} {STAGE_LABELS[next]}
      </button>
    </Form>
  );
}
