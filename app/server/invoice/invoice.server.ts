// The tax invoice of a placed order, as a PDF: seller block from the store configuration,
// invoice and order numbers, date, delivery address, lines with quantity, rate, taxable
// value, CGST and SGST, and totals (issue 4).
import { addressLine } from "../../domain/address.ts";
import { invoiceLines, invoiceNumber } from "../../domain/invoice.ts";
import { formatRupees } from "../../domain/money.ts";
import { store } from "../../store-config.ts";
import type { OrderView } from "../shop/port.server.ts";
import { PdfDocument } from "./pdf.server.ts";

const money = (paise: number) => formatRupees(paise, { exact: true });

export function invoicePdf(order: OrderView): Buffer {
  const doc = new PdfDocument();
  const number = invoiceNumber(order.id, order.placedAt);
  const date = new Intl.DateTimeFormat("en-IN", { dateStyle: "medium", timeZone: "Asia/Kolkata" }).format(order.placedAt);
  const left = 40;
  const right = doc.width - 40;
  let y = doc.height - 50;

  doc.text(left, y, "TAX INVOICE", { size: 18, font: "bold" });
  doc.text(right, y, store.company.legalName, { size: 10, font: "bold", align: "right" });
  y -= 14;
  doc.text(right, y, store.company.address, { size: 8, align: "right" });
  y -= 11;
  doc.text(right, y, `GSTIN ${store.company.gstin} | ${store.company.fssaiLicence}`, { size: 8, align: "right" });
  y -= 11;
  doc.text(right, y, `${store.support.email} | ${store.support.phone}`, { size: 8, align: "right" });

  y -= 28;
  doc.text(left, y, `Invoice number: ${number}`, { font: "bold" });
  doc.text(right, y, `Invoice date: ${date}`, { align: "right" });
  y -= 14;
  doc.text(left, y, `Order number: #${order.id}`);
  doc.text(right, y, `Payment: ${order.paymentMethod === "cod" ? "Cash on delivery" : "Paid online"}`, { align: "right" });
  if (order.state === "cancelled") {
    y -= 14;
    doc.text(left, y, "This order was cancelled.", { font: "bold" });
  }

  y -= 24;
  const a = order.deliveryAddress;
  doc.text(left, y, "Deliver to", { font: "bold" });
  y -= 13;
  doc.text(left, y, a.name);
  y -= 12;
  doc.text(left, y, addressLine(a));
  y -= 12;
  doc.text(left, y, `${a.country} | ${a.phone}${a.email ? ` | ${a.email}` : ""}`);
  y -= 12;
  doc.text(left, y, `Place of supply: ${a.state}`);

  // The table: description, quantity, rate, taxable value, GST %, CGST, SGST, amount.
  const cols = { qty: 300, rate: 355, taxable: 420, gst: 450, cgst: 495, sgst: 540, amount: right };
  y -= 28;
  doc.line(left, y + 12, right, y + 12);
  const head = { size: 8, font: "bold" as const, align: "right" as const };
  doc.text(left, y, "Item", { size: 8, font: "bold" });
  doc.text(cols.qty, y, "Qty", head);
  doc.text(cols.rate, y, "Rate", head);
  doc.text(cols.taxable, y, "Taxable", head);
  doc.text(cols.gst, y, "GST", head);
  doc.text(cols.cgst, y, "CGST", head);
  doc.text(cols.sgst, y, "SGST", head);
  doc.text(cols.amount, y, "Amount", head);
  y -= 6;
  doc.line(left, y, right, y);

  const { lines, totals } = invoiceLines(order.lines);
  const cell = { size: 8, align: "right" as const };
  for (const l of lines) {
    y -= 14;
    if (y < 120) {
      doc.addPage();
      y = doc.height - 60;
    }
    const description = l.description.length > 52 ? `${l.description.slice(0, 51)}...` : l.description;
    doc.text(left, y, description, { size: 8 });
    doc.text(cols.qty, y, String(l.quantity), cell);
    doc.text(cols.rate, y, money(l.ratePaise), cell);
    doc.text(cols.taxable, y, money(l.taxableValuePaise), cell);
    doc.text(cols.gst, y, `${l.taxRate}%`, cell);
    doc.text(cols.cgst, y, money(l.cgstPaise), cell);
    doc.text(cols.sgst, y, money(l.sgstPaise), cell);
    doc.text(cols.amount, y, money(l.totalPaise), cell);
  }
  y -= 8;
  doc.line(left, y, right, y);

  const total = (label: string, value: string, bold = false) => {
    y -= 15;
    doc.text(cols.taxable + 60, y, label, { size: 9, align: "right", font: bold ? "bold" : "regular" });
    doc.text(right, y, value, { size: 9, align: "right", font: bold ? "bold" : "regular" });
  };
  total("Taxable value", money(totals.taxableValuePaise));
  total("CGST", money(totals.cgstPaise));
  total("SGST", money(totals.sgstPaise));
  if (order.discountPaise > 0) total(`Coupon ${order.couponCode ?? ""} (included above)`, `-${money(order.discountPaise)}`);
  total("Delivery", "Free");
  total("Total", money(order.totalPaise), true);

  y -= 36;
  doc.text(left, y, "Prices include GST. This is a computer-generated invoice and needs no signature.", { size: 8 });
  return doc.toBuffer({ title: `Invoice ${number}` });
}
