// The staff's forms (issue 14). Every intent checks the staff role first: to anyone else the
// form is not there (404). Changes are audited by the aggregate that makes them.
import { z } from "zod";
import { recordId } from "../../domain/form-fields.ts";
import { orderStageMail } from "../../domain/order-mail.ts";
import { STAGE_LABELS, STAGES } from "../../domain/order-life.ts";
import { ORDER_MESSAGES } from "../../domain/order.ts";
import { mailOrder } from "../mail/order-mail.server.ts";
import { requireStaff } from "../staff-access.server.ts";
import { defineForm, intent } from "./pipeline.server.ts";

export const staffOrdersForm = defineForm({
  action: "/staff/orders",
  intents: {
    // Moves an order to its next stage, naming the stage the staff member saw: two at once make one move.
    advance: intent(z.object({ order: recordId(ORDER_MESSAGES.notFound), from: z.enum(STAGES) }), async ({ shop, context, value }) => {
      const staff = await requireStaff(context);
      const { stage, customer } = await shop.orders.advance(value.order, value.from, staff.id);
      if (stage !== "placed") await mailOrder(shop, customer, value.order, orderStageMail(stage));
      return { toast: { type: "success", message: `Order #${value.order} is now ${STAGE_LABELS[stage]}.` } };
    }),
  },
});
