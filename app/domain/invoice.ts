// The tax invoice's figures (issues 4 and 11): financial year and invoice number, and per line the HSN code,
// quantity, price, coupon share, taxable value and GST, split into CGST and SGST within the
// shop's state or IGST across states (app/domain/invoice-tax.ts), from the order's
// snapshots; then the totals and the tax by rate. No I/O.
import type { AddressSnapshot } from "./address.ts";
import type { Slot } from "./delivery.ts";
import { splitTax, type SupplyKind } from "./invoice-tax.ts";
import { lineItemsPaise } from "./order.ts";
import type { PaymentState } from "./payment.ts";
import { store } from "./store-config.ts";
import { formatGrams } from "./weight.ts";

export interface InvoiceSourceLine {
  title: string;
  /** The product's Hindi name, printed under the English (issue 27); English stays the invoice's language. */
  titleHi?: string;
  attribute: string;
  internalReference: string;
  /** The HSN code snapshotted when the order was placed; "" when the catalogue had none. */
  hsn?: string;
  quantity: number;
  unitPricePaise: number;
  taxRate: number;
  discountPaise: number;
  taxPaise: number;
  /** Sold by weight and weighed (issue 29): the grams packed and what they cost, in place of price times quantity. */
  packedGrams?: number;
  weighedPaise?: number;
}

export interface InvoiceLine {
  description: string;
  /** The Hindi name under the description, when the catalogue has one. */
  descriptionHi: string;
  reference: string;
  hsn: string;
  quantity: number;
  /** Unit price as sold, GST included. */
  unitPricePaise: number;
  /** Unit price without GST, before the coupon. */
  ratePaise: number;
  /** Quantity × unit price, GST included, before the coupon. */
  grossPaise: number;
  /** This line's share of the coupon, GST included. */
  discountPaise: number;
  taxableValuePaise: number;
  taxRate: number;
  taxPaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  /** What the line costs: gross less discount, which is also taxable value plus its GST. */
  totalPaise: number;
}

export interface InvoiceTotals {
  grossPaise: number;
  taxableValuePaise: number;
  taxPaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  discountPaise: number;
  totalPaise: number;
}

/** The tax of the lines at one GST rate. */
export interface TaxBreakupRow {
  taxRate: number;
  taxableValuePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  taxPaise: number;
}

