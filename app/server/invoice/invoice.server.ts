// An order's documents as A4 PDFs (issues 4, 11 and 41; decisions 028 and 063). The GST tax
// invoice, issued when the order leaves the shop and printed from what was frozen then: the
// supplier's name, address, GSTIN and state; invoice and order numbers and dates; the buyer's name,
// address and the place of supply; a line per item with its HSN code, quantity, price, coupon
// share, taxable value, GST rate and CGST + SGST (delivered in the shop's state) or IGST (any
// other state); then the totals and the tax by rate. Before it is issued, the same figures as an
// order summary that is not a tax invoice (no invoice number). A credit note for what is taken off
// after issue, with its own number and the invoice it reduces. Written with pdfkit in embedded
// Noto fonts, subset into the file, so ₹ and Devanagari print.
import fs from "node:fs";
import { methodLabel, paymentStateLabel } from "../../domain/payment.ts";
import * as fontkit from "fontkit";
import PDFDocument from "pdfkit";
import { addressLine } from "../../domain/address.ts";
import { formatPlace, gstState, placeOfSupply, splitTax, supplyKind, type SupplyKind } from "../../domain/invoice-tax.ts";
import {
  currentSupplier,
  invoiceDocumentOf,
  invoiceLines,
  taxBreakup,
  type CreditNoteDocument,
  type InvoiceDocument,
  type InvoiceLine,
  type InvoiceTotals,
  type Supplier,
} from "../../domain/invoice.ts";
import { slotLabel } from "../../domain/delivery.ts";
import { formatRupees } from "../../domain/money.ts";
import { deliveryPaiseOf } from "../../domain/pricing.ts";
import { store } from "../../domain/store-config.ts";
import { projectPath } from "../project-root.server.ts";
import type { IssuedCreditNote, IssuedInvoice, OrderView } from "../shop/port.server.ts";

const money = (paise: number) => formatRupees(paise, { exact: true });

// ---------- fonts: Noto Sans for Latin and ₹, Noto Sans Devanagari for Devanagari ----------

type Weight = "regular" | "bold";
type Script = "latin" | "devanagari";

const FONT_FILES: Record<Script, Record<Weight, string>> = {
  latin: { regular: "NotoSans-Regular.ttf", bold: "NotoSans-Bold.ttf" },
  devanagari: { regular: "NotoSansDevanagari-Regular.ttf", bold: "NotoSansDevanagari-Bold.ttf" },
};

type FontSource = PDFKit.Mixins.PDFFontSource;
let fontData: Map<string, FontSource> | undefined;

/**
 * The four fonts, read and parsed once per process (parsing them is most of the cost of an
 * invoice); pdfkit takes a fontkit font as it takes font bytes, and subsets it per document.
 * The files ship in the repository beside this module.
 */
function fonts(): Map<string, FontSource> {
  if (fontData) return fontData;
  const data = new Map<string, FontSource>();
  for (const [script, weights] of Object.entries(FONT_FILES)) {
    for (const [weight, file] of Object.entries(weights)) {
      const font = fontkit.create(fs.readFileSync(projectPath("app", "server", "invoice", "fonts", file)));
      data.set(`${script}-${weight}`, font as unknown as FontSource);
    }
  }
  return (fontData = data);
}

const isDevanagari = (cp: number) =>
  (cp >= 0x0900 && cp <= 0x097f) || (cp >= 0xa8e0 && cp <= 0xa8ff) || (cp >= 0x1cd0 && cp <= 0x1cff) || cp === 0x200c || cp === 0x200d || cp === 0x25cc;

interface Run {
  text: string;
  script: Script;
}

/** The text cut where its script changes; a space stays with the run before it. */
export function scriptRuns(text: string): Run[] {
  const runs: Run[] = [];
  for (const ch of text) {
    const last = runs[runs.length - 1];
    const script: Script = ch === " " && last ? last.script : isDevanagari(ch.codePointAt(0)!) ? "devanagari" : "latin";
    if (last && last.script === script) last.text += ch;
    else runs.push({ text: ch, script });
  }
  return runs;
}

export interface Style {
  size: number;
  weight?: Weight;
  color?: string;
}

export const GREY = "#555555";
export const RULE = "#c8c8c8";
export const HEAD_FILL = "#efefef";
export const lineHeight = (size: number) => size * 1.45;

