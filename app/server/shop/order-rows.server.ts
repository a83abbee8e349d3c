// What orders, packing, payments and the staff side share about an order's rows, in the
// caller's transaction: kept apart so none of them imports another to get it (issue 42).
import { eq } from "drizzle-orm";
import { customers, orders, refunds } from "../db/schema.server.ts";
import { onCommit } from "../db/transaction-scope.server.ts";
import { metrics } from "../metrics/metrics.server.ts";
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

/**
 * Records a refund to ask Razorpay for, in the caller's transaction: the one way a refund is
 * written (cancel, late or second payment, short pick, weighing, replacement), counted once it
 * commits. Null when its idempotency key is recorded already (the same refund, asked again).
 */
export async function askRefund(tx: Conn, refund: typeof refunds.$inferInsert): Promise<number | null> {
  const [row] = await tx.insert(refunds).values(refund).onConflictDoNothing().returning({ id: refunds.id });
  if (row) onCommit(() => metrics.refundAsked(refund.reason));
  return row?.id ?? null;
}
