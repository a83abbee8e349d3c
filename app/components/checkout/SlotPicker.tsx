import { SLOTS, slotValue, type SlotOffer } from "../../domain/delivery.ts";
import { useI18n } from "../i18n.tsx";
import { slotDayText } from "../orders/order-text.tsx";

/**
 * The delivery slot (issue 14; Specification: Transaction constants: Morning 8-12, Afternoon 12-4, Evening 4-8), by
 * day, tomorrow first. A full or past slot is shown but cannot be chosen. It sits inside the
 * form that places the order, so it works without JavaScript.
 */
export function SlotPicker({ slots, name, chosen }: { slots: readonly SlotOffer[]; name: string; chosen?: string | null }) {
  const first = slots.find((s) => s.available);
  const checked = chosen && slots.some((s) => s.available && slotValue(s) === chosen) ? chosen : first ? slotValue(first) : null;
  const days = [...new Set(slots.map((s) => s.date))];
  const i18n = useI18n();
  return (
    <fieldset className="mt-4">
      <legend className="text-sm font-semibold">{i18n._("Delivery slot")}</legend>
      {!first && <p className="mt-1 text-sm font-medium text-red-700">{i18n._("Every slot of the next days is full. Please try again later.")}</p>}
      <div className="mt-2 space-y-2">
        {days.map((date) => {
          const day = slots.filter((s) => s.date === date);
          const dayText = slotDayText(i18n, day[0]!);
          return (
            <div key={date} role="group" aria-label={dayText}>
              <p className="text-xs font-medium text-stone-600">{dayText}</p>
              <div className="mt-1 flex flex-wrap gap-2">
                {day.map((s) => (
                  <label
                    key={s.kind}
                    className={`flex items-center gap-1.5 rounded-md border px-2 py-1 text-sm ${s.available ? "border-stone-300 bg-surface" : "border-stone-200 bg-stone-100 text-stone-500"}`}
                  >
                    <input type="radio" name={name} value={slotValue(s)} defaultChecked={slotValue(s) === checked} disabled={!s.available} required />
                    {i18n._(SLOTS[s.kind].label)}
                    {s.reason === "full" && <span className="text-xs">{i18n._("(full)")}</span>}
                    {s.reason === "past" && <span className="text-xs">{i18n._("(closed)")}</span>}
                  </label>
                ))}
              </div>
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}
