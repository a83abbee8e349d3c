// What staff see and change of the catalogue (issue 14): a variant's price, MRP, stock on hand,
// in-stock flag and low-stock threshold (issue 46), a category's status. Stock on hand is what is
// on the shelf: what orders not yet out for delivery hold, plus what is still for sale (the
// variant's inventory_stock). Pure.
import type { SoldByWeight } from "./weight.ts";

export interface StaffVariant {
  id: number;
  internalReference: string;
  attribute: string;
  pricePaise: number;
  mrpPaise: number;
  inStock: boolean;
  /** For sale: the variant's inventory_stock. */
  available: number;
  /** Held by placed orders not yet out for delivery (and by orders waiting for their payment). */
  held: number;
  /** The first picture shoppers see (a photo's URL, a drawing's path), or null when it has none. */
  image: string | null;
  /** Sold by weight (issue 29), or null: by the pack. */
  byWeight: SoldByWeight | null;
  /** The staff dashboard lists it under Low stock below this many for sale (issue 46); null: the shop's default. */
  lowStockBelow: number | null;
}

export interface StaffProduct {
  id: number;
  title: string;
  categoryPath: string;
  variants: StaffVariant[];
}

/** What a staff member saw and what they want a variant to be. */
export interface VariantEdit {
  pricePaise: number;
  mrpPaise: number;
  onHand: number;
  inStock: boolean;
  byWeight: SoldByWeight | null;
  /** Null: the shop's default (stock.ts LOW_STOCK_THRESHOLD_DEFAULT). */
  lowStockBelow: number | null;
}

export const CATALOGUE_MESSAGES = {
  belowHeld: (held: number) => `${held} ${held === 1 ? "is" : "are"} held by orders not yet delivered: stock on hand cannot go below ${held}.`,
  changed: (reference: string) => `${reference} was changed by someone else since you opened this page. Here it is as it is now.`,
  noVariant: "That variant could not be found.",
  noCategory: "That category could not be found.",
  saved: (reference: string) => `${reference} saved.`,
  chooseFile: "Choose a .json or .csv catalogue file.",
  fileType: "The file must be a .json or .csv catalogue file.",
} as const;

const sameWeight = (a: SoldByWeight | null, b: SoldByWeight | null) => a?.unitGrams === b?.unitGrams && a?.tolerancePercent === b?.tolerancePercent;

/** Whether two edits of a variant are the same figures. */
export const sameEdit = (a: VariantEdit, b: VariantEdit): boolean =>
  a.pricePaise === b.pricePaise &&
  a.mrpPaise === b.mrpPaise &&
  a.onHand === b.onHand &&
  a.inStock === b.inStock &&
  sameWeight(a.byWeight, b.byWeight) &&
  a.lowStockBelow === b.lowStockBelow;

export const onHandOf = (v: Pick<StaffVariant, "available" | "held">): number => v.available + v.held;

/** The figures a staff member sees of a variant: what an edit of it starts from. */
export const editOf = (v: Pick<StaffVariant, "pricePaise" | "mrpPaise" | "available" | "held" | "inStock" | "byWeight" | "lowStockBelow">): VariantEdit => ({
  pricePaise: v.pricePaise,
  mrpPaise: v.mrpPaise,
  onHand: onHandOf(v),
  inStock: v.inStock,
  byWeight: v.byWeight,
  lowStockBelow: v.lowStockBelow,
});

/** The file's format by its name, or null when it is neither JSON nor CSV. */
export function catalogueFormat(fileName: string): "json" | "csv" | null {
  const ext = fileName.toLowerCase().split(".").pop();
  return ext === "json" ? "json" : ext === "csv" ? "csv" : null;
}