/**
 * Text on a pdfkit page in mixed scripts: each run in the font that has its glyphs, shaped by
 * fontkit (Devanagari conjuncts and vowel signs), wrapped by words within a width. A
 * Devanagari run is marked with its ActualText, so copying or extracting the text gives the
 * characters in their logical order rather than the glyphs' visual one.
 */
export class Writer {
  readonly doc: PDFKit.PDFDocument;
  constructor(doc: PDFKit.PDFDocument) {
    this.doc = doc;
  }

  private use(script: Script, style: Style) {
    this.doc.font(`${script}-${style.weight ?? "regular"}`).fontSize(style.size);
  }

  width(text: string, style: Style): number {
    let w = 0;
    for (const run of scriptRuns(text)) {
      this.use(run.script, style);
      w += this.doc.widthOfString(run.text);
    }
    return w;
  }

  /** Lines of at most `width`, broken at spaces; a word longer than a line is cut between characters. */
  wrap(text: string, width: number, style: Style): string[] {
    const lines: string[] = [];
    for (const paragraph of text.split("\n")) {
      let line = "";
      for (const word of paragraph.split(/ +/).filter(Boolean)) {
        const candidate = line ? `${line} ${word}` : word;
        if (this.width(candidate, style) <= width) {
          line = candidate;
          continue;
        }
        if (line) lines.push(line);
        line = "";
        let piece = "";
        for (const { segment } of new Intl.Segmenter("en", { granularity: "grapheme" }).segment(word)) {
          if (piece && this.width(piece + segment, style) > width) {
            lines.push(piece);
            piece = "";
          }
          piece += segment;
        }
        line = piece;
      }
      lines.push(line);
    }
    return lines;
  }

  /** One line whose top is at `top`; `align` within [x, x + width]. */
  line(text: string, x: number, top: number, style: Style, align: "left" | "right" = "left", width = 0) {
    const doc = this.doc;
    let at = align === "right" ? x + width - this.width(text, style) : x;
    const baseline = top + style.size * 1.1;
    doc.fillColor(style.color ?? "black");
    for (const run of scriptRuns(text)) {
      this.use(run.script, style);
      const w = doc.widthOfString(run.text);
      if (run.script === "devanagari") this.withActualText(run.text, () => doc.text(run.text, at, baseline, { lineBreak: false, baseline: "alphabetic" }));
      else doc.text(run.text, at, baseline, { lineBreak: false, baseline: "alphabetic" });
      at += w;
    }
  }

  /**
   * Draws with the text object marked as a Span whose ActualText is `text`. pdfkit writes
   * each piece of text as `q cm BT … ET Q`; the marks go just inside that q … Q, around the
   * BT … ET, because marked content must nest properly with q … Q, and because readers
   * (poppler's pdftotext among them) place the ActualText by the transformation in force at
   * its end (doc.markContent around doc.text would end it outside, where the page is flipped).
   */
  private withActualText(text: string, draw: () => void) {
    const doc = this.doc;
    const add = doc.addContent;
    doc.addContent = (data: string) => {
      if (data === "BT") doc.markContent("Span", { actual: text });
      add.call(doc, data);
      if (data === "ET") doc.endMarkedContent();
      return doc;
    };
    try {
      draw();
    } finally {
      doc.addContent = add;
    }
  }

  /** Wrapped text from `top`; returns the height it took. */
  block(text: string, x: number, top: number, width: number, style: Style, align: "left" | "right" = "left"): number {
    const lines = this.wrap(text, width, style);
    lines.forEach((l, i) => this.line(l, x, top + i * lineHeight(style.size), style, align, width));
    return lines.length * lineHeight(style.size);
  }

  blockHeight(text: string, width: number, style: Style): number {
    return this.wrap(text, width, style).length * lineHeight(style.size);
  }

  /** A figure right-aligned in a cell, made smaller until it fits: it never runs into the next column. */
  figure(text: string, x: number, top: number, width: number, style: Style) {
    let size = style.size;
    while (size > 4 && this.width(text, { ...style, size }) > width) size -= 0.25;
    this.line(text, x, top, { ...style, size }, "right", width);
  }
}

// ---------- the lines table ----------

interface Column {
  head: string;
  width: number;
  cell: (l: InvoiceLine) => string;
}