/** Indian financial year of a date: April to March, as "2026-27". */
export function financialYear(at: Date): string {
  // Invoices are dated in India's time zone.
  const ist = new Date(at.getTime() + 5.5 * 3600 * 1000);
  const y = ist.getUTCFullYear();
  const start = ist.getUTCMonth() >= 3 ? y : y - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, "0")}`;
}

/** The largest serial an invoice number can carry: seven digits. */
export const MAX_INVOICE_SERIAL = 9_999_999;

/**
 * The tax invoice's number (GST rule 46: at most 16 characters of letters, digits, '-' and
 * '/', consecutive within the financial year): `HT/26-27/0000042` for serial 42 of "2026-27".
 * The serial is its financial year's own series (counters "invoice/2026-27"), taken when the order leaves the shop (decision 065), not the order id.
 */
export function invoiceNumber(fy: string, serial: number): string {
  const years = /^(\d{2})(\d{2})-(\d{2})$/.exec(fy);
  if (!years) throw new RangeError(`Not a financial year: ${fy}`);
  if (!Number.isSafeInteger(serial) || serial < 1 || serial > MAX_INVOICE_SERIAL) throw new RangeError(`Invoice serial out of range: ${serial}`);
  return `HT/${years[2]}-${years[3]}/${String(serial).padStart(7, "0")}`;
}

/** Half the GST each to the Centre and the State; an odd paisa goes to SGST. */
export function splitGst(taxPaise: number): { cgstPaise: number; sgstPaise: number } {
  const { cgstPaise, sgstPaise } = splitTax(taxPaise, "intra-state");
  return { cgstPaise, sgstPaise };
}

/**
 * The invoice's lines and totals. `kind` says whether the tax is CGST + SGST (the default:
 * delivered in the shop's own state) or IGST.
 */
export function invoiceLines(lines: readonly InvoiceSourceLine[], kind: SupplyKind = "intra-state"): { lines: InvoiceLine[]; totals: InvoiceTotals } {
  const out = lines.map((l): InvoiceLine => {
    const gross = lineItemsPaise(l);
    const total = gross - l.discountPaise;
    // A weighed line is priced by its weight: its unit price is what each pack came to.
    const unitPricePaise = l.weighedPaise !== undefined ? Math.round(gross / l.quantity) : l.unitPricePaise;
    const described = l.attribute ? `${l.title} (${l.attribute})` : l.title;
    return {
      description: l.packedGrams !== undefined ? `${described}, weighed ${formatGrams(l.packedGrams)}` : described,
      descriptionHi: l.titleHi?.trim() ?? "",
      reference: l.internalReference,
      hsn: l.hsn ?? "",
      quantity: l.quantity,
      unitPricePaise,
      ratePaise: Math.round((unitPricePaise * 100) / (100 + l.taxRate)),
      grossPaise: gross,
      discountPaise: l.discountPaise,
      taxableValuePaise: total - l.taxPaise,
      taxRate: l.taxRate,
      taxPaise: l.taxPaise,
      ...splitTax(l.taxPaise, kind),
      totalPaise: total,
    };
  });
  const sum = (f: (l: InvoiceLine) => number) => out.reduce((a, l) => a + f(l), 0);
  return {
    lines: out,
    totals: {
      grossPaise: sum((l) => l.grossPaise),
      taxableValuePaise: sum((l) => l.taxableValuePaise),
      taxPaise: sum((l) => l.taxPaise),
      cgstPaise: sum((l) => l.cgstPaise),
      sgstPaise: sum((l) => l.sgstPaise),
      igstPaise: sum((l) => l.igstPaise),
      discountPaise: sum((l) => l.discountPaise),
      totalPaise: sum((l) => l.totalPaise),
    },
  };
}

/** The lines' tax summed by GST rate, lowest rate first: the invoice's tax breakup. */
export function taxBreakup(lines: readonly InvoiceLine[]): TaxBreakupRow[] {
  const byRate = new Map<number, TaxBreakupRow>();
  for (const l of lines) {
    const row = byRate.get(l.taxRate) ?? { taxRate: l.taxRate, taxableValuePaise: 0, cgstPaise: 0, sgstPaise: 0, igstPaise: 0, taxPaise: 0 };
    row.taxableValuePaise += l.taxableValuePaise;
    row.cgstPaise += l.cgstPaise;
    row.sgstPaise += l.sgstPaise;
    row.igstPaise += l.igstPaise;
    row.taxPaise += l.taxPaise;
    byRate.set(l.taxRate, row);
  }
  return [...byRate.values()].sort((a, b) => a.taxRate - b.taxRate);
}

// ---------- documents issued: the tax invoice at dispatch, credit notes after it (decision 065) ----------

/** The supplier as the document was issued by (the store configuration of that day). */
export interface Supplier {
  legalName: string;
  address: string;
  gstin: string;
  state: string;
  fssaiLicence: string;
  registration: string;
  email: string;
  phone: string;
}

/** The supplier's details as the store configuration has them now: kept on each document issued. */
export function currentSupplier(): Supplier {
  const c = store.company;
  return {
    legalName: c.legalName,
    address: c.address,
    gstin: c.gstin,
    state: c.state,
    fssaiLicence: c.fssaiLicence,
    registration: c.registration,
    email: store.support.email,
    phone: store.support.phone,
  };
}

/**
 * Everything a tax invoice prints, frozen when it is issued (the order leaves the shop): the
 * weighed and packed lines, their figures, the buyer and the payment as they were then. Stored
 * whole with the invoice, so nothing that changes later (a price, a name, a refund, the store's
 * details) changes an invoice issued before. Also what the order summary prints before issue.
 */
export interface InvoiceDocument {
  orderId: number;
  /** The order's number people see (#3), its own gap-free series. */
  orderNumber: number;
  /** ISO date-time the order was placed. */
  placedAt: string;
  paymentMethod: "cod" | "razorpay";
  payment: { state: PaymentState; method: string | null; providerPaymentId: string | null };
  /** The delivery slot, or null. */
  slot: Slot | null;
  couponCode: string | null;
  subtotalPaise: number;
  discountPaise: number;
  prepaidDiscountPaise: number;
  taxPaise: number;
  totalPaise: number;
  cancelled: boolean;
  deliveryAddress: AddressSnapshot;
  lines: InvoiceSourceLine[];
  /** Absent on invoices issued before the supplier was kept (migration 0033): the store's details are used. */
  supplier?: Supplier;
}

/** What an order looks like to invoiceDocumentOf: the Shop's order view, structurally (the document's figures under the order's own names). */
export interface DocumentSource extends Omit<InvoiceDocument, "orderId" | "orderNumber" | "placedAt" | "cancelled" | "lines" | "supplier"> {
  id: number;
  number: number;
  state: "confirmed" | "cancelled";
  placedAt: Date;
  lines: readonly (InvoiceSourceLine & { titleHi?: string })[];
}

/** The document an order's figures make now (frozen by whoever stores it). */
export function invoiceDocumentOf(order: DocumentSource, supplier?: Supplier): InvoiceDocument {
  return {
    orderId: order.id,
    orderNumber: order.number,
    placedAt: order.placedAt.toISOString(),
    paymentMethod: order.paymentMethod,
    payment: { ...order.payment },
    slot: order.slot ? { date: order.slot.date, kind: order.slot.kind } : null,
    couponCode: order.couponCode,
    subtotalPaise: order.subtotalPaise,
    discountPaise: order.discountPaise,
    prepaidDiscountPaise: order.prepaidDiscountPaise,
    taxPaise: order.taxPaise,
    totalPaise: order.totalPaise,
    cancelled: order.state === "cancelled",
    deliveryAddress: { ...order.deliveryAddress },
    lines: order.lines.map((l) => ({
      title: l.title,
      ...(l.titleHi ? { titleHi: l.titleHi } : {}),
      attribute: l.attribute,
      internalReference: l.internalReference,
      hsn: l.hsn ?? "",
      quantity: l.quantity,
      unitPricePaise: l.unitPricePaise,
      taxRate: l.taxRate,
      discountPaise: l.discountPaise,
      taxPaise: l.taxPaise,
      ...(l.packedGrams !== undefined && l.weighedPaise !== undefined ? { packedGrams: l.packedGrams, weighedPaise: l.weighedPaise } : {}),
    })),
    ...(supplier ? { supplier } : {}),
  };
}

/**
 * A credit note's number (GST s.34, rule 53: at most 16 characters, consecutive within the
 * financial year, a series of its own): `CN/26-27/0000001`.
 */
export function creditNoteNumber(fy: string, serial: number): string {
  return `CN${invoiceNumber(fy, serial).slice(2)}`;
}

/** A line of a credit note: how much of an invoiced line is credited (quantity, amount and its GST). */
export interface CreditLine {
  title: string;
  titleHi?: string;
  attribute: string;
  internalReference: string;
  hsn: string;
  taxRate: number;
  /** Items taken back (0 when only the line's share of a discount changed). */
  quantity: number;
  /** What is credited, GST included. */
  amountPaise: number;
  /** The GST inside it. */
  taxPaise: number;
}

/** What a credit note prints, frozen when it is issued. */
export interface CreditNoteDocument {
  orderId: number;
  orderNumber: number;
  /** The invoice it reduces: number and ISO date. */
  invoiceNumber: string;
  invoiceDate: string;
  reason: string;
  /** How the money goes back: to the online payment, or off what is paid in cash. */
  settlement: "refund" | "cash";
  deliveryAddress: AddressSnapshot;
  lines: CreditLine[];
  totalPaise: number;
  taxPaise: number;
  supplier?: Supplier;
}

/** A line's figures as a credit note compares them. */
export interface FiguredLine {
  id: number;
  title: string;
  titleHi?: string;
  attribute: string;
  internalReference: string;
  hsn?: string;
  quantity: number;
  unitPricePaise: number;
  taxRate: number;
  discountPaise: number;
  taxPaise: number;
  weighedPaise?: number | null;
}

/**
 * The credit of a change made after the invoice: per line, what it came to before less what it
 * comes to now (a line taken off entirely comes to nothing). Lines whose amount and tax are
 * unchanged are left out. Pure.
 */
export function creditLines(before: readonly FiguredLine[], after: readonly FiguredLine[]): CreditLine[] {
  const now = new Map(after.map((l) => [l.id, l]));
  const net = (l: FiguredLine) => lineItemsPaise({ unitPricePaise: l.unitPricePaise, quantity: l.quantity, weighedPaise: l.weighedPaise ?? undefined }) - l.discountPaise;
  return before.flatMap((b): CreditLine[] => {
    const a = now.get(b.id);
    const amountPaise = net(b) - (a ? net(a) : 0);
    const taxPaise = b.taxPaise - (a?.taxPaise ?? 0);
    if (amountPaise === 0 && taxPaise === 0) return [];
    return [
      {
        title: b.title,
        ...(b.titleHi ? { titleHi: b.titleHi } : {}),
        attribute: b.attribute,
        internalReference: b.internalReference,
        hsn: b.hsn ?? "",
        taxRate: b.taxRate,
        quantity: b.quantity - (a?.quantity ?? 0),
        amountPaise,
        taxPaise,
      },
    ];
  });
}
