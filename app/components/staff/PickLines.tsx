import { Form } from "react-router";
import { slotValue, type Slot } from "../../domain/delivery.ts";
import { formatGrams } from "../../domain/weight.ts";
import type { PickLine } from "../../server/shop/port.server.ts";
import { staffPick } from "../forms.ts";

const timeFormat = new Intl.DateTimeFormat("en-IN", { timeStyle: "short", timeZone: "Asia/Kolkata" });

/**
 * A slot's pick list as a table, by shelf (issue 46): what to take, how many, what it should
 * weigh, and a button to tick each line as picked (a plain form). Printed, the buttons become boxes.
 */
export function PickLines({ slot, lines, back }: { slot: Slot; lines: readonly PickLine[]; back: string }) {
  return (
    <div className="mt-4 overflow-x-auto" data-scrolls>
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Items to pick, by shelf</caption>
        <thead>
          <tr className="border-b border-stone-300">
            <th scope="col" className="py-2 pr-3">
              Shelf
            </th>
            <th scope="col" className="py-2 pr-3">
              Item
            </th>
            <th scope="col" className="py-2 pr-3 text-right">
              Units
            </th>
            <th scope="col" className="py-2 pr-3">
              Picked
            </th>
          </tr>
        </thead>
        <tbody>
          {lines.map((l) => {
            const name = `${l.title} (${l.attribute})`;
            return (
              <tr key={l.variantId} className="border-b border-stone-200 align-top">
                <td className="py-2 pr-3 text-stone-700">{l.shelf}</td>
                <th scope="row" className="py-2 pr-3 font-normal">
                  <span className="font-medium">{name}</span>
                  <span className="block text-xs text-stone-600">
                    {l.internalReference} · {l.orders} {l.orders === 1 ? "order" : "orders"}
                    {l.estimateGrams !== null ? ` · about ${formatGrams(l.estimateGrams)}, weigh each` : ""}
                  </span>
                </th>
                <td className="py-2 pr-3 text-right text-base font-semibold">{l.units}</td>
                <td className="py-2 pr-3">
                  <Form method="post" action={staffPick.action} className="print:hidden">
                    <input type="hidden" {...staffPick.intent("pick")} />
                    <input type="hidden" name={staffPick.field("pick", "slot")} value={slotValue(slot)} />
                    <input type="hidden" name={staffPick.field("pick", "variant")} value={l.variantId} />
                    <input type="hidden" name={staffPick.field("pick", "picked")} value={l.picked ? "no" : "yes"} />
                    <input type="hidden" name="redirectTo" value={back} />
                    <button
                      type="submit"
                      aria-pressed={l.picked !== null}
                      aria-label={`Picked: ${name}`}
                      className={`rounded-md border px-2 py-1 font-medium ${l.picked ? "border-brand-700 bg-brand-700 text-white" : "border-stone-400"}`}
                    >
                      {l.picked ? "✓ Picked" : "Picked"}
                    </button>
                  </Form>
                  {l.picked && (
                    <span className="mt-1 block text-xs text-stone-600">
                      {l.picked.by ?? "Staff"}, {timeFormat.format(new Date(l.picked.at))}
                    </span>
                  )}
                  <span aria-hidden="true" className="hidden print:inline-block print:h-4 print:w-4 print:border print:border-stone-800" />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
