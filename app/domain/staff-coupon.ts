// The staff's coupon forms (issue 14): the coupons table's own rules (an upper-case code of 1 to
// 40 characters, a value above 0, a percent of at most 100) with a message per field, plus the
// ones the table cannot say (the last day not before the first). Amounts are typed in whole
// rupees and kept in paise. Dates are the shop's calendar days (India Standard Time): a coupon
// runs from the start of its first day to the end of its last (decision 036).
import { z } from "zod";
import { recordId, typedNumber } from "./form-fields.ts";
import { formatRupees } from "./money.ts";
import { COUPON_CODE_MAX, COUPON_DESCRIPTION_MAX, dayStart, type CouponLimits, type LimitField, type NewCoupon } from "./staff-coupon-view.ts";

/** ₹10,00,000: far above any discount or cart, and well inside the paise columns. */
const MAX_RUPEES = 1_000_000;
const MAX_USES = 1_000_000;

export const STAFF_COUPON_MESSAGES = {
  code: "Enter a code.",
  codeLength: `The code is at most ${COUPON_CODE_MAX} characters.`,
  codeCharacters: "Use only letters, digits, - and _ in the code.",
  kind: "Choose percent or flat.",
  value: "Enter the discount: a whole number above 0.",
  percentMax: "A percent discount is at most 100.",
  flatMax: "Only a percent coupon has a maximum discount.",
  description: `The description is at most ${COUPON_DESCRIPTION_MAX} characters.`,
  day: "Pick a date (or leave it empty).",
  endsBeforeStarts: "The last day cannot be before the first day.",
  notFound: "That coupon could not be found.",
  duplicate: (code: string) => `A coupon with the code ${code} already exists.`,
} as const;

const rupees = (label: string, min: 0 | 1) =>
  typedNumber(
    `${label}: enter whole rupees.`,
    z
      .number()
      .int(`${label}: enter whole rupees.`)
      .min(min, min === 0 ? `${label} cannot be negative.` : `${label}: at least ₹1 (or leave it empty).`)
      .max(MAX_RUPEES, `${label}: at most ${formatRupees(MAX_RUPEES * 100)}.`),
  );

const uses = (label: string) =>
  typedNumber(
    `${label}: enter a whole number.`,
    z
      .number()
      .int(`${label}: enter a whole number.`)
      .min(1, `${label}: at least 1 (or leave it empty for no limit).`)
      .max(MAX_USES, `${label}: at most ${MAX_USES.toLocaleString("en-IN")}.`),
  );

/** A calendar day as a date input sends it (YYYY-MM-DD), a real one. */
const day = z
  .string()
  .trim()
  .regex(/^20\d{2}-\d{2}-\d{2}$/, STAFF_COUPON_MESSAGES.day)
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), STAFF_COUPON_MESSAGES.day);

/** What both forms set: the description, the limits and the dates. Empty means none. */
const limitFields = {
  description: z.string().trim().max(COUPON_DESCRIPTION_MAX, STAFF_COUPON_MESSAGES.description).default(""),
  min_subtotal: rupees("Minimum cart", 0).optional(),
  max_discount: rupees("Maximum discount", 1).optional(),
  starts_on: day.optional(),
  ends_on: day.optional(),
  usage_limit: uses("Usage limit").optional(),
  per_customer_limit: uses("Uses per customer").optional(),
};

type Limits = z.output<z.ZodObject<typeof limitFields>>;
// The fields the view module names without zod.
limitFields satisfies Record<LimitField, unknown>;

/**
 * A coupon's dates are in order when it ends after it starts (instants, the end exclusive). The
 * one rule for the staff's form (days) and the Shop (instants), which disagreed before issue 42.
 */
export function datesInOrder(limits: Pick<CouponLimits, "startsAt" | "endsAt">): boolean {
  return !(limits.startsAt && limits.endsAt && limits.endsAt <= limits.startsAt);
}

/** A flat coupon is its own maximum: it takes no 'Maximum discount'. */
export function maximumAllowed(kind: "percent" | "flat", maxDiscountPaise: number | null): boolean {
  return kind !== "flat" || maxDiscountPaise === null;
}

function endsAfterStarts(v: Pick<Limits, "starts_on" | "ends_on">, ctx: z.RefinementCtx) {
  if (!datesInOrder(instantsOf(v))) ctx.addIssue({ code: "custom", path: ["ends_on"], message: STAFF_COUPON_MESSAGES.endsBeforeStarts });
}

export const couponCreateSchema = z
  .object({
    code: z
      .string({ error: STAFF_COUPON_MESSAGES.code })
      .trim()
      .min(1, STAFF_COUPON_MESSAGES.code)
      .max(COUPON_CODE_MAX, STAFF_COUPON_MESSAGES.codeLength)
      // Either case is accepted (as shoppers type it); the code is kept upper-case.
      .regex(/^[A-Za-z0-9_-]+$/, STAFF_COUPON_MESSAGES.codeCharacters)
      .transform((v) => v.toUpperCase()),
    kind: z.enum(["percent", "flat"], { error: STAFF_COUPON_MESSAGES.kind }),
    /** Percent, or rupees for a flat coupon. */
    value: typedNumber(STAFF_COUPON_MESSAGES.value, z.number().int(STAFF_COUPON_MESSAGES.value).positive(STAFF_COUPON_MESSAGES.value).max(MAX_RUPEES, STAFF_COUPON_MESSAGES.value)),
    ...limitFields,
  })
  .superRefine((v, ctx) => {
    if (v.kind === "percent" && v.value > 100) ctx.addIssue({ code: "custom", path: ["value"], message: STAFF_COUPON_MESSAGES.percentMax });
    if (!maximumAllowed(v.kind, v.max_discount ?? null)) ctx.addIssue({ code: "custom", path: ["max_discount"], message: STAFF_COUPON_MESSAGES.flatMax });
    endsAfterStarts(v, ctx);
  });

export const couponEditSchema = z.object({ coupon: recordId(STAFF_COUPON_MESSAGES.notFound), ...limitFields }).superRefine((v, ctx) => endsAfterStarts(v, ctx));

export const couponIdSchema = z.object({ coupon: recordId(STAFF_COUPON_MESSAGES.notFound) });

/** The day after a calendar day. */
function nextDay(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

/** The form's days as instants: from the start of the first day to the start of the day after the last. */
function instantsOf(v: Pick<Limits, "starts_on" | "ends_on">): Pick<CouponLimits, "startsAt" | "endsAt"> {
  return { startsAt: v.starts_on ? dayStart(v.starts_on) : null, endsAt: v.ends_on ? dayStart(nextDay(v.ends_on)) : null };
}

/** The form's limits as the coupons table keeps them: paise, and instants (the end is exclusive). */
export function couponLimitsOf(v: Limits): CouponLimits {
  return {
    description: v.description,
    minSubtotalPaise: (v.min_subtotal ?? 0) * 100,
    maxDiscountPaise: v.max_discount === undefined ? null : v.max_discount * 100,
    ...instantsOf(v),
    usageLimit: v.usage_limit ?? null,
    perCustomerLimit: v.per_customer_limit ?? null,
  };
}

export function newCouponOf(v: z.output<typeof couponCreateSchema>): NewCoupon {
  return { ...couponLimitsOf(v), code: v.code, kind: v.kind, value: v.kind === "flat" ? v.value * 100 : v.value };
}
