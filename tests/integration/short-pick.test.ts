// Items short at packing (issue 14), on PGlite and PostgreSQL: the line's quantity goes down (or
// the line goes), the order's totals and tax are priced again, the coupon stays, the timeline
// and the audit say so; refused once the order has left, for the only line, or for a number
// not below what was ordered. Prepaid orders' refunds: tests/integration/payments.test.ts.
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { slotDates } from "../../app/domain/delivery.ts";
import { priceOrder } from "../../app/domain/pricing.ts";
import { orderLines, staffAudit } from "../../app/server/db/schema.server.ts";
import type { Customer } from "../../app/server/shop/port.server.ts";
import { targets } from "./databases.ts";
import { home, refusal, shopOn } from "./fixtures.ts";

describe.each(targets)("short picks on $name", (target) => {
  const on = shopOn(target, { catalog: true, coupons: true }, { razorpay: null, publicOrigin: "https://shop.example.in", prepaidPercent: 0 });
  let staff: Customer;
  let n = 0;

  beforeAll(async () => {
    staff = await on.shop.accounts.register({ name: "Packer", email: "short-packer@haat.example", phone: "9876543210", password: "password-1" });
  });

  async function order(items: [string, number][], coupon?: string) {
    const customer = await on.shop.accounts.register({ name: "Short Buyer", email: `short${n++}@example.in`, phone: "9876543210", password: "password-1" });
    const address = await on.shop.addresses.create(customer, home);
    for (const [internalReference, quantity] of items) await on.shop.cart.add(customer, { internalReference, quantity });
    if (coupon) await on.shop.cart.applyCoupon(customer, coupon);
    const { orderId } = await on.shop.orders.place(customer, {
      cartId: (await on.shop.cart.get(customer)).id!,
      addressId: address.id,
      paymentMethod: "cod",
      slot: { date: slotDates(new Date())[1]!, kind: "morning" },
    });
    return { customer, orderId, view: (await on.shop.orders.get(customer, orderId))! };
  }

  it("lowers a line's quantity and prices the order again, tax recomputed, coupon kept", async () => {
    const { customer, orderId, view } = await order(
      [
        ["GP-PUL-CHD-500G", 3],
        ["GP-PUL-MSR-1KG", 10],
      ],
      "WELCOME10",
    );
    expect(view.discountPaise).toBeGreaterThan(0);
    const dal = view.lines.find((l) => l.internalReference === "GP-PUL-CHD-500G")!;
    const result = await on.shop.orders.shortPick(orderId, dal.id, 1, staff.id);
    expect(result).toMatchObject({ title: dal.title, ordered: 3, packed: 1, refundPaise: 0, refundId: null });
    expect(result.customer.id).toBe(customer.id);

    const after = (await on.shop.orders.get(customer, orderId))!;
    expect(after.lines.find((l) => l.id === dal.id)!.quantity).toBe(1);
    const expected = priceOrder(
      after.lines.map((l) => ({ pricePaise: l.unitPricePaise, mrpPaise: l.mrpPaise, quantity: l.quantity, taxRate: l.taxRate })),
      after.discountPaise,
    );
    expect(after.subtotalPaise).toBe(view.subtotalPaise - 2 * dal.unitPricePaise);
    expect(after.taxPaise).toBe(expected.taxPaise);
    expect(after.totalPaise).toBe(expected.totalPaise);
    expect(after.lines.reduce((a, l) => a + l.taxPaise, 0)).toBe(after.taxPaise);
    expect(after.discountPaise).toBeLessThanOrEqual(view.discountPaise);
    expect(after.couponCode).toBe("WELCOME10");
    expect(after.events.map((e) => [e.stage, e.note])).toContainEqual(["short", `${dal.title}: 1 of 3 packed`]);
    const audits = await on.database.db
      .select()
      .from(staffAudit)
      .where(and(eq(staffAudit.action, "order.short"), eq(staffAudit.entityId, String(orderId))));
    expect(audits).toMatchObject([{ staffId: staff.id, before: { quantity: 3, totalPaise: view.totalPaise }, after: { quantity: 1, totalPaise: after.totalPaise } }]);

    // Two staff marking the same line at once: the second sees it changed.
    expect((await refusal(on.shop.orders.shortPick(orderId, dal.id, 1, staff.id))).message).toBe("Enter how many were packed: fewer than the 1 ordered.");
  });

  it("takes a line off when none could be packed, but never the only line", async () => {
    const { customer, orderId, view } = await order([
      ["GP-PUL-CHD-500G", 1],
      ["GP-PUL-MSR-1KG", 1],
    ]);
    const [first, second] = view.lines;
    await on.shop.orders.shortPick(orderId, first!.id, 0, staff.id);
    const after = (await on.shop.orders.get(customer, orderId))!;
    expect(after.lines.map((l) => l.id)).toEqual([second!.id]);
    expect(after.totalPaise).toBe(second!.unitPricePaise);
    expect(await on.database.db.select().from(orderLines).where(eq(orderLines.id, first!.id))).toEqual([]);
    expect((await refusal(on.shop.orders.shortPick(orderId, second!.id, 0, staff.id))).code).toBe("invalid");
    expect((await refusal(on.shop.orders.shortPick(orderId, first!.id, 0, staff.id))).code).toBe("not_found");
  });

  it("is refused once the order is out for delivery, or cancelled", async () => {
    const { customer, orderId, view } = await order([["GP-PUL-CHD-500G", 2]]);
    for (const from of ["placed", "confirmed", "packed"] as const) await on.shop.orders.advance(orderId, from, staff.id);
    expect((await refusal(on.shop.orders.shortPick(orderId, view.lines[0]!.id, 1, staff.id))).message).toBe(
      `Order #${view.number} is already out for delivery: its items can no longer be marked short.`,
    );
    const other = await order([["GP-PUL-CHD-500G", 2]]);
    await on.shop.orders.cancel(other.customer, other.orderId);
    expect((await refusal(on.shop.orders.shortPick(other.orderId, other.view.lines[0]!.id, 1, staff.id))).code).toBe("conflict");
    expect((await on.shop.orders.get(customer, orderId))!.totalPaise).toBe(view.totalPaise);
  });
});