/** The lines table's columns; a credit note's have no price or discount, and count what is taken back. */
function columns(kind: SupplyKind, contentWidth: number, credit = false): { item: number; rest: Column[] } {
  const tax: Column[] =
    kind === "intra-state"
      ? [
          { head: "CGST", width: 46, cell: (l) => money(l.cgstPaise) },
          { head: "SGST", width: 46, cell: (l) => money(l.sgstPaise) },
        ]
      : [{ head: "IGST", width: 54, cell: (l) => money(l.igstPaise) }];
  const priced: Column[] = credit
    ? []
    : [
        { head: "Unit price (incl. GST)", width: 52, cell: (l) => money(l.unitPricePaise) },
        { head: "Discount", width: 46, cell: (l) => money(l.discountPaise) },
      ];
  const rest: Column[] = [
    { head: "HSN", width: 32, cell: (l) => l.hsn || "-" },
    { head: credit ? "Qty taken back" : "Qty", width: credit ? 40 : 24, cell: (l) => String(l.quantity) },
    ...priced,
    { head: "Taxable value", width: 56, cell: (l) => money(l.taxableValuePaise) },
    { head: "GST rate", width: 28, cell: (l) => `${l.taxRate}%` },
    ...tax,
    { head: "Amount", width: 58, cell: (l) => money(l.totalPaise) },
  ];
  return { item: contentWidth - rest.reduce((a, c) => a + c.width, 0), rest };
}

// ---------- the invoice ----------

export const MARGIN = 36;
const PAD = 3;

/** An A4 document in the embedded fonts, its writer, and its bytes once `doc.end()` is called. */
export function startPdf(info: { Title: string; Subject: string }): { doc: PDFKit.PDFDocument; w: Writer; done: Promise<Buffer> } {
  const doc = new PDFDocument({
    size: "A4",
    margin: MARGIN,
    bufferPages: true,
    lang: "en-IN",
    displayTitle: true,
    // The starting font (pdfkit's default would load Helvetica's metrics for nothing); the
    // types say a name, pdfkit takes any font source.
    font: fonts().get("latin-regular") as unknown as string,
    info: { ...info, Author: store.company.legalName },
  });
  for (const [name, data] of fonts()) doc.registerFont(name, data);
  const done = new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on("data", (c: Buffer) => chunks.push(c));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  return { doc, w: new Writer(doc), done };
}

const dateOf = (at: Date | string) => new Intl.DateTimeFormat("en-IN", { dateStyle: "medium", timeZone: "Asia/Kolkata" }).format(new Date(at));

/** What one document prints above and below its lines. */
interface Sheet {
  info: { Title: string; Subject: string };
  /** "TAX INVOICE", "ORDER SUMMARY", "CREDIT NOTE", and the line under it. */
  title: string;
  subtitle: string;
  /** The heading of the details block, and its lines. */
  detailsHead: string;
  details: string[];
  supplier: Supplier;
  buyer: InvoiceDocument["deliveryAddress"];
  /** A notice in red under the details (a cancelled order). */
  warning: string | null;
  kind: SupplyKind;
  lines: InvoiceLine[];
  totals: InvoiceTotals;
  credit: boolean;
  /** The figures beside the tax breakup, the last one bold (the grand total). */
  summary: [string, string][];
  notes: string[];
  /** Whether it carries the supplier's signature block (a tax invoice and a credit note do). */
  signed: boolean;
  /** What each page's footer names (the document's number). */
  footer: string;
}

/** How the order was paid, as the documents print it. */
function paymentText(payment: InvoiceDocument["payment"]): string {
  return payment.state === "cod"
    ? "Payment: Cash on delivery"
    : `Payment: ${methodLabel(payment.method)} via Razorpay (${paymentStateLabel(payment.state)})${payment.providerPaymentId ? `, payment ID ${payment.providerPaymentId}` : ""}`;
}

/** The figures beside the tax breakup: items, coupon, prepaid discount, delivery, grand total. */
function orderSummary(doc: InvoiceDocument): [string, string][] {
  const delivery = deliveryPaiseOf(doc);
  const rows: [string, string][] = [[`Items total (incl. GST)`, money(doc.subtotalPaise)]];
  if (doc.discountPaise > 0) rows.push([`Coupon ${doc.couponCode ?? ""}`.trim(), `-${money(doc.discountPaise)}`]);
  if (doc.prepaidDiscountPaise > 0) rows.push(["Prepaid discount", `-${money(doc.prepaidDiscountPaise)}`]);
  rows.push(["Delivery", delivery > 0 ? money(delivery) : "Free"]);
  rows.push(["Grand total", money(doc.totalPaise)]);
  return rows;
}

