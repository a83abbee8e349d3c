import { STAGE_LABELS, STAGES, type Stage } from "../../domain/order-life.ts";

const when = new Intl.DateTimeFormat("en-IN", { day: "numeric", month: "short", hour: "numeric", minute: "2-digit", timeZone: "Asia/Kolkata" });

/** Where an order is: each stage reached with its time, the ones to come greyed, or where it was cancelled. */
export function OrderTimeline({ stage, cancelled, events }: { stage: Stage; cancelled: boolean; events: { stage: string; at: string; note: string | null }[] }) {
  const reached = new Map(events.filter((e) => e.stage !== "slot_changed").map((e) => [e.stage, e.at]));
  const upTo = STAGES.indexOf(stage);
  const steps: { key: string; label: string; at: string | null; done: boolean }[] = STAGES.map((s, i) => ({
    key: s,
    label: STAGE_LABELS[s],
    at: reached.get(s) ?? null,
    done: i <= upTo,
  }));
  const shown = cancelled ? [...steps.filter((s) => s.done), { key: "cancelled", label: STAGE_LABELS.cancelled, at: reached.get("cancelled") ?? null, done: true }] : steps;
  return (
    <ol aria-label="Order progress" className="mt-4 space-y-2">
      {shown.map((s) => (
        <li
          key={s.key}
          className={`flex items-center gap-3 text-sm ${s.done ? "text-stone-900" : "text-stone-400"}`}
          aria-current={s.key === (cancelled ? "cancelled" : stage) ? "step" : undefined}
        >
          <span aria-hidden="true" className={`inline-block h-3 w-3 rounded-full ${s.key === "cancelled" ? "bg-red-600" : s.done ? "bg-brand-700" : "border border-stone-300"}`} />
          <span className="font-medium">{s.label}</span>
          {s.at && <span className="text-stone-600">{when.format(new Date(s.at))}</span>}
          {!s.done && <span className="sr-only">(to come)</span>}
        </li>
      ))}
    </ol>
  );
}
