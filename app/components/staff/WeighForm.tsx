import { Form } from "react-router";
import { formatGrams, weightRange, type SoldByWeight } from "../../domain/weight.ts";
import { staffOrders } from "../forms.ts";

/** 'Save weights': the grams packed of each line sold by weight, entered together once the order is packed. */
export function WeighForm({
  order,
  lines,
  back,
  action = staffOrders.action,
}: {
  order: number;
  lines: { id: number; title: string; quantity: number; byWeight: SoldByWeight }[];
  back: string;
  action?: string;
}) {
  const weights = staffOrders.field("weigh", "weights");
  return (
    <Form method="post" action={action} aria-label="Weigh the items sold by weight" className="mt-4 rounded-lg border border-stone-200 p-3 text-sm">
      <input type="hidden" {...staffOrders.intent("weigh")} />
      <input type="hidden" name={staffOrders.field("weigh", "order")} value={order} />
      <input type="hidden" name="redirectTo" value={back} />
      <h2 className="font-semibold">Weigh before it leaves</h2>
      <ul className="mt-2 space-y-2">
        {lines.map((l, i) => {
          const range = weightRange(l.byWeight, l.quantity);
          return (
            <li key={l.id} className="flex flex-wrap items-center gap-2">
              <input type="hidden" name={`${weights}[${i}].line`} value={l.id} />
              <label className="flex items-center gap-2">
                Weight packed of {l.title} (g)
                <input
                  aria-describedby={`weigh-range-${l.id}`}
                  name={`${weights}[${i}].grams`}
                  type="number"
                  min={range.min}
                  max={range.max}
                  required
                  inputMode="numeric"
                  className="w-24 rounded-md border border-stone-300 px-2 py-0.5"
                />
              </label>
              <span id={`weigh-range-${l.id}`} className="text-xs text-stone-600">
                {formatGrams(range.estimate)} estimated; {formatGrams(range.min)} to {formatGrams(range.max)}
              </span>
            </li>
          );
        })}
      </ul>
      <button type="submit" className="mt-3 rounded-md bg-brand-700 px-3 py-1 font-semibold text-white hover:bg-brand-800">
        Save weights
      </button>
    </Form>
  );
}