/** The tax invoice as issued (decision 065): printed from what was frozen when the order left the shop. */
export function invoicePdf(invoice: IssuedInvoice): Promise<Buffer> {
  const doc = invoice.document;
  // Invoices issued before their supplier was kept (migration 0034) name the store's details of today.
  const supplier = doc.supplier ?? currentSupplier();
  const kind = supplyKind(supplier.state, placeOfSupply(doc.deliveryAddress));
  const { lines, totals } = invoiceLines(doc.lines, kind);
  return sheetPdf({
    info: { Title: `Tax invoice ${invoice.number}`, Subject: `Order #${doc.orderNumber}` },
    title: "TAX INVOICE",
    subtitle: "Original for recipient",
    detailsHead: "Invoice",
    details: [
      `Invoice number: ${invoice.number}`,
      `Invoice date: ${dateOf(invoice.issuedAt)}`,
      `Order number: #${doc.orderNumber}`,
      `Order date: ${dateOf(doc.placedAt)}`,
      paymentText(doc.payment),
      ...(doc.slot ? [`Delivery slot: ${slotLabel(doc.slot)}`] : []),
      "Reverse charge: No",
    ],
    supplier,
    buyer: doc.deliveryAddress,
    warning: doc.cancelled ? "This order was cancelled." : null,
    kind,
    lines,
    totals,
    credit: false,
    summary: orderSummary(doc),
    notes: [
      "Prices include GST. Each line's taxable value is its amount less the GST in it, after its share of any coupon.",
      supplyNote(kind, supplier, doc.deliveryAddress),
      "This is a computer-generated invoice.",
    ],
    signed: true,
    footer: invoice.number,
  });
}

/**
 * Before the order leaves the shop: its figures as they are now (an estimate until staff weigh
 * what is sold by weight), as an order summary. Not a tax invoice: no invoice number, and it says so.
 */
export function orderSummaryPdf(order: OrderView): Promise<Buffer> {
  const doc = invoiceDocumentOf(order);
  const supplier = currentSupplier();
  const kind = supplyKind(supplier.state, placeOfSupply(doc.deliveryAddress));
  const { lines, totals } = invoiceLines(doc.lines, kind);
  const estimated = order.lines.some((l) => l.byWeight && l.packedGrams === undefined);
  return sheetPdf({
    info: { Title: `Order summary, order #${order.number}`, Subject: `Order #${order.number}` },
    title: "ORDER SUMMARY",
    subtitle: "Not a tax invoice",
    detailsHead: "Order",
    details: [`Order number: #${order.number}`, `Order date: ${dateOf(order.placedAt)}`, paymentText(doc.payment), ...(doc.slot ? [`Delivery slot: ${slotLabel(doc.slot)}`] : [])],
    supplier,
    buyer: doc.deliveryAddress,
    warning: doc.cancelled ? "This order was cancelled." : null,
    kind,
    lines,
    totals,
    credit: false,
    summary: orderSummary(doc),
    notes: [
      "This is not a tax invoice. The tax invoice is issued once, when the order leaves the shop (Out for delivery), with what was packed and weighed.",
      ...(estimated ? ["Items sold by weight are estimated until they are weighed at packing."] : []),
      "Prices include GST.",
    ],
    signed: false,
    footer: `Order #${order.number}`,
  });
}

