// The staff dashboard's figures (issue 46 item 5), on PGlite and PostgreSQL: each widget's rows
// equal a direct SQL count of the same thing over seeded orders, written here without the
// dashboard's own queries (the shop's day by the zone's name, not its offset).
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { dashboardDays, LOOKBACK_DAYS, RANKED_ROWS, WIDGET, widgetCsvRows, type WidgetRows } from "../../app/domain/dashboard.ts";
import { addDays } from "../../app/domain/subscription.ts";
import { shopDayStart, slotDates } from "../../app/domain/delivery.ts";
import type { Customer } from "../../app/server/shop/port.server.ts";
import { LOW_STOCK_THRESHOLD_DEFAULT } from "../../app/domain/stock.ts";
import type { Database } from "../../app/server/db/client.server.ts";
import { targets } from "./databases.ts";
import { home, shopOn } from "./fixtures.ts";

async function rows<T>(database: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = await database.db.execute(query);
  return (result as unknown as { rows: T[] }).rows;
}

describe.each(targets)("the staff dashboard on $name", (target) => {
  const on = shopOn(target, { catalog: true }, { razorpay: null, publicOrigin: "https://shop.example.in", prepaidPercent: 0 });
  const days = dashboardDays(new Date());

  it("counts what the orders, payments, stock and 'Notify Me' requests hold", async () => {
    const { shop, database } = on;
    const [first, second, third] = slotDates(new Date());
    const staff = await shop.accounts.register({ name: "Manager", email: "dash-manager@example.in", phone: "9876543210", password: "password-1" });
    // Staff's settings: slots nobody has booked take 30; one slot of the third day is closed.
    await shop.delivery.setSettings(staff.id, { slotCapacity: 30 });
    await shop.delivery.setCapacity(staff.id, { date: third!, kind: "evening" }, 0);
    const placed: number[] = [];
    const buyers: Customer[] = [];
    const buys = [
      { ref: "GP-PUL-CHD-500G", quantity: 3, slot: { date: first!, kind: "morning" as const } },
      { ref: "GP-DRY-ALM-250G", quantity: 1, slot: { date: first!, kind: "morning" as const } },
      { ref: "GP-PUL-CHD-500G", quantity: 2, slot: { date: second!, kind: "evening" as const } },
      { ref: "GP-DRY-CSH-250G", quantity: 5, slot: { date: second!, kind: "afternoon" as const } },
      { ref: "GP-DRY-RSN-250G", quantity: 4, slot: { date: second!, kind: "afternoon" as const } },
      { ref: "GP-DRY-RSN-500G", quantity: 2, slot: { date: first!, kind: "evening" as const } },
      { ref: "GP-DRY-MDJ-500G", quantity: 1, slot: { date: first!, kind: "evening" as const } },
    ];
    for (const [i, buy] of buys.entries()) {
      const c = await shop.accounts.register({ name: `Buyer ${i}`, email: `dash-${i}@example.in`, phone: "9876543210", password: "password-1" });
      buyers.push(c);
      const address = await shop.addresses.create(c, home);
      await shop.cart.add(c, { internalReference: buy.ref, quantity: buy.quantity });
      placed.push((await shop.orders.place(c, { cartId: (await shop.cart.get(c)).id!, addressId: address.id, paymentMethod: "cod", slot: buy.slot })).orderId);
    }
    // Either side of India's midnights: the first second of today and the last of yesterday; the
    // first second of the 30 days and the last before them. A UTC day would put these wrong.
    const at = (date: string, seconds: number) => new Date(shopDayStart(date).getTime() + seconds * 1000).toISOString();
    await database.db.execute(sql`update orders set placed_at = ${at(days.today, 1)}::timestamptz where id = ${placed[0]}`);
    await database.db.execute(sql`update orders set placed_at = ${at(days.today, -1)}::timestamptz where id = ${placed[1]}`);
    await database.db.execute(sql`update orders set placed_at = ${at(days.since, 1)}::timestamptz where id = ${placed[2]}`);
    await database.db.execute(sql`update orders set placed_at = ${at(days.since, -1)}::timestamptz where id = ${placed[4]}`);
    // Cancelled: neither a sale nor a place taken. Waiting for its online payment: a place taken, not yet a sale.
    await shop.orders.cancel(buyers[3]!, placed[3]!);
    await database.db.execute(sql`update orders set state = 'awaiting_payment', order_number = null where id = ${placed[5]}`);
    // Online payments: one failed in today's first second and never paid, one failed the second
    // before the 30 days, an Autopay charge refused, and one that failed, was retried and paid.
    const pay = (orderId: number, fields: ReturnType<typeof sql>) =>
      database.db.execute(sql`insert into payments (order_id, method, amount_paise, status, failure_reason, failed_at, paid_at) values (${orderId}, 'razorpay', 5000, ${fields})`);
    await pay(placed[0]!, sql`'pending', 'Card declined', ${at(days.today, 1)}::timestamptz, null`);
    await pay(placed[1]!, sql`'pending', 'UPI timed out', ${at(days.since, -1)}::timestamptz, null`);
    await pay(placed[2]!, sql`'failed', 'Mandate paused', now(), null`);
    await pay(placed[6]!, sql`'captured', null, null, now()`);
    const [paid] = await rows<{ id: number }>(database, sql`select id from payments where paid_at is not null`);
    await database.db.execute(
      sql`insert into refunds (payment_id, amount_paise, reason, idempotency_key, status, created_at) values
          (${paid!.id}, 1200, 'short', 'k1', 'processed', ${at(days.today, 1)}::timestamptz),
          (${paid!.id}, 800, 'weight', 'k2', 'failed', now()),
          (${paid!.id}, 500, 'replaced', 'k3', 'initiated', ${at(days.since, -1)}::timestamptz)`,
    );
    // Stock: one variant below its own level, one below the shop's, one not on sale.
    await database.db.execute(sql`update variants set inventory_stock = 30, low_stock_below = 40 where internal_reference = 'GP-DRY-ALM-500G'`);
    await database.db.execute(sql`update variants set inventory_stock = 2, low_stock_below = null where internal_reference = 'GP-DRY-ALM-1KG'`);
    await database.db.execute(sql`update variants set inventory_stock = 0, in_stock = false where internal_reference = 'GP-DRY-CSH-500G'`);
    // 'Notify Me': two shoppers wait for one item, one request was sent and one cancelled.
    const [wanted] = await rows<{ id: number }>(database, sql`select id from variants where internal_reference = 'GP-DRY-CSH-500G'`);
    for (const c of buyers.slice(0, 2)) await database.db.execute(sql`insert into stock_requests (customer_id, variant_id) values (${c.id}, ${wanted!.id})`);
    await database.db.execute(sql`insert into stock_requests (customer_id, variant_id, notified_at) values (${buyers[2]!.id}, ${wanted!.id}, now())`);
    await database.db.execute(sql`insert into stock_requests (customer_id, variant_id, cancelled_at) values (${buyers[3]!.id}, ${wanted!.id}, now())`);

    const figures = async <K extends keyof WidgetRows>(key: K) => shop.staff.figures(key, days);
    const inWindow = (column: string) => sql.raw(`(${column} at time zone 'Asia/Kolkata')::date >= '${days.since}'::date`);
    const dayOf = (column: string) => sql.raw(`to_char(${column} at time zone 'Asia/Kolkata', 'YYYY-MM-DD')`);

    // Sales: placed and not cancelled, by the day placed in India, over the last 30 days.
    const sales = await rows<{ day: string; orders: number; total: number }>(
      database,
      sql`select ${dayOf("placed_at")} as day, count(*)::int as orders, sum(total_paise)::int as total
          from orders where state = 'confirmed' and ${inWindow("placed_at")} group by 1 order by 1`,
    );
    const salesFigures = await figures("sales");
    expect(salesFigures).toHaveLength(LOOKBACK_DAYS);
    expect(salesFigures.filter((d) => d.orders > 0).map((d) => ({ day: d.day, orders: d.orders, total: d.salesPaise }))).toEqual(sales);
    expect(sales.map((d) => [d.day, d.orders])).toEqual([
      [days.since, 1],
      [addDays(days.today, -1), 1],
      [days.today, 2],
    ]);

    // Slots: placed orders per slot of the next 7 days, places taken and capacity as checkout keeps them.
    const placedIn = await rows<{ date: string; kind: string; orders: number }>(
      database,
      sql`select slot_date as date, slot_kind as kind, count(*)::int as orders from orders where state = 'confirmed' group by 1, 2`,
    );
    const kept = await rows<{ date: string; kind: string; booked: number; capacity: number }>(database, sql`select date, kind, booked, capacity from delivery_slots`);
    const slotFigures = await figures("slots");
    expect(slotFigures.map((s) => `${s.date}/${s.kind}`)).toEqual(days.ahead.flatMap((d) => ["morning", "afternoon", "evening"].map((k) => `${d}/${k}`)));
    for (const s of slotFigures) {
      const slot = kept.find((k) => k.date === s.date && k.kind === s.kind);
      expect(s, `${s.date} ${s.kind}`).toEqual({
        date: s.date,
        kind: s.kind,
        orders: placedIn.find((p) => p.date === s.date && p.kind === s.kind)?.orders ?? 0,
        booked: slot?.booked ?? 0,
        // The shop's setting (30) for a slot nobody has booked.
        capacity: slot?.capacity ?? 30,
      });
    }
    const slotOf = (date: string, kind: string) => slotFigures.find((s) => s.date === date && s.kind === kind)!;
    // One placed and one waiting for its online payment: both hold a place.
    expect(slotOf(first!, "evening")).toMatchObject({ orders: 1, booked: 2, capacity: 30 });
    // A cancelled order gave its place back.
    expect(slotOf(second!, "afternoon")).toMatchObject({ orders: 1, booked: 1 });
    expect(WIDGET.slots.columns.at(-1)!.text(slotOf(third!, "evening"))).toBe("Closed");

    // Top products: units in orders placed in the 30 days, the most first.
    const top = await rows<{ ref: string; units: number }>(
      database,
      sql`select v.internal_reference as ref, sum(l.quantity)::int as units from order_lines l join orders o on o.id = l.order_id join variants v on v.id = l.variant_id
          where o.state = 'confirmed' and ${inWindow("o.placed_at")} group by 1 order by 2 desc, 1 limit ${RANKED_ROWS.products}`,
    );
    expect((await figures("products")).map((p) => ({ ref: p.internalReference, units: p.units }))).toEqual(top);
    expect(top).toEqual([
      { ref: "GP-PUL-CHD-500G", units: 5 },
      { ref: "GP-DRY-ALM-250G", units: 1 },
      { ref: "GP-DRY-MDJ-500G", units: 1 },
    ]);

    // Low stock: on sale with fewer left than the variant's level, or the shop's.
    const low = await rows<{ ref: string; available: number }>(
      database,
      sql`select internal_reference as ref, inventory_stock as available from variants
          where in_stock and inventory_stock < coalesce(low_stock_below, ${LOW_STOCK_THRESHOLD_DEFAULT}) order by inventory_stock, internal_reference`,
    );
    const lowFigures = await figures("stock");
    expect(lowFigures.map((v) => v.internalReference).sort()).toEqual(
      low
        .map((v) => v.ref)
        .slice(0, RANKED_ROWS.stock)
        .sort(),
    );
    expect(lowFigures.find((v) => v.internalReference === "GP-DRY-ALM-500G")).toMatchObject({ available: 30, threshold: 40 });
    expect(lowFigures.find((v) => v.internalReference === "GP-DRY-ALM-1KG")).toMatchObject({ available: 2, threshold: LOW_STOCK_THRESHOLD_DEFAULT });
    expect(lowFigures.some((v) => v.internalReference === "GP-DRY-CSH-500G")).toBe(false);

    // Payments by day: failed and never paid, by the day of the failure; refunds asked and not failed, by the day asked.
    const money = await rows<{ day: string; failed: number; refunds: number; refunded: number }>(
      database,
      sql`select day, sum(failed)::int as failed, sum(refunds)::int as refunds, sum(refunded)::int as refunded from (
            select ${dayOf("failed_at")} as day, 1 as failed, 0 as refunds, 0 as refunded from payments where failure_reason is not null and paid_at is null and ${inWindow("failed_at")}
            union all
            select ${dayOf("created_at")}, 0, 1, amount_paise from refunds where status <> 'failed' and ${inWindow("created_at")}
          ) t group by day order by day`,
    );
    const paymentFigures = await figures("payments");
    expect(paymentFigures).toHaveLength(LOOKBACK_DAYS);
    expect(paymentFigures.filter((d) => d.failed + d.refunds > 0).map((d) => ({ day: d.day, failed: d.failed, refunds: d.refunds, refunded: d.refundedPaise }))).toEqual(money);
    expect(money).toEqual([{ day: days.today, failed: 2, refunds: 1, refunded: 1200 }]);

    // 'Notify Me': open requests by item.
    expect(await figures("demand")).toEqual([{ internalReference: "GP-DRY-CSH-500G", title: expect.any(String), attribute: expect.any(String), waiting: 2, available: 0 }]);

    // The CSV has the same rows as the chart, as plain numbers.
    const csv = widgetCsvRows("products", await figures("products"));
    expect(csv.header).toEqual(["Item", "Reference", "Units", "Sales"]);
    expect(csv.rows[0]!.slice(1)).toEqual(["GP-PUL-CHD-500G", "5", expect.stringMatching(/^\d+\.\d\d$/)]);
  });
});
