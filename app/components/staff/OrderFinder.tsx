import { Form, Link } from "react-router";
import { STAGE_LABELS, STAGES, type Stage } from "../../domain/order-life.ts";

/**
 * Staff's two ways to an order (issue 46), plain GET forms that work without JavaScript: one box
 * for an order number, name, phone or PIN, and any day with a date picker, a step either side
 * and the next day that has deliveries.
 */
export function OrderFinder({ q, date, stage, days }: { q: string; date: string; stage: Stage | null; days: { today: string; tomorrow: string; previous: string; next: string } }) {
  const field = "rounded-md border border-stone-300 px-2 py-1";
  const button = "rounded-md border border-stone-400 px-3 py-1.5 font-medium";
  // A step to another day keeps the stage chosen.
  const also = stage ? `&stage=${stage}` : "";
  return (
    <div className="mt-3 space-y-3 text-sm">
      <Form method="get" role="search" aria-label="Find an order" className="flex flex-wrap items-end gap-2">
        <label className="flex min-w-0 flex-1 flex-col">
          Find an order
          <input type="search" name="q" defaultValue={q} maxLength={60} placeholder="Order number, name, phone or PIN" className={`${field} w-full min-w-0`} />
        </label>
        <button type="submit" className={button}>
          Find
        </button>
      </Form>
      <Form method="get" className="flex flex-wrap items-end gap-2">
        <label className="flex flex-col">
          Day
          <input type="date" name="day" defaultValue={date} required className={field} />
        </label>
        <label className="flex flex-col">
          Stage
          <select name="stage" defaultValue={stage ?? ""} className={field}>
            <option value="">Every stage</option>
            {STAGES.map((s) => (
              <option key={s} value={s}>
                {STAGE_LABELS[s]}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className={button}>
          Show
        </button>
      </Form>
      <nav aria-label="Days" className="flex flex-wrap gap-x-4 gap-y-1">
        <Link to={`?day=${days.previous}${also}`} className="underline">
          Previous day
        </Link>
        <Link to={`?day=${days.today}${also}`} className="underline">
          Today
        </Link>
        <Link to={`?day=${days.tomorrow}${also}`} className="underline">
          Tomorrow
        </Link>
        <Link to={`?day=${days.next}${also}`} className="underline">
          Next day
        </Link>
      </nav>
    </div>
  );
}
