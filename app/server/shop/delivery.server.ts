// Delivery (issue 14): the slots a shopper may choose, with the capacity left in each; booking
// and giving back a slot inside the transactions that place, cancel or release an order; the
// PIN codes the shop serves; and the settings staff keep (minimum order value).
import { and, asc, eq, sql, type SQLWrapper } from "drizzle-orm";
import { DEFAULT_CUTOFF_HOUR } from "../../domain/subscription.ts";
import { DEFAULT_SLOT_CAPACITY, DELIVERY_MESSAGES, isOpen, shopDate, SLOT_KINDS, slotDates, slotLabel, type Slot, type SlotKind, type SlotOffer } from "../../domain/delivery.ts";
import { formatRupees } from "../../domain/money.ts";
import { NO_DELIVERY_FEE, type DeliveryFee } from "../../domain/pricing.ts";
import type { Db } from "../db/client.server.ts";
import { deliverySlots, serviceablePins, shopSettings } from "../db/schema.server.ts";
import type { Conn } from "./coupons.server.ts";
import { jsonColumn, jsonValue } from "./header-facts.server.ts";
import { audit } from "./audit.server.ts";
import { ShopError, type DeliveryPort, type DeliverySettings } from "./port.server.ts";

export const SETTING_DEFAULTS: DeliverySettings = {
  minOrderPaise: 0,
  slotCapacity: DEFAULT_SLOT_CAPACITY,
  deliveryFeePaise: NO_DELIVERY_FEE.feePaise,
  freeDeliveryAbovePaise: NO_DELIVERY_FEE.freeAbovePaise,
  subscriptionCutoffHour: DEFAULT_CUTOFF_HOUR,
};
export const SETTING_KEYS: Record<keyof DeliverySettings, string> = {
  minOrderPaise: "min_order_paise",
  slotCapacity: "slot_capacity",
  deliveryFeePaise: "delivery_fee_paise",
  freeDeliveryAbovePaise: "free_delivery_above_paise",
  subscriptionCutoffHour: "subscription_cutoff_hour",
};

/** The settings as a transaction sees them (an order's charge and its slot's capacity). */
export async function readSettings(conn: Conn): Promise<DeliverySettings> {
  const rows = await conn.select().from(shopSettings);
  return settingsOf(Object.fromEntries(rows.map((r) => [r.key, r.value])));
}

/** The settings the stored values make, each missing one at its default. */
export function settingsOf(stored: Record<string, number>): DeliverySettings {
  const settings = { ...SETTING_DEFAULTS };
  for (const key of Object.keys(SETTING_KEYS) as (keyof DeliverySettings)[]) settings[key] = stored[SETTING_KEYS[key]] ?? SETTING_DEFAULTS[key];
  return settings;
}

/** The delivery fee rule the settings make. */
export function deliveryFeeOf(settings: DeliverySettings): DeliveryFee {
  return { feePaise: settings.deliveryFeePaise, freeAbovePaise: settings.freeDeliveryAbovePaise };
}

/**
 * Books one place in `slot` for an order, in the caller's transaction: refused when the slot
 * is not offered (past, or beyond the days offered) or full. One conditional update, so
 * concurrent orders for the last place make one booking.
 */
export async function bookSlot(tx: Conn, slot: Slot, now: Date, { sameDay = false, settings }: { sameDay?: boolean; settings?: DeliverySettings } = {}): Promise<void> {
  // A shopper chooses among the days offered; a standing order made after midnight (issue 45's catch-up) may take today's.
  const offered = slotDates(now).includes(slot.date) || (sameDay && slot.date === shopDate(now));
  if (!offered || !isOpen(slot, now)) throw new ShopError("conflict", DELIVERY_MESSAGES.slotPast);
  // The placing transaction's own reading of the settings, when it has one: one query fewer an order.
  const { slotCapacity } = settings ?? (await readSettings(tx));
  // One statement, the slot's first booking or the next (issue 45's cut-off makes thousands): a
  // slot not yet booked takes the shop's capacity; one booked keeps its own, and a full one answers no row.
  const [booked] = await tx
    .insert(deliverySlots)
    .values({ date: slot.date, kind: slot.kind, capacity: slotCapacity, booked: slotCapacity > 0 ? 1 : 0 })
    .onConflictDoUpdate({
      target: [deliverySlots.date, deliverySlots.kind],
      set: { booked: sql`${deliverySlots.booked} + 1`, updatedAt: now },
      setWhere: sql`${deliverySlots.booked} < ${deliverySlots.capacity}`,
    })
    .returning({ booked: deliverySlots.booked });
  // No row: full. A row booked 0: new with no capacity, so full from the start.
  if (!booked || booked.booked === 0) throw new ShopError("conflict", DELIVERY_MESSAGES.slotFull);
}

