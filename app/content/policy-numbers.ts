// The policies' numbers, apart from their pages' text (policies.ts): the product page says
// them too, and should not carry every policy page's text to say them (issue 43).
import { FREE_DELIVERY_ABOVE_PAISE } from "../domain/pricing.ts";
import { store } from "../domain/store-config.ts";

export const POLICY = {
  /** Damaged, defective or wrong items must be reported within this many hours of delivery. */
  returnWindowHours: 48,
  refundBusinessDays: "7-10",
  pickupBusinessDays: "2-3",
  processingHours: 24,
  sameDayDispatchBefore: "12 PM",
  /** In Gurugram the promise is next-day delivery; elsewhere in India, this range. */
  deliveryBusinessDays: "2-7",
  freeDeliveryAboveRupees: FREE_DELIVERY_ABOVE_PAISE / 100,
  prepaidDiscountPercent: store.prepaidDiscountPercent,
  slots: ["Morning 8 AM-12 PM", "Afternoon 12-4 PM", "Evening 4-8 PM"],
  slotChangeHoursBefore: 2,
  minimumAge: 18,
  courts: "Gurugram, Haryana",
} as const;
