// The packing slip of an order (issue 14): what the staff who pack it need on paper, in the
// same fonts as the invoice: the order and its slot, where it goes and who to call, what to
// collect on delivery, and each line with its internal_reference, quantity, amount and a box to
// tick. A gift (issue 29, decision 054) adds a card page for the box, and may leave out the prices.
import { addressLine } from "../../domain/address.ts";
import { formatRupees } from "../../domain/money.ts";
import { lineAmountPaise } from "../../domain/order.ts";
import { methodLabel } from "../../domain/payment.ts";
import { store } from "../../domain/store-config.ts";
import type { OrderView } from "../shop/port.server.ts";
import { GREY, HEAD_FILL, lineHeight, MARGIN, RULE, startPdf, type Style, type Writer } from "./invoice.server.ts";

/** What the rider collects, or that nothing is to collect. */
export function collectLine(order: Pick<OrderView, "payment" | "totalPaise">): string {
  if (order.payment.state === "cod") return `Cash on delivery: collect ${formatRupees(order.totalPaise, { exact: true })}`;
  return `Paid online (${methodLabel(order.payment.method)}): nothing to collect`;
}

export function packingSlipPdf(order: OrderView): Promise<Buffer> {
  return packingSlipsPdf([order], { Title: `Packing slip, order #${order.number}`, Subject: `Order #${order.number}` });
}

/**
 * Several orders' slips in one document, in the order given (issue 46: a slot's, printed in one
 * go): each starts on a new page, with its gift card after it, and each page's footer counts the
 * pages of its own order.
 */
export function packingSlipsPdf(orders: readonly OrderView[], info: { Title: string; Subject: string }): Promise<Buffer> {
  const { doc, w, done } = startPdf(info);
  const spans: { number: number; first: number; count: number }[] = [];
  orders.forEach((order, i) => {
    if (i > 0) doc.addPage();
    const first = doc.bufferedPageRange().count - 1;
    drawSlip(doc, w, order);
    spans.push({ number: order.number, first, count: doc.bufferedPageRange().count - first });
  });
  const left = MARGIN;
  const width = doc.page.width - 2 * MARGIN;
  const grey: Style = { size: 8, color: GREY };
  for (const span of spans) {
    for (let i = 0; i < span.count; i++) {
      doc.switchToPage(span.first + i);
      doc.page.margins.bottom = 0;
      w.line(`Order #${span.number} | Page ${i + 1} of ${span.count}`, left, doc.page.height - MARGIN - 10, grey, "right", width);
    }
  }
  doc.end();
  return done;
}

/** One order's slip, from the top of the current page (and its gift card's page). */
function drawSlip(doc: PDFKit.PDFDocument, w: Writer, order: OrderView): void {
  const left = MARGIN;
  const right = doc.page.width - MARGIN;
  const width = right - left;
  const bottom = doc.page.height - MARGIN - 24;
  const body: Style = { size: 10 };
  const bold: Style = { size: 10, weight: "bold" };
  let y = MARGIN;

  w.line(store.name, left, y, { size: 14, weight: "bold" });
  w.line("PACKING SLIP", left, y, { size: 16, weight: "bold" }, "right", width);
  y += lineHeight(16) + 4;
  y += w.block(`Order #${order.number}`, left, y, width, { size: 13, weight: "bold" });
  // A slip printed for a cancelled order must not send anything out.
  if (order.state === "cancelled") y += w.block("CANCELLED: DO NOT PACK", left, y, width, { size: 14, weight: "bold", color: "#b91c1c" });
  y += w.block(`Delivery slot: ${order.slot?.label ?? "No slot"}`, left, y, width, bold);
  y += w.block(collectLine(order), left, y, width, bold);
  y += 6;
  const a = order.deliveryAddress;
  y += w.block(`Deliver to: ${a.name}, ${addressLine(a)}`, left, y, width, body);
  y += w.block(`Phone: ${a.phone}`, left, y, width, body);
  const gift = order.gift ?? null;
  if (gift) y += w.block(`GIFT: put the gift card (the last page) in the box${gift.hidePrices ? "; no prices on this slip" : ""}.`, left, y + 4, width, bold) + 4;
  y += 10;

  // The lines: a box to tick, the item, its reference, how many and (unless a gift hides it) the amount.
  const showPrices = !gift?.hidePrices;
  const box = 18;
  const qtyWidth = 40;
  const amountWidth = showPrices ? 70 : 0;
  const refWidth = 130;
  const itemWidth = width - box - refWidth - qtyWidth - amountWidth - 12;
  const head = lineHeight(9) + 4;
  const header = () => {
    doc.rect(left, y, width, head).fillColor(HEAD_FILL).fill();
    w.line("Item", left + box + 4, y + 2, { size: 9, weight: "bold" });
    w.line("Reference", left + box + 8 + itemWidth, y + 2, { size: 9, weight: "bold" });
    w.line("Qty", right - amountWidth - qtyWidth, y + 2, { size: 9, weight: "bold" }, "right", qtyWidth);
    if (showPrices) w.line("Amount", right - amountWidth, y + 2, { size: 9, weight: "bold" }, "right", amountWidth);
    y += head;
  };
  header();
  for (const l of order.lines) {
    const text = l.attribute ? `${l.title} (${l.attribute})` : l.title;
    const height = Math.max(w.blockHeight(text, itemWidth, body), lineHeight(12)) + 6;
    if (y + height > bottom) {
      doc.addPage();
      y = MARGIN;
      header();
    }
    doc
      .rect(left + 2, y + 4, 10, 10)
      .lineWidth(0.8)
      .strokeColor("#333333")
      .stroke();
    w.block(text, left + box + 4, y + 3, itemWidth, body);
    w.line(l.internalReference, left + box + 8 + itemWidth, y + 3, { size: 9 });
    w.line(String(l.quantity), right - amountWidth - qtyWidth, y + 2, { size: 12, weight: "bold" }, "right", qtyWidth);
    if (showPrices) w.line(formatRupees(lineAmountPaise(l), { exact: true }), right - amountWidth, y + 3, { size: 9 }, "right", amountWidth);
    y += height;
    doc.moveTo(left, y).lineTo(right, y).lineWidth(0.6).strokeColor(RULE).stroke();
  }
  y += 8;
  const items = order.lines.reduce((n, l) => n + l.quantity, 0);
  y += w.block(`${items} ${items === 1 ? "item" : "items"} in ${order.lines.length} ${order.lines.length === 1 ? "line" : "lines"}`, left, y, width, bold);
  y += 24;
  if (y + 20 > bottom) {
    doc.addPage();
    y = MARGIN;
  }
  w.line("Packed by: ____________________", left, y, body);
  w.line("Checked by: ____________________", left, y, body, "right", width);

  // The gift card: a page of its own to go in the box, with nothing about money on it.
  if (gift) {
    doc.addPage();
    let g = MARGIN + 40;
    g += w.block("A gift for you", left, g, width, { size: 20, weight: "bold" }) + 16;
    g += w.block(gift.message, left, g, width, { size: 14 }) + 16;
    if (gift.from) w.block(`From: ${gift.from}`, left, g, width, { size: 13, weight: "bold" });
  }
}
