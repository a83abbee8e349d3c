import { staffOrders } from "../forms.ts";
import { LineForm } from "./LineForm.tsx";

/**
 * 'Take back': how many of a line came back once the order had left the shop (refused at the
 * door, or returned); a credit note is issued for them (decision 065). A weighed line comes back whole.
 */
export function TakeBackForm({
  order,
  line,
  title,
  quantity,
  whole,
  back,
  action = staffOrders.action,
}: {
  order: number;
  line: number;
  title: string;
  quantity: number;
  /** Weighed: all its packs or none. */
  whole: boolean;
  back: string;
  action?: string;
}) {
  return (
    <LineForm intent="take-back" order={order} line={line} back={back} action={action} className="flex items-center gap-2">
      <label className="flex items-center gap-1 text-xs text-stone-700">
        Taken back
        <input
          name={staffOrders.field("take-back", "quantity")}
          type="number"
          min={whole ? quantity : 1}
          max={quantity}
          defaultValue={whole ? quantity : 1}
          readOnly={whole}
          required
          aria-label={`Taken back of ${title}`}
          className="w-16 rounded-md border border-stone-300 px-2 py-0.5"
        />
      </label>
      <button type="submit" className="rounded-md border border-accent-600 px-2 py-0.5 text-xs font-semibold text-accent-600 hover:bg-stone-50" aria-label={`Take back: ${title}`}>
        Take back
      </button>
    </LineForm>
  );
}
