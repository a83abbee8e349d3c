// The GST tax invoice of orders placed through the Shop, on PGlite and PostgreSQL (issue 11
// points 8 and 9): the HSN codes come from the demo catalogue and are snapshotted on the
// order lines; a delivery in Haryana is taxed CGST + SGST, one in Karnataka IGST; the text
// pdftotext reads back from the invoice issued when the order leaves the shop (decision 065) has
// every figure, the GSTIN, the place of supply and the Devanagari name.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { invoiceLines } from "../../app/domain/invoice.ts";
import { formatRupees } from "../../app/domain/money.ts";
import { products, variants } from "../../app/server/db/schema.server.ts";
import { invoicePdf } from "../../app/server/invoice/invoice.server.ts";
import type { Customer, IssuedInvoice, NewAddress, OrderView } from "../../app/server/shop/port.server.ts";
import { pdfLayoutText } from "../pdf-text.ts";
import { targets } from "./databases.ts";
import { shopOn, weighAsEstimated } from "./fixtures.ts";

const money = (paise: number) => formatRupees(paise, { exact: true });
const cart = [
  { internalReference: "GP-PUL-MSR-1KG", quantity: 2, hsn: "0713" },
  { internalReference: "GM-BAR-WHG-S2", quantity: 1, hsn: "7013" },
  { internalReference: "FB-TOM-1KG", quantity: 3, hsn: "0702" },
];

describe.each(targets)("the tax invoice of a placed order on $name", (target) => {
  const on = shopOn(target, { catalog: true, coupons: true });
  let n = 0;

  async function place(address: Pick<NewAddress, "street" | "city" | "state" | "zip">): Promise<{ customer: Customer; order: OrderView }> {
    const customer = await on.shop.accounts.register({ name: "राम शर्मा", email: `ram${n++}@example.in`, phone: "9876543210", password: "password-1" });
    const saved = await on.shop.addresses.create(customer, { name: "राम शर्मा", phone: "9876543210", email: "", street2: "", country: "India", ...address });
    for (const item of cart) await on.shop.cart.add(customer, { internalReference: item.internalReference, quantity: item.quantity });
    await on.shop.cart.applyCoupon(customer, "WELCOME10");
    const { id } = await on.shop.cart.get(customer);
    const { orderId } = await on.shop.orders.place(customer, { cartId: id!, addressId: saved.id, paymentMethod: "cod" });
    return { customer, order: (await on.shop.orders.get(customer, orderId))! };
  }

  /** Out for delivery: the invoice it is issued then. */
  async function dispatch(customer: Customer, orderId: number): Promise<IssuedInvoice> {
    for (const from of ["placed", "confirmed"] as const) await on.shop.orders.advance(orderId, from, null);
    // The tomatoes are sold by weight: weighed at their estimate, so the figures are as placed.
    const weigher = await on.shop.accounts.register({ name: "Weigher", email: `weigher${orderId}@haat.example`, phone: "9876543210", password: "password-1" });
    await weighAsEstimated(on.shop, customer, orderId, weigher.id);
    await on.shop.orders.advance(orderId, "packed", null);
    return (await on.shop.orders.documents(customer, orderId))!.invoice!;
  }

  /** The text line holding `marker`, runs of spaces made one. */
  function rowOf(text: string, marker: string): string {
    const line = text
      .split("\n")
      .map((l) => l.replace(/\s+/g, " ").trim())
      .find((l) => l.includes(marker));
    expect(line, marker).toBeDefined();
    return line!;
  }

  it("snapshots each line's HSN code when the order is placed", async () => {
    const { customer, order } = await place({ street: "12 Golf Course Road", city: "Gurgaon", state: "Haryana", zip: "122002" });
    expect(order.lines.map((l) => [l.internalReference, l.hsn])).toEqual(cart.map((c) => [c.internalReference, c.hsn]));
    // A later change in the catalogue leaves the placed order's code as it was.
    const [dal] = await on.database.db.select({ productId: variants.productId }).from(variants).where(eq(variants.internalReference, "GP-PUL-MSR-1KG"));
    await on.database.db.update(products).set({ hsn: "07134000" }).where(eq(products.id, dal!.productId));
    try {
      expect((await on.shop.orders.get(customer, order.id))!.lines[0]!.hsn).toBe("0713");
      const next = await place({ street: "12 Golf Course Road", city: "Gurgaon", state: "Haryana", zip: "122002" });
      expect(next.order.lines[0]!.hsn).toBe("07134000");
    } finally {
      await on.database.db.update(products).set({ hsn: "0713" }).where(eq(products.id, dal!.productId));
    }
  });

  for (const [state, zip, place_, kind] of [
    ["Haryana", "122002", "Haryana (06)", "intra-state"],
    ["Karnataka", "560001", "Karnataka (29)", "inter-state"],
  ] as const) {
    it(`delivered in ${state}: ${kind === "intra-state" ? "CGST + SGST" : "IGST"}, with every figure, the GSTIN and the Devanagari name`, async () => {
      const { customer, order } = await place({ street: "12 Golf Course Road", city: state === "Haryana" ? "Gurgaon" : "Bengaluru", state, zip });
      expect(order.discountPaise).toBe(13_500); // WELCOME10: 10% of ₹1,352, in whole rupees
      const text = pdfLayoutText(await invoicePdf(await dispatch(customer, order.id)));
      expect(text).toContain("राम शर्मा");
      expect(text).toContain("GSTIN: 06AAACH0000A1ZV");
      expect(text).toContain(`Place of supply: ${place_}`);
      expect(text).toContain(`Order number: #${order.number}`);
      const { lines, totals } = invoiceLines(order.lines, kind);
      for (const l of lines) {
        const taxes = kind === "intra-state" ? [money(l.cgstPaise), money(l.sgstPaise)] : [money(l.igstPaise)];
        const figures = [l.hsn, String(l.quantity), money(l.unitPricePaise), money(l.discountPaise), money(l.taxableValuePaise), `${l.taxRate}%`, ...taxes, money(l.totalPaise)];
        expect(rowOf(text, l.reference.startsWith("GP-") ? "Masoor Dal" : l.reference.startsWith("GM-") ? "Whisky" : "Tomatoes").endsWith(figures.join(" "))).toBe(true);
      }
      expect(totals.totalPaise).toBe(order.totalPaise);
      expect(totals.taxPaise).toBe(order.taxPaise);
      const sums = kind === "intra-state" ? [money(totals.cgstPaise), money(totals.sgstPaise)] : [money(totals.igstPaise)];
      expect(rowOf(text, "Total 6 ")).toBe(["Total 6", money(totals.discountPaise), money(totals.taxableValuePaise), ...sums, money(totals.totalPaise)].join(" "));
      expect(rowOf(text, "Grand total")).toMatch(new RegExp(`Grand total ${money(order.totalPaise)}$`));
      expect(rowOf(text, "Coupon WELCOME10")).toContain(`-${money(13_500)}`);
      if (kind === "intra-state") expect(text).not.toContain("IGST");
      else expect(text).not.toMatch(/CGST|SGST/);
    });
  }
});