/** A credit note (GST s.34; decision 065): what was taken off an order after its invoice, as issued. */
export function creditNotePdf(note: IssuedCreditNote): Promise<Buffer> {
  const doc: CreditNoteDocument = note.document;
  const supplier = doc.supplier ?? currentSupplier();
  const kind = supplyKind(supplier.state, placeOfSupply(doc.deliveryAddress));
  const lines = doc.lines.map((l): InvoiceLine => {
    const described = l.attribute ? `${l.title} (${l.attribute})` : l.title;
    return {
      description: described,
      descriptionHi: l.titleHi?.trim() ?? "",
      reference: l.internalReference,
      hsn: l.hsn,
      quantity: l.quantity,
      unitPricePaise: 0,
      ratePaise: 0,
      grossPaise: l.amountPaise,
      discountPaise: 0,
      taxableValuePaise: l.amountPaise - l.taxPaise,
      taxRate: l.taxRate,
      taxPaise: l.taxPaise,
      ...splitTax(l.taxPaise, kind),
      totalPaise: l.amountPaise,
    };
  });
  const sum = (f: (l: InvoiceLine) => number) => lines.reduce((a, l) => a + f(l), 0);
  const totals: InvoiceTotals = {
    grossPaise: sum((l) => l.grossPaise),
    taxableValuePaise: sum((l) => l.taxableValuePaise),
    taxPaise: sum((l) => l.taxPaise),
    cgstPaise: sum((l) => l.cgstPaise),
    sgstPaise: sum((l) => l.sgstPaise),
    igstPaise: sum((l) => l.igstPaise),
    discountPaise: 0,
    totalPaise: sum((l) => l.totalPaise),
  };
  return sheetPdf({
    info: { Title: `Credit note ${note.number}`, Subject: `Order #${doc.orderNumber}` },
    title: "CREDIT NOTE",
    subtitle: "Original for recipient",
    detailsHead: "Credit note",
    details: [
      `Credit note number: ${note.number}`,
      `Credit note date: ${dateOf(note.issuedAt)}`,
      `Against tax invoice: ${doc.invoiceNumber} of ${dateOf(doc.invoiceDate)}`,
      `Order number: #${doc.orderNumber}`,
      `Reason: ${doc.reason}`,
      "Reverse charge: No",
    ],
    supplier,
    buyer: doc.deliveryAddress,
    warning: null,
    kind,
    lines,
    totals,
    credit: true,
    summary: [
      ["Taxable value", money(totals.taxableValuePaise)],
      ["GST", money(totals.taxPaise)],
      ["Total credited", money(doc.totalPaise)],
    ],
    notes: [
      "This credit note reduces the tax invoice named above by the amounts shown (CGST Act, section 34).",
      doc.settlement === "refund"
        ? "The amount is refunded to the payment method the order was paid with."
        : "Cash on delivery: the amount is taken off what is paid, or given back in cash.",
      supplyNote(kind, supplier, doc.deliveryAddress),
      "This is a computer-generated credit note.",
    ],
    signed: true,
    footer: note.number,
  });
}

function supplyNote(kind: SupplyKind, supplier: Supplier, address: InvoiceDocument["deliveryAddress"]): string {
  const place = placeOfSupply(address);
  return kind === "intra-state"
    ? `Supply within ${place.name}: GST is charged as CGST and SGST, half each.`
    : `Inter-state supply from ${supplier.state} to ${place.name || "the place of supply"}: GST is charged as IGST.`;
}

