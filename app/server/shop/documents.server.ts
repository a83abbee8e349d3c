// The documents an order is issued (decision 065), in the caller's transaction: numbers from series
// without gaps (an order's number, a financial year's tax invoices and credit notes), the tax
// invoice when the order leaves the shop, and a credit note for what is taken off it afterwards.
// What each prints is stored with it, frozen.
import { asc, eq, sql } from "drizzle-orm";
import { creditNoteNumber, currentSupplier, financialYear, invoiceDocumentOf, invoiceNumber, type CreditLine, type DocumentSource } from "../../domain/invoice.ts";
import { counters, creditNotes, invoices } from "../db/schema.server.ts";
import type { Conn } from "./coupons.server.ts";
import { TAKE_BACK_MESSAGES } from "../../domain/take-back.ts";
import { ShopError, type IssuedCreditNote, type IssuedInvoice, type IssuedRef, type OrderDocuments } from "./port.server.ts";

/** The series of the orders' numbers. */
export const ORDER_SERIES = "order";

/**
 * The next number of `series`: one upsert, whose row lock lasts until the caller's transaction
 * ends. Another transaction taking the same series waits for it, so numbers follow the order of
 * commits; a transaction that rolls back gives its number back. No gap, no repeat.
 */
export async function nextInSeries(tx: Conn, series: string): Promise<number> {
  const [row] = await tx
    .insert(counters)
    .values({ series, last: 1 })
    .onConflictDoUpdate({ target: counters.series, set: { last: sql`${counters.last} + 1` } })
    .returning({ last: counters.last });
  return row!.last;
}

/**
 * Issues the order's tax invoice, once: the next number of the financial year of `at`, and the
 * order as it is now (packed, weighed), frozen. Called in the transaction that moves the order Out
 * for delivery, with the order's row locked.
 */
export async function issueInvoice(tx: Conn, order: DocumentSource, at: Date): Promise<IssuedRef> {
  const [already] = await tx.select({ number: invoices.number, issuedAt: invoices.issuedAt }).from(invoices).where(eq(invoices.orderId, order.id));
  if (already) return already;
  const fy = financialYear(at);
  const serial = await nextInSeries(tx, `invoice/${fy}`);
  const number = invoiceNumber(fy, serial);
  await tx.insert(invoices).values({
    orderId: order.id,
    fy,
    serial,
    number,
    issuedAt: at,
    taxPaise: order.taxPaise,
    totalPaise: order.totalPaise,
    document: invoiceDocumentOf(order, currentSupplier()),
  });
  return { number, issuedAt: at };
}

/**
 * Issues a credit note against the order's invoice for `lines` (creditLines: what each came to
 * before less what it comes to now), with the next number of its financial year's own series.
 * None (null) when nothing comes off; refused when the order has no invoice to credit.
 */
export async function issueCreditNote(
  tx: Conn,
  order: { id: number; number: number; deliveryAddress: IssuedInvoice["document"]["deliveryAddress"]; paymentMethod: "cod" | "razorpay" },
  credit: { lines: CreditLine[]; reason: "returned"; refundId: number | null },
  at: Date,
): Promise<{ id: number; number: string; totalPaise: number } | null> {
  const [invoice] = await tx.select().from(invoices).where(eq(invoices.orderId, order.id));
  if (!invoice) throw new ShopError("conflict", TAKE_BACK_MESSAGES.noInvoice(order.number));
  const totalPaise = credit.lines.reduce((a, l) => a + l.amountPaise, 0);
  const taxPaise = credit.lines.reduce((a, l) => a + l.taxPaise, 0);
  if (totalPaise <= 0) return null;
  const fy = financialYear(at);
  const serial = await nextInSeries(tx, `credit-note/${fy}`);
  const number = creditNoteNumber(fy, serial);
  const [row] = await tx
    .insert(creditNotes)
    .values({
      orderId: order.id,
      invoiceId: invoice.id,
      fy,
      serial,
      number,
      issuedAt: at,
      reason: credit.reason,
      refundId: credit.refundId,
      taxPaise,
      totalPaise,
      document: {
        orderId: order.id,
        orderNumber: order.number,
        invoiceNumber: invoice.number,
        invoiceDate: invoice.issuedAt.toISOString(),
        reason: "Goods taken back after the order left the shop",
        settlement: order.paymentMethod === "razorpay" ? "refund" : "cash",
        deliveryAddress: order.deliveryAddress,
        lines: credit.lines,
        totalPaise,
        taxPaise,
        supplier: currentSupplier(),
      },
    })
    .returning({ id: creditNotes.id });
  return { id: row!.id, number, totalPaise };
}

/** An order's issued documents, frozen as issued. */
export async function documentsOf(conn: Conn, orderId: number): Promise<OrderDocuments> {
  const [[invoice], notes] = await Promise.all([
    conn.select().from(invoices).where(eq(invoices.orderId, orderId)),
    conn.select().from(creditNotes).where(eq(creditNotes.orderId, orderId)).orderBy(asc(creditNotes.id)),
  ]);
  return {
    invoice: invoice ? ({ number: invoice.number, issuedAt: invoice.issuedAt, document: invoice.document } satisfies IssuedInvoice) : null,
    creditNotes: notes.map((n): IssuedCreditNote => ({ id: n.id, number: n.number, issuedAt: n.issuedAt, document: n.document })),
  };
}
