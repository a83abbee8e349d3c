import type { SoldByWeight } from "../../domain/weight.ts";
import { formatUnitPrice, UNIT_PRICE_MESSAGES, unitPrice } from "../../domain/unit-price.ts";
import { useI18n } from "../i18n.tsx";

/**
 * A pack's unit sale price ('₹60 per kg', decision 063), or nothing where there is none to show.
 * One text, so the amount never reads as a price of its own.
 */
export function UnitPrice({ attribute, pricePaise, byWeight, className }: { attribute: string; pricePaise: number; byWeight?: SoldByWeight; className?: string }) {
  const i18n = useI18n();
  const unit = unitPrice(attribute, pricePaise, byWeight);
  if (!unit) return null;
  return <span className={className}>{i18n._(UNIT_PRICE_MESSAGES[unit.per], { price: formatUnitPrice(unit.paise) })}</span>;
}
