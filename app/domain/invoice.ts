// The tax invoice's figures (issue 4): invoice number, and per line the quantity, rate,
// taxable value and GST split into CGST and SGST, from the order's snapshots. No I/O.

export interface InvoiceSourceLine {
  title: string;
  attribute: string;
  internalReference: string;
  quantity: number;
  unitPricePaise: number;
  taxRate: number;
  discountPaise: number;
  taxPaise: number;
}

export interface InvoiceLine {
  description: string;
  reference: string;
  quantity: number;
  /** Unit price without GST, before the coupon. */
  ratePaise: number;
  discountPaise: number;
  taxableValuePaise: number;
  taxRate: number;
  cgstPaise: number;
  sgstPaise: number;
  totalPaise: number;
}

export interface InvoiceTotals {
  taxableValuePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  discountPaise: number;
  totalPaise: number;
}

/** Indian financial year of a date: April to March, as "2026-27". */
export function financialYear(at: Date): string {
  // Invoices are dated in India's time zone.
  const ist = new Date(at.getTime() + 5.5 * 3600 * 1000);
  const y = ist.getUTCFullYear();
  const start = ist.getUTCMonth() >= 3 ? y : y - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, "0")}`;
}

export function invoiceNumber(orderId: number, placedAt: Date): string {
  return `HAAT/${financialYear(placedAt)}/${String(orderId).padStart(6, "0")}`;
}

/** Half the GST each to the Centre and the State; an odd paisa goes to SGST. */
export function splitGst(taxPaise: number): { cgstPaise: number; sgstPaise: number } {
  const cgst = Math.floor(taxPaise / 2);
  return { cgstPaise: cgst, sgstPaise: taxPaise - cgst };
}

export function invoiceLines(lines: readonly InvoiceSourceLine[]): { lines: InvoiceLine[]; totals: InvoiceTotals } {
  const out = lines.map((l): InvoiceLine => {
    const total = l.unitPricePaise * l.quantity - l.discountPaise;
    const { cgstPaise, sgstPaise } = splitGst(l.taxPaise);
    return {
      description: l.attribute ? `${l.title} (${l.attribute})` : l.title,
      reference: l.internalReference,
      quantity: l.quantity,
      ratePaise: Math.round((l.unitPricePaise * 100) / (100 + l.taxRate)),
      discountPaise: l.discountPaise,
      taxableValuePaise: total - l.taxPaise,
      taxRate: l.taxRate,
      cgstPaise,
      sgstPaise,
      totalPaise: total,
    };
  });
  const sum = (f: (l: InvoiceLine) => number) => out.reduce((a, l) => a + f(l), 0);
  return {
    lines: out,
    totals: {
      taxableValuePaise: sum((l) => l.taxableValuePaise),
      cgstPaise: sum((l) => l.cgstPaise),
      sgstPaise: sum((l) => l.sgstPaise),
      discountPaise: sum((l) => l.discountPaise),
      totalPaise: sum((l) => l.totalPaise),
    },
  };
}
