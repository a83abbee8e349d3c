// The staff's coupon forms (issue 14): create, edit the limits and dates, switch off or on. Every
// intent checks the staff role first (to anyone else the form is not there: 404); each change is
// audited by reads.coupons in its own transaction (decision 036).
import { couponCreateSchema, couponEditSchema, couponIdSchema, couponLimitsOf, newCouponOf } from "../../domain/staff-coupon.ts";
import { staffOf } from "../access.server.ts";
import { defineForm, intent } from "./pipeline.server.ts";

export const staffCouponsForm = defineForm({
  action: "/staff/coupons",
  intents: {
    create: intent(
      couponCreateSchema,
      async ({ useCases, context, value }) => {
        const staff = staffOf(context);
        const created = await useCases.staffCoupons.createCoupon(staff.id, newCouponOf(value));
        return { to: "/staff/coupons", toast: { type: "success", message: `Coupon ${created.code} created.` } };
      },
      // A taken code is said on the code's field (409), with everything else as it was typed.
      { onField: { conflict: "code" } },
    ),
    update: intent(
      couponEditSchema,
      async ({ useCases, context, value }) => {
        const staff = staffOf(context);
        const saved = await useCases.staffCoupons.updateCoupon(staff.id, value.coupon, couponLimitsOf(value));
        return { to: "/staff/coupons", toast: { type: "success", message: `Coupon ${saved.code} saved.` } };
      },
      { onField: { invalid: "max_discount" } },
    ),
    "switch-off": intent(couponIdSchema, async ({ useCases, context, value }) => {
      const staff = staffOf(context);
      const { code, changed } = await useCases.staffCoupons.setCouponActive(staff.id, value.coupon, false);
      return { toast: changed ? { type: "success", message: `Coupon ${code} switched off.` } : { type: "info", message: `Coupon ${code} is already off.` } };
    }),
    "switch-on": intent(couponIdSchema, async ({ useCases, context, value }) => {
      const staff = staffOf(context);
      const { code, changed } = await useCases.staffCoupons.setCouponActive(staff.id, value.coupon, true);
      return { toast: changed ? { type: "success", message: `Coupon ${code} switched on.` } : { type: "info", message: `Coupon ${code} is already on.` } };
    }),
  },
});