/** Gives a slot's place back (a cancelled order, a released hold), in the caller's transaction. */
export async function releaseSlot(tx: Conn, slot: { date: string | null; kind: SlotKind | null }, now: Date): Promise<void> {
  if (!slot.date || !slot.kind) return;
  await tx
    .update(deliverySlots)
    .set({ booked: sql`greatest(${deliverySlots.booked} - 1, 0)`, updatedAt: now })
    .where(and(eq(deliverySlots.date, slot.date), eq(deliverySlots.kind, slot.kind)));
}

/** Refuses an address outside the PINs served (none listed: every PIN is served). */
export async function checkServiceable(conn: Conn, pin: string): Promise<void> {
  refuseUnserved(pin, await isServiceable(conn, pin));
}

/** The refusal of an address whose PIN `pinServed` found unserved, for a caller that read both in one query. */
export function refuseUnserved(pin: string, served: boolean): void {
  if (!served) throw new ShopError("invalid", DELIVERY_MESSAGES.notServiceable(pin));
}

/** Whether a PIN is served, as a column of a caller's query. haat_pin_served() is the rule, for the address book too. */
export function pinServed(pin: SQLWrapper | string) {
  return sql<boolean>`haat_pin_served(${pin})`;
}

async function isServiceable(conn: Conn, pin: string): Promise<boolean> {
  const result = await conn.execute(sql`select ${pinServed(pin)} as served`);
  return (result as unknown as { rows: { served: boolean }[] }).rows[0]!.served;
}

/** Refuses an order below the minimum order value. */
export function checkMinimum({ minOrderPaise }: DeliverySettings, subtotalPaise: number): void {
  if (minOrderPaise > 0 && subtotalPaise < minOrderPaise) throw new ShopError("conflict", `The minimum order value is ${formatRupees(minOrderPaise)}. Please add a little more.`);
}

/** haat_slots()'s answer: the days asked, their booked slots, and the settings. */
interface SlotsJson {
  dates: string[];
  rows: { date: string; kind: SlotKind; capacity: number; booked: number }[];
  settings: Record<string, number>;
}

