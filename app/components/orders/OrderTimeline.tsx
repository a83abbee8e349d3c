import { STAGES, type Stage } from "../../domain/order-life.ts";
import { useI18n, type I18n } from "../i18n.tsx";
import { slotOfLabel, slotText, stageText } from "./order-text.tsx";

const WHEN: Intl.DateTimeFormatOptions = { day: "numeric", month: "short", hour: "numeric", minute: "2-digit", timeZone: "Asia/Kolkata" };

/** Events that change an order without moving it on: shown under its progress. */
const CHANGES = new Set(["slot_changed", "short", "weighed", "replaced", "returned"]);

/** A change, said whole. Its note is stored in English: a slot's label is said again in the page's language; a shortage's or a weighing's note is the staff's. */
function changeText(i18n: I18n, e: { stage: string; at: string; note: string | null }): string {
  if (e.stage === "slot_changed") {
    const slot = e.note ? slotOfLabel(e.note, new Date(e.at)) : null;
    return i18n._("Delivery slot changed to {slot}", { slot: slot ? slotText(i18n, slot) : (e.note ?? "") });
  }
  if (e.stage === "weighed") return i18n._("Weighed at packing: {note}", { note: e.note ?? "" });
  if (e.stage === "replaced") return i18n._("Replaced at packing: {note}", { note: e.note ?? "" });
  if (e.stage === "returned") return i18n._("Taken back: {note}", { note: e.note ?? "" });
  return i18n._("Short at packing: {note}", { note: e.note ?? "" });
}

/** Where an order is: each stage reached with its time, the ones to come greyed, or where it was cancelled. */
export function OrderTimeline({ stage, cancelled, events }: { stage: Stage; cancelled: boolean; events: { stage: string; at: string; note: string | null }[] }) {
  const reached = new Map(events.filter((e) => !CHANGES.has(e.stage)).map((e) => [e.stage, e.at]));
  const changes = events.filter((e) => CHANGES.has(e.stage));
  const upTo = STAGES.indexOf(stage);
  const i18n = useI18n();
  const when = (at: string) => i18n.date(at, WHEN);
  const steps: { key: string; label: string; at: string | null; done: boolean }[] = STAGES.map((s, i) => ({
    key: s,
    label: stageText(i18n, s, false),
    at: reached.get(s) ?? null,
    done: i <= upTo,
  }));
  const shown = cancelled ? [...steps.filter((s) => s.done), { key: "cancelled", label: stageText(i18n, stage, true), at: reached.get("cancelled") ?? null, done: true }] : steps;
  return (
    <>
      <ol aria-label={i18n._("Order progress")} className="mt-4 space-y-2">
        {shown.map((s) => (
          <li
            key={s.key}
            className={`flex items-center gap-3 text-sm ${s.done ? "text-stone-900" : "text-stone-500"}`}
            aria-current={s.key === (cancelled ? "cancelled" : stage) ? "step" : undefined}
          >
            <span aria-hidden="true" className={`inline-block h-3 w-3 rounded-full ${s.key === "cancelled" ? "bg-red-600" : s.done ? "bg-brand-700" : "border border-stone-300"}`} />
            <span className="font-medium">{s.label}</span>
            {s.at && <span className="text-stone-600">{when(s.at)}</span>}
            {!s.done && <span className="sr-only">{i18n._("(to come)")}</span>}
          </li>
        ))}
      </ol>
      {changes.length > 0 && (
        <ul aria-label={i18n._("Changes to this order")} className="mt-3 space-y-1 text-sm text-stone-700">
          {changes.map((e, i) => (
            <li key={i}>
              <span className="text-stone-600">{when(e.at)}</span> {changeText(i18n, e)}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
