import { staffOrders } from "../forms.ts";
import { LineForm } from "./LineForm.tsx";

/** 'Mark short': how many of a line could be packed (fewer than ordered); the order is priced again. */
export function ShortForm({
  order,
  line,
  title,
  quantity,
  back,
  action = staffOrders.action,
}: {
  order: number;
  line: number;
  title: string;
  quantity: number;
  back: string;
  action?: string;
}) {
  return (
    <LineForm intent="short" order={order} line={line} back={back} action={action} className="flex items-center gap-2">
      <label className="flex items-center gap-1 text-xs text-stone-700">
        Packed
        <input
          name={staffOrders.field("short", "packed")}
          type="number"
          min={0}
          max={quantity - 1}
          defaultValue={quantity - 1}
          required
          aria-label={`Packed of ${title}`}
          className="w-16 rounded-md border border-stone-300 px-2 py-0.5"
        />
      </label>
      <button type="submit" className="rounded-md border border-accent-600 px-2 py-0.5 text-xs font-semibold text-accent-600 hover:bg-stone-50" aria-label={`Mark short: ${title}`}>
        Mark short
      </button>
    </LineForm>
  );
}
