import { STAGE_LABELS, STAGES, type Stage } from "../../domain/order-life.ts";

const when = new Intl.DateTimeFormat("en-IN", { day: "numeric", month: "short", hour: "numeric", minute: "2-digit", timeZone: "Asia/Kolkata" });

/** Events that change an order without moving it on: shown under its progress. */
const CHANGES = new Map([
  ["slot_changed", "Delivery slot changed to"],
  ["short", "Short at packing:"],
]);

/** Where an order is: each stage reached with its time, the ones to come greyed, or where it was cancelled. */
export function OrderTimeline({ stage, cancelled, events }: { stage: Stage; cancelled: boolean; events: { stage: string; at: string; note: string | null }[] }) {
  const reached = new Map(events.filter((e) => !CHANGES.has(e.stage)).map((e) => [e.stage, e.at]));
  const changes = events.filter((e) => CHANGES.has(e.stage));
  const upTo = STAGES.indexOf(stage);
  const steps: { key: string; label: string; at: string | null; done: boolean }[] = STAGES.map((s, i) => ({
    key: s,
    label: STAGE_LABELS[s],
    at: reached.get(s) ?? null,
    done: i <= upTo,
  }));
  const shown = cancelled ? [...steps.filter((s) => s.done), { key: "cancelled", label: STAGE_LABELS.cancelled, at: reached.get("cancelled") ?? null, done: true }] : steps;
  return (
    <>
      <ol aria-label="Order progress" className="mt-4 space-y-2">
        {shown.map((s) => (
          <li
            key={s.key}
            className={`flex items-center gap-3 text-sm ${s.done ? "text-stone-900" : "text-stone-500"}`}
            aria-current={s.key === (cancelled ? "cancelled" : stage) ? "step" : undefined}
          >
            <span aria-hidden="true" className={`inline-block h-3 w-3 rounded-full ${s.key === "cancelled" ? "bg-red-600" : s.done ? "bg-brand-700" : "border border-stone-300"}`} />
            <span className="font-medium">{s.label}</span>
            {s.at && <span className="text-stone-600">{when.format(new Date(s.at))}</span>}
            {!s.done && <span className="sr-only">(to come)</span>}
          </li>
        ))}
      </ol>
      {changes.length > 0 && (
        <ul aria-label="Changes to this order" className="mt-3 space-y-1 text-sm text-stone-700">
          {changes.map((e, i) => (
            <li key={i}>
              <span className="text-stone-600">{when.format(new Date(e.at))}</span> {CHANGES.get(e.stage)} {e.note}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
