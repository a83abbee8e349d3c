// What orders, packing, payments and the staff side share about an order's rows, in the
// caller's transaction: kept apart so none of them imports another to get it (issue 42).
import { eq } from "drizzle-orm";
import { customers, orders } from "../db/schema.server.ts";
import type { Conn } from "./coupons.server.ts";
import type { Customer } from "./port.server.ts";

/** The shopper an order belongs to (to mail them), in the caller's transaction. */
export async function customerOfOrder(conn: Conn, orderId: number): Promise<Customer | null> {
  const [row] = await conn
    .select({ id: customers.id, email: customers.email, name: customers.name, phone: customers.phone })
    .from(customers)
    .innerJoin(orders, eq(orders.customerId, customers.id))
    .where(eq(orders.id, orderId));
  return row ?? null;
}

/** X-Refund-Idempotency of the one refund a payment may have: a retry is the same refund. */
export function refundKey(paymentRowId: number): string {
  return `haat-refund-${paymentRowId}`;
}