/** One document: the supplier and title, its details and the buyer, the lines, the tax by rate and the totals, notes, a footer on every page. */
function sheetPdf(sheet: Sheet): Promise<Buffer> {
  const { kind, lines, totals, supplier } = sheet;
  const place = placeOfSupply(sheet.buyer);
  const supplierState = gstState(supplier.state);

  const { doc, w, done } = startPdf(sheet.info);
  const left = MARGIN;
  const right = doc.page.width - MARGIN;
  const width = right - left;
  const bottom = doc.page.height - MARGIN - 24; // room for the page footer
  const small: Style = { size: 8 };
  const grey: Style = { size: 8, color: GREY };
  const rule = (y: number, color = RULE) => doc.moveTo(left, y).lineTo(right, y).lineWidth(0.6).strokeColor(color).stroke();
  let y = MARGIN;
  const room = (height: number) => {
    if (y + height <= bottom) return false;
    doc.addPage();
    y = MARGIN;
    return true;
  };

  // The supplier, and the document's title.
  const sellerWidth = width * 0.6;
  let sy = y;
  sy += w.block(supplier.legalName, left, sy, sellerWidth, { size: 11, weight: "bold" });
  sy += w.block(supplier.address, left, sy, sellerWidth, small);
  sy += w.block(`GSTIN: ${supplier.gstin}`, left, sy, sellerWidth, { size: 8, weight: "bold" });
  sy += w.block(`State: ${supplierState ? formatPlace(supplierState) : supplier.state}`, left, sy, sellerWidth, small);
  sy += w.block(`${supplier.fssaiLicence} | ${supplier.registration}`, left, sy, sellerWidth, grey);
  sy += w.block(`${supplier.email} | ${supplier.phone}`, left, sy, sellerWidth, grey);
  const titleX = left + sellerWidth + 12;
  let ty = y;
  ty += w.block(sheet.title, titleX, ty, right - titleX, { size: 16, weight: "bold" }, "right");
  ty += w.block(sheet.subtitle, titleX, ty, right - titleX, grey, "right");
  y = Math.max(sy, ty) + 8;
  rule(y);
  y += 8;

  // The document's details, and the buyer.
  const half = (width - 16) / 2;
  const buyerX = left + half + 16;
  const a = sheet.buyer;
  const details = [...sheet.details, `Supplier's state: ${supplierState ? formatPlace(supplierState) : supplier.state}`];
  let dy = y;
  dy += w.block(sheet.detailsHead, left, dy, half, { size: 8.5, weight: "bold" });
  for (const d of details) dy += w.block(d, left, dy, half, small);
  let by = y;
  by += w.block("Bill to / Ship to", buyerX, by, half, { size: 8.5, weight: "bold" });
  by += w.block(a.name, buyerX, by, half, { size: 10, weight: "bold" });
  by += w.block(addressLine(a), buyerX, by, half, small);
  by += w.block([a.country, a.phone, a.email].filter(Boolean).join(" | "), buyerX, by, half, small);
  by += w.block(`Place of supply: ${formatPlace(place)}`, buyerX, by, half, { size: 8, weight: "bold" });
  y = Math.max(dy, by) + 6;
  if (sheet.warning) y += w.block(sheet.warning, left, y, width, { size: 9, weight: "bold", color: "#a00000" });
  y += 6;

  // The lines.
  const table = columns(kind, width, sheet.credit);
  const cellStyle: Style = { size: 7.5 };
  const headStyle: Style = { size: 7, weight: "bold" };
  const header = () => {
    const h = Math.max(w.blockHeight("Item", table.item - 2 * PAD, headStyle), ...table.rest.map((c) => w.blockHeight(c.head, c.width - 2 * PAD, headStyle))) + 2 * PAD;
    room(h + 30);
    doc.rect(left, y, width, h).fillColor(HEAD_FILL).fill();
    w.block("Item", left + PAD, y + PAD, table.item - 2 * PAD, headStyle);
    let x = left + table.item;
    for (const c of table.rest) {
      w.block(c.head, x + PAD, y + PAD, c.width - 2 * PAD, headStyle, "right");
      x += c.width;
    }
    y += h;
    rule(y, "#999999");
  };
  header();
  for (const l of lines) {
    const refStyle: Style = { size: 6.5, color: GREY };
    // The Hindi name (issue 27) under the English one, which stays the invoice's language.
    const hindiHeight = l.descriptionHi ? w.blockHeight(l.descriptionHi, table.item - 2 * PAD, cellStyle) : 0;
    const itemHeight = w.blockHeight(l.description, table.item - 2 * PAD, cellStyle) + hindiHeight + w.blockHeight(l.reference, table.item - 2 * PAD, refStyle);
    const h = Math.max(itemHeight, lineHeight(cellStyle.size)) + 2 * PAD;
    if (room(h)) header();
    let iy = y + PAD;
    iy += w.block(l.description, left + PAD, iy, table.item - 2 * PAD, cellStyle);
    if (l.descriptionHi) iy += w.block(l.descriptionHi, left + PAD, iy, table.item - 2 * PAD, cellStyle);
    w.block(l.reference, left + PAD, iy, table.item - 2 * PAD, refStyle);
    let x = left + table.item;
    for (const c of table.rest) {
      w.figure(c.cell(l), x + PAD, y + PAD, c.width - 2 * PAD, cellStyle);
      x += c.width;
    }
    y += h;
    rule(y);
  }
  // The table's totals row.
  {
    const h = lineHeight(cellStyle.size) + 2 * PAD;
    room(h);
    const bold: Style = { ...cellStyle, weight: "bold" };
    w.line("Total", left + PAD, y + PAD, bold);
    const count = String(lines.reduce((n, l) => n + l.quantity, 0));
    const sums: Record<string, string> = {
      Discount: money(totals.discountPaise),
      "Taxable value": money(totals.taxableValuePaise),
      CGST: money(totals.cgstPaise),
      SGST: money(totals.sgstPaise),
      IGST: money(totals.igstPaise),
      Amount: money(totals.totalPaise),
      Qty: count,
      "Qty taken back": count,
    };
    let x = left + table.item;
    for (const c of table.rest) {
      if (sums[c.head]) w.figure(sums[c.head]!, x + PAD, y + PAD, c.width - 2 * PAD, bold);
      x += c.width;
    }
    y += h;
    rule(y, "#999999");
  }
  y += 14;

  // The tax by rate (left) and the totals (right).
  const breakup = taxBreakup(lines);
  const taxCols = kind === "intra-state" ? ["CGST", "SGST"] : ["IGST"];
  const bHeads = ["GST rate", "Taxable value", ...taxCols, "Total tax"];
  const bWidth = width * 0.55;
  const bCol = bWidth / bHeads.length;
  const bRows: string[][] = breakup.map((r) => [
    `${r.taxRate}%`,
    money(r.taxableValuePaise),
    ...(kind === "intra-state" ? [money(r.cgstPaise), money(r.sgstPaise)] : [money(r.igstPaise)]),
    money(r.taxPaise),
  ]);
  bRows.push([
    "Total",
    money(totals.taxableValuePaise),
    ...(kind === "intra-state" ? [money(totals.cgstPaise), money(totals.sgstPaise)] : [money(totals.igstPaise)]),
    money(totals.taxPaise),
  ]);
  const summary: [string, string, Style][] = sheet.summary.map(([label, value], i) => [label, value, i === sheet.summary.length - 1 ? { size: 11, weight: "bold" } : small]);
  const row = lineHeight(cellStyle.size) + 2;
  const blockHeight = Math.max(18 + row * (bRows.length + 1), summary.reduce((a, [, , s]) => a + lineHeight(s.size) + 3, 0) + 20);
  room(blockHeight);
  const top = y;
  w.line(kind === "intra-state" ? "Tax breakup (CGST + SGST: supply within the state)" : "Tax breakup (IGST: supply to another state)", left, y, { size: 8.5, weight: "bold" });
  y += lineHeight(8.5) + 2;
  doc.rect(left, y, bWidth, row).fillColor(HEAD_FILL).fill();
  bHeads.forEach((h, i) => w.figure(h, left + i * bCol + PAD, y + 1, bCol - 2 * PAD, headStyle));
  y += row;
  bRows.forEach((r, n) => {
    const style: Style = n === bRows.length - 1 ? { ...cellStyle, weight: "bold" } : cellStyle;
    r.forEach((cell, i) => w.figure(cell, left + i * bCol + PAD, y + 1, bCol - 2 * PAD, style));
    y += row;
    doc
      .moveTo(left, y)
      .lineTo(left + bWidth, y)
      .lineWidth(0.6)
      .strokeColor(RULE)
      .stroke();
  });
  const bEnd = y;

  const sX = left + bWidth + 24;
  const sWidth = right - sX;
  let s = top;
  summary.forEach(([label, value, style], i) => {
    if (i === summary.length - 1) {
      s += 3;
      doc.moveTo(sX, s).lineTo(right, s).lineWidth(0.8).strokeColor("#999999").stroke();
      s += 4;
    }
    w.line(label, sX, s, style);
    w.figure(value, sX + sWidth * 0.5, s, sWidth * 0.5, style);
    s += lineHeight(style.size) + 3;
  });
  y = Math.max(bEnd, s) + 16;

  // Notes, and the signature.
  const notesHeight = sheet.notes.reduce((a, n) => a + w.blockHeight(n, width * 0.6, grey), 0);
  room(Math.max(notesHeight, 40));
  let ny = y;
  for (const n of sheet.notes) ny += w.block(n, left, ny, width * 0.6, grey);
  if (sheet.signed) {
    const signX = left + width * 0.6 + 16;
    w.block(`For ${supplier.legalName}`, signX, y, right - signX, { size: 8, weight: "bold" }, "right");
    w.block("Authorised signatory", signX, y + 30, right - signX, grey, "right");
  }

  // A footer on every page.
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const footY = doc.page.height - MARGIN - 10;
    // Writing below the bottom margin would make pdfkit start a new page.
    doc.page.margins.bottom = 0;
    w.line(`${sheet.footer} | Page ${i + 1} of ${range.count}`, left, footY, grey, "right", width);
    w.line(supplier.legalName, left, footY, grey);
  }
  doc.end();
  return done;
}
