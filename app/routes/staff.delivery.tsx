// /staff/delivery: the slots' capacities, the PIN codes served and the delivery settings
// (issue 14). Every form works without JavaScript; every change is audited.
import { waysIn } from "../server/ways-in.server.ts";
import { Form } from "react-router";
import { staffDelivery } from "../components/forms.ts";
import { RefusalNotice } from "../components/ui/RefusalNotice.tsx";
import { slotValue } from "../domain/delivery.ts";
import { staffDeliveryForm } from "../server/forms/staff.server.ts";
import type { Route } from "./+types/staff.delivery";

export async function loader({ context }: Route.LoaderArgs) {
  const reads = waysIn(context).reads;
  const [slots, pins, settings] = await Promise.all([reads.delivery.slots(), reads.delivery.pins(), reads.delivery.settings()]);
  return { slots, pins, settings };
}

export const action = staffDeliveryForm.run;

const input = "w-24 rounded-md border border-stone-300 px-2 py-1";
const button = "rounded-md border border-brand-700 px-3 py-1 text-sm font-semibold text-brand-800 hover:bg-brand-50";

export default function StaffDelivery({ loaderData, actionData }: Route.ComponentProps) {
  const { slots, pins, settings } = loaderData;
  return (
    <div className="mt-6 space-y-8">
      <h1 className="text-2xl font-semibold">Slots and PINs</h1>
      <RefusalNotice reply={actionData} />
      <section aria-labelledby="settings-title">
        <h2 id="settings-title" className="text-lg font-semibold">
          Settings
        </h2>
        <Form method="post" className="mt-2 flex flex-wrap items-end gap-4 text-sm">
          <input type="hidden" {...staffDelivery.intent("settings")} />
          <label className="flex flex-col">
            Minimum order value (₹, 0 for none)
            <input name={staffDelivery.field("settings", "min_order")} inputMode="numeric" defaultValue={settings.minOrderPaise / 100} className={input} />
          </label>
          <label className="flex flex-col">
            Default capacity of a slot
            <input name={staffDelivery.field("settings", "slot_capacity")} inputMode="numeric" defaultValue={settings.slotCapacity} className={input} />
          </label>
          <label className="flex flex-col">
            Delivery fee (₹, 0 for free delivery)
            <input name={staffDelivery.field("settings", "delivery_fee")} inputMode="numeric" defaultValue={settings.deliveryFeePaise / 100} className={input} />
          </label>
          <label className="flex flex-col">
            Free delivery above (₹)
            <input name={staffDelivery.field("settings", "free_above")} inputMode="numeric" defaultValue={settings.freeDeliveryAbovePaise / 100} className={input} />
          </label>
          <label className="flex flex-col">
            Standing orders&apos; cut-off (hour the evening before, 12-23)
            <input name={staffDelivery.field("settings", "cutoff_hour")} inputMode="numeric" defaultValue={settings.subscriptionCutoffHour} className={input} />
          </label>
          <button type="submit" className={button}>
            Save settings
          </button>
        </Form>
      </section>
      <section aria-labelledby="slots-title">
        <h2 id="slots-title" className="text-lg font-semibold">
          Slots
        </h2>
        <ul className="mt-2 divide-y divide-stone-200 rounded-lg border border-stone-200 text-sm">
          {slots.map((s) => (
            <li key={slotValue(s)} className="flex flex-wrap items-center gap-3 p-2">
              <span className="w-56">{s.label}</span>
              <Form method="post" className="flex items-center gap-2">
                <input type="hidden" {...staffDelivery.intent("capacity")} />
                <input type="hidden" name={staffDelivery.field("capacity", "slot")} value={slotValue(s)} />
                <label>
                  <span className="sr-only">Capacity of {s.label}</span>
                  <input name={staffDelivery.field("capacity", "capacity")} inputMode="numeric" defaultValue={s.capacity} className={input} aria-describedby={`left-${slotValue(s)}`} />
                </label>
                <button type="submit" className={button} aria-label={`Set the capacity of ${s.label}`}>
                  Set
                </button>
              </Form>
              <span id={`left-${slotValue(s)}`} className="text-stone-600">
                {s.left} left{s.reason ? ` (${s.reason})` : ""}
              </span>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="pins-title">
        <h2 id="pins-title" className="text-lg font-semibold">
          PIN codes served
        </h2>
        <p className="text-sm text-stone-600">{pins.length ? `${pins.length} PIN codes.` : "No list: every PIN is served."}</p>
        <Form method="post" className="mt-2 flex flex-wrap items-end gap-3 text-sm">
          <input type="hidden" {...staffDelivery.intent("add-pin")} />
          <label className="flex flex-col">
            PIN code
            <input name={staffDelivery.field("add-pin", "pin")} inputMode="numeric" maxLength={7} className={input} />
          </label>
          <label className="flex flex-col">
            Area
            <input name={staffDelivery.field("add-pin", "area")} maxLength={60} className="rounded-md border border-stone-300 px-2 py-1" />
          </label>
          <button type="submit" className={button}>
            Add PIN
          </button>
        </Form>
        <ul aria-label="PIN codes" className="mt-3 flex flex-wrap gap-2 text-sm">
          {pins.map((p) => (
            <li key={p.pin} className="flex items-center gap-1 rounded-full border border-stone-300 px-3 py-1">
              {p.pin}
              {p.area && <span className="text-stone-600">{p.area}</span>}
              <Form method="post">
                <input type="hidden" {...staffDelivery.intent("remove-pin")} />
                <input type="hidden" name={staffDelivery.field("remove-pin", "pin")} value={p.pin} />
                <button type="submit" aria-label={`Remove PIN ${p.pin}`} className="ml-1 font-bold text-red-700">
                  ×
                </button>
              </Form>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
