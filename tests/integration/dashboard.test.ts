// The staff dashboard's figures (issue 46 item 5), on PGlite and PostgreSQL: each widget's rows
// equal a direct SQL count of the same thing over seeded orders, written here without the
// dashboard's own queries (the shop's day by the zone's name, not its offset).
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { dashboardDays, LOOKBACK_DAYS, RANKED_ROWS, widgetCsvRows, type WidgetRows } from "../../app/domain/dashboard.ts";
import { slotDates } from "../../app/domain/delivery.ts";
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
    const [first, second] = slotDates(new Date());
    const placed: number[] = [];
    const buys = [
      { ref: "GP-PUL-CHD-500G", quantity: 3, slot: { date: first!, kind: "morning" as const } },
      { ref: "GP-DRY-ALM-250G", quantity: 1, slot: { date: first!, kind: "morning" as const } },
      { ref: "GP-PUL-CHD-500G", quantity: 2, slot: { date: second!, kind: "evening" as const } },
      { ref: "GP-DRY-CSH-250G", quantity: 5, slot: { date: second!, kind: "afternoon" as const } },
    ];
    for (const [i, buy] of buys.entries()) {
      const c = await shop.accounts.register({ name: `Buyer ${i}`, email: `dash-${i}@example.in`, phone: "9876543210", password: "password-1" });
      const address = await shop.addresses.create(c, home);
      await shop.cart.add(c, { internalReference: buy.ref, quantity: buy.quantity });
      placed.push((await shop.orders.place(c, { cartId: (await shop.cart.get(c)).id!, addressId: address.id, paymentMethod: "cod", slot: buy.slot })).orderId);
    }
    // One placed three days ago, one long before the 30 days, one cancelled: the days and states count.
    await database.db.execute(sql`update orders set placed_at = now() - interval '3 days' where id = ${placed[1]}`);
    await database.db.execute(sql`update orders set placed_at = now() - interval '40 days' where id = ${placed[2]}`);
    await database.db.execute(sql`update orders set state = 'cancelled', cancelled_at = now() where id = ${placed[3]}`);
    // An online payment that failed and was never paid, one that failed then was paid, and refunds (one failed at Razorpay).
    await database.db.execute(sql`insert into payments (order_id, method, status, amount_paise, failure_reason) values (${placed[0]}, 'razorpay', 'pending', 5000, 'Card declined')`);
    await database.db.execute(
      sql`insert into payments (order_id, method, status, amount_paise, failure_reason, paid_at, updated_at) values (${placed[0]}, 'razorpay', 'failed', 5000, 'UPI timed out', null, now() - interval '2 days')`,
    );
    await database.db.execute(sql`insert into payments (order_id, method, status, amount_paise, paid_at) values (${placed[1]}, 'razorpay', 'captured', 9000, now())`);
    const [paid] = await rows<{ id: number }>(database, sql`select id from payments where paid_at is not null`);
    await database.db.execute(
      sql`insert into refunds (payment_id, amount_paise, reason, idempotency_key, status) values (${paid!.id}, 1200, 'short', 'k1', 'processed'), (${paid!.id}, 800, 'weight', 'k2', 'failed')`,
    );
    // Stock: one variant below its own level, one below the shop's, one not on sale.
    await database.db.execute(sql`update variants set inventory_stock = 30, low_stock_below = 40 where internal_reference = 'GP-DRY-ALM-500G'`);
    await database.db.execute(sql`update variants set inventory_stock = 2, low_stock_below = null where internal_reference = 'GP-DRY-ALM-1KG'`);
    await database.db.execute(sql`update variants set inventory_stock = 0, in_stock = false where internal_reference = 'GP-DRY-CSH-500G'`);
    // 'Notify Me': two shoppers wait for one item, one request was sent and one cancelled.
    const customers = await rows<{ id: number }>(database, sql`select id from customers order by id limit 3`);
    const [wanted] = await rows<{ id: number }>(database, sql`select id from variants where internal_reference = 'GP-DRY-CSH-500G'`);
    for (const c of customers.slice(0, 2)) await database.db.execute(sql`insert into stock_requests (customer_id, variant_id) values (${c.id}, ${wanted!.id})`);
    await database.db.execute(sql`insert into stock_requests (customer_id, variant_id, notified_at) values (${customers[2]!.id}, ${wanted!.id}, now())`);

    const figures = async <K extends keyof WidgetRows>(key: K) => shop.staff.figures(key, days);

    // Sales: placed and not cancelled, by the day placed in India, over the last 30 days.
    const sales = await rows<{ day: string; orders: number; total: number }>(
      database,
      sql`select to_char(placed_at at time zone 'Asia/Kolkata', 'YYYY-MM-DD') as day, count(*)::int as orders, sum(total_paise)::int as total
          from orders where state = 'confirmed' and (placed_at at time zone 'Asia/Kolkata')::date >= ${days.since}::date group by 1 order by 1`,
    );
    const salesFigures = await figures("sales");
    expect(salesFigures).toHaveLength(LOOKBACK_DAYS);
    expect(salesFigures.filter((d) => d.orders > 0).map((d) => ({ day: d.day, orders: d.orders, total: d.salesPaise }))).toEqual(sales);
    expect(sales.reduce((n, d) => n + d.orders, 0)).toBe(2);

    // Slots: confirmed orders per slot of the next 7 days, beside each slot's capacity.
    const slots = await rows<{ date: string; kind: string; orders: number }>(
      database,
      sql`select slot_date as date, slot_kind as kind, count(*)::int as orders from orders where state = 'confirmed' and slot_date >= ${days.today} group by 1, 2 order by 1, 2`,
    );
    const slotFigures = await figures("slots");
    expect(slotFigures).toHaveLength(21);
    expect(
      slotFigures
        .filter((s) => s.orders > 0)
        .map(({ date, kind, orders }) => ({ date, kind, orders }))
        .sort((a, b) => (a.date + a.kind).localeCompare(b.date + b.kind)),
    ).toEqual(slots);
    expect(slotFigures.find((s) => s.date === first && s.kind === "morning")).toMatchObject({ orders: 2, capacity: 40 });

    // Top products: units in orders placed in the 30 days, the most first.
    const top = await rows<{ ref: string; units: number }>(
      database,
      sql`select v.internal_reference as ref, sum(l.quantity)::int as units from order_lines l join orders o on o.id = l.order_id join variants v on v.id = l.variant_id
          where o.state = 'confirmed' and o.placed_at >= now() - interval '29 days' group by 1 order by 2 desc, 1 limit ${RANKED_ROWS.products}`,
    );
    expect((await figures("products")).map((p) => ({ ref: p.internalReference, units: p.units }))).toEqual(top);
    expect(top).toEqual([
      { ref: "GP-PUL-CHD-500G", units: 3 },
      { ref: "GP-DRY-ALM-250G", units: 1 },
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

    // Payments: failed and never paid; refunds asked and not failed.
    const [money] = await rows<{ failed: number; refunds: number; refunded: number }>(
      database,
      sql`select (select count(*) from payments where failure_reason is not null and paid_at is null)::int as failed,
                 (select count(*) from refunds where status <> 'failed')::int as refunds,
                 (select coalesce(sum(amount_paise), 0) from refunds where status <> 'failed')::int as refunded`,
    );
    const paymentFigures = await figures("payments");
    expect(paymentFigures).toHaveLength(LOOKBACK_DAYS);
    const sum = (f: (d: WidgetRows["payments"][number]) => number) => paymentFigures.reduce((n, d) => n + f(d), 0);
    expect({ failed: sum((d) => d.failed), refunds: sum((d) => d.refunds), refunded: sum((d) => d.refundedPaise) }).toEqual(money);
    expect(money).toEqual({ failed: 2, refunds: 1, refunded: 1200 });
    expect(paymentFigures.find((d) => d.day === days.today)).toMatchObject({ failed: 1, refunds: 1 });

    // 'Notify Me': open requests by item.
    expect(await figures("demand")).toEqual([{ internalReference: "GP-DRY-CSH-500G", title: expect.any(String), attribute: expect.any(String), waiting: 2, available: 0 }]);

    // The CSV has the same rows as the chart, as plain numbers.
    const csv = widgetCsvRows("products", await figures("products"));
    expect(csv.header).toEqual(["Item", "Reference", "Units", "Sales"]);
    expect(csv.rows[0]!.slice(1)).toEqual(["GP-PUL-CHD-500G", "3", expect.stringMatching(/^\d+\.\d\d$/)]);
  });
});
