// An order's documents as a person downloads them (decision 065), for the shopper's and the
// staff's routes alike: the tax invoice once issued (frozen as issued), before that the order
// summary; on the ERP back end, the ERP's own invoice at its link. Its credit notes by id.
import { fileResponse, PDF } from "../file-response.server.ts";
import type { Customer, OrderView, OrdersPort } from "../shop/port.server.ts";

/** Reading an order's documents is all these need of the Shop. */
type Documents = { orders: Pick<OrdersPort, "documents"> };
import { creditNotePdf, invoicePdf, orderSummaryPdf } from "./invoice.server.ts";

/** A document's number as a file name can carry it ("HT/26-27/0000042" → "HT-26-27-0000042"). */
const fileName = (number: string) => number.replace(/[^\w-]+/g, "-");

/** The order's tax invoice, or its order summary until the invoice is issued. `order` is the customer's. */
export async function invoiceResponse(shop: Documents, customer: Customer, order: OrderView): Promise<Response> {
  const documents = await shop.orders.documents(customer, order.id);
  if (documents?.invoice) return fileResponse(await invoicePdf(documents.invoice), { type: PDF, filename: `haat-invoice-${fileName(documents.invoice.number)}.pdf`, inline: true });
  // The ERP issued its own invoice: where it keeps it (a link on its own origin).
  if (documents?.erpInvoiceUrl) return new Response(null, { status: 302, headers: { Location: documents.erpInvoiceUrl, "Cache-Control": "private, no-store" } });
  return fileResponse(await orderSummaryPdf(order), { type: PDF, filename: `haat-order-${order.number}-summary.pdf`, inline: true });
}

/** One of the order's credit notes, by its id; null when the order has none such. */
export async function creditNoteResponse(shop: Documents, customer: Customer, orderId: number, noteId: number | null): Promise<Response | null> {
  if (noteId === null) return null;
  const note = (await shop.orders.documents(customer, orderId))?.creditNotes.find((n) => n.id === noteId);
  return note ? fileResponse(await creditNotePdf(note), { type: PDF, filename: `haat-credit-note-${fileName(note.number)}.pdf`, inline: true }) : null;
}