export function createDelivery(db: Db, { now = () => new Date() }: { now?: () => Date } = {}): DeliveryPort {
  return {
    async slots(read) {
      const at = now();
      // The days' booked slots and the settings (the capacity of a slot not booked yet): one call.
      const json = read
        ? jsonValue<SlotsJson>(read.json)
        : jsonColumn<SlotsJson>(await db.execute(sql`select haat_slots(string_to_array(${slotDates(at).join(",")}::text, ',')) as slots`), "slots")!;
      const settings = settingsOf(json.settings);
      const byKey = new Map(json.rows.map((r) => [`${r.date}/${r.kind}`, r]));
      // The days read, so a read taken just before midnight offers the days it counted.
      return json.dates.flatMap((date) =>
        SLOT_KINDS.map((kind): SlotOffer => {
          const row = byKey.get(`${date}/${kind}`);
          const capacity = row?.capacity ?? settings.slotCapacity;
          const left = Math.max(0, capacity - (row?.booked ?? 0));
          const open = isOpen({ date, kind }, at);
          return { date, kind, label: slotLabel({ date, kind }), capacity, left, available: open && left > 0, reason: !open ? "past" : left === 0 ? "full" : null };
        }),
      );
    },
    isServiceable: (pin) => isServiceable(db, pin),
    settings: () => readSettings(db),

    pins: () => db.select({ pin: serviceablePins.pin, area: serviceablePins.area }).from(serviceablePins).orderBy(asc(serviceablePins.pin)),

    setCapacity: (staffId, slot, capacity) =>
      db.transaction(async (tx) => {
        // A day gone by takes no orders: a capacity set for it would only be a wrong record.
        if (slot.date < shopDate(now())) throw new ShopError("invalid", DELIVERY_MESSAGES.pastCapacity);
        const { slotCapacity } = await readSettings(tx);
        await tx.insert(deliverySlots).values({ date: slot.date, kind: slot.kind, capacity: slotCapacity }).onConflictDoNothing();
        const [before] = await tx
          .select()
          .from(deliverySlots)
          .where(and(eq(deliverySlots.date, slot.date), eq(deliverySlots.kind, slot.kind)))
          .for("update");
        // Lowering below what is booked closes the slot to new orders; booked orders keep their place.
        await tx
          .update(deliverySlots)
          .set({ capacity, updatedAt: now() })
          .where(and(eq(deliverySlots.date, slot.date), eq(deliverySlots.kind, slot.kind)));
        await audit(tx, {
          staffId,
          action: "slot.capacity",
          entity: "delivery_slot",
          entityId: `${slot.date}/${slot.kind}`,
          before: { capacity: before!.capacity },
          after: { capacity },
        });
      }),

    setSettings: (staffId, changes) =>
      db.transaction(async (tx) => {
        // All of them or none; each one that changes is audited.
        const before = await readSettings(tx);
        for (const key of Object.keys(changes) as (keyof DeliverySettings)[]) {
          const value = changes[key];
          if (value === undefined || value === before[key]) continue;
          await tx
            .insert(shopSettings)
            .values({ key: SETTING_KEYS[key], value })
            .onConflictDoUpdate({ target: shopSettings.key, set: { value, updatedAt: now() } });
          await audit(tx, { staffId, action: "setting", entity: "shop_setting", entityId: SETTING_KEYS[key], before: { value: before[key] }, after: { value } });
        }
      }),

    addPin: (staffId, pin, area) =>
      db.transaction(async (tx) => {
        const [added] = await tx.insert(serviceablePins).values({ pin, area }).onConflictDoNothing().returning({ pin: serviceablePins.pin });
        if (!added) throw new ShopError("conflict", `PIN ${pin} is already on the list.`);
        await audit(tx, { staffId, action: "pin.add", entity: "serviceable_pin", entityId: pin, after: { pin, area } });
      }),

    removePin: (staffId, pin) =>
      db.transaction(async (tx) => {
        const [removed] = await tx.delete(serviceablePins).where(eq(serviceablePins.pin, pin)).returning();
        if (!removed) throw new ShopError("not_found", `PIN ${pin} is not on the list.`);
        await audit(tx, { staffId, action: "pin.remove", entity: "serviceable_pin", entityId: pin, before: removed });
      }),
  };
}

/**
 * The demo shop's PINs: every PIN code of Gurugram district, as India Post's All India Pincode
 * Directory (data.gov.in) lists its post offices under GURUGRAM (decision 033). 122013 and 122014
 * are no PIN, and 122050 is not in the directory; 122104-122108 are Nuh district's (Ferozepur
 * Jhirka, Tauru, Nuh, Nagina), not Gurugram's. Staff add or remove PINs on /staff/delivery.
 */
export const DEMO_PINS: readonly string[] = [
  "122001", // head office, old city
  "122002", // DLF Qutab Enclave
  "122003", // Sector 45
  "122004", // Narsinghpur
  "122005", // Air Force
  "122006", // Railway Road
  "122007", // Industrial Estate
  "122008", // DLF Phase II
  "122009", // Galleria DLF IV
  "122010", // DLF Phase III
  "122011", // Sector 56
  "122012", // Vatika India, Sector 82
  "122015", // Palam Road
  "122016", // Dundahera
  "122017", // Palam Vihar
  "122018", // South City II
  "122051", // NSG Camp Manesar
  "122052", // IMT Manesar
  "122098", // CRPF Kadarpur
  "122101", // Badshahpur
  "122102", // Bhondsi
  "122103", // Sohna
  "122413", // Bhorakalan
  "122414", // Nanukalan
  "122502", // Khalilpur
  "122503", // Pataudi
  "122504", // Haily Mandi
  "122505", // Garhi Harsaru
  "122506", // Farrukh Nagar
];

export async function seedDemoPins(db: Db): Promise<void> {
  const [any] = await db.select({ pin: serviceablePins.pin }).from(serviceablePins).limit(1);
  if (any) return;
  await db
    .insert(serviceablePins)
    .values(DEMO_PINS.map((pin) => ({ pin, area: "Gurugram" })))
    .onConflictDoNothing();
}
