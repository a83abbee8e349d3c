// The staff's forms (issue 14). Every intent checks the staff role first: to anyone else the
// form is not there (404). Changes are audited by the aggregate that makes them.
import { z } from "zod";
import { DELIVERY_MESSAGES, normalizePin, parseSlot } from "../../domain/delivery.ts";
import { recordId } from "../../domain/form-fields.ts";
import { formatRupees } from "../../domain/money.ts";
import { FREE_DELIVERY_ABOVE_PAISE } from "../../domain/pricing.ts";
import { orderShortMail, orderStageMail } from "../../domain/order-mail.ts";
import { SHORT_MESSAGES } from "../../domain/short-pick.ts";
import { STAGE_LABELS, STAGES } from "../../domain/order-life.ts";
import { ORDER_MESSAGES } from "../../domain/order.ts";
import { REVIEW_MESSAGES } from "../../domain/review.ts";
import { mailOrder } from "../mail/order-mail.server.ts";
import { requireStaff } from "../staff-access.server.ts";
import { ticketAnswerMail } from "../../domain/contact.ts";
import { store } from "../../store-config.ts";
import { appEnv } from "../env.server.ts";
import { mailer } from "../mail/mailer.server.ts";
import { sendOrKeep } from "../mail/queue.server.ts";
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
    // Fewer of a line could be packed than were ordered: the order is priced again, the shopper told.
    short: intent(
      z.object({
        order: recordId(ORDER_MESSAGES.notFound),
        line: recordId(SHORT_MESSAGES.noLine),
        packed: z.coerce.number({ error: "Enter how many were packed." }).int("Enter a whole number.").min(0, "Enter how many were packed.").max(10_000, "Enter how many were packed."),
      }),
      async ({ shop, context, value }) => {
        const staff = await requireStaff(context);
        const short = await shop.orders.shortPick(value.order, value.line, value.packed, staff.id);
        if (short.refundId !== null) await shop.payments.sendRefunds();
        await mailOrder(shop, short.customer, value.order, orderShortMail(short));
        return { toast: { type: "success", message: SHORT_MESSAGES.done(value.order, formatRupees(short.totalPaise)) } };
      },
    ),
  },
});

const pin = z.string().transform((v, ctx) => normalizePin(v) ?? (ctx.addIssue({ code: "custom", message: DELIVERY_MESSAGES.invalidPin }), z.NEVER));
const count = (label: string) =>
  z.coerce
    .number({ error: `${label} must be a whole number.` })
    .int(`${label} must be a whole number.`)
    .min(0, `${label} cannot be negative.`)
    .max(10_000, `${label} is too large.`);

/** Slots, PINs and the delivery settings (issue 14). */
export const staffDeliveryForm = defineForm({
  action: "/staff/delivery",
  intents: {
    capacity: intent(
      z.object({
        slot: z.string().transform((v, ctx) => parseSlot(v) ?? (ctx.addIssue({ code: "custom", message: DELIVERY_MESSAGES.chooseSlot }), z.NEVER)),
        capacity: count("Capacity"),
      }),
      async ({ shop, context, value }) => {
        const staff = await requireStaff(context);
        await shop.delivery.setCapacity(staff.id, value.slot, value.capacity);
        return { toast: { type: "success", message: `Capacity set to ${value.capacity}.` } };
      },
    ),
    settings: intent(
      z.object({
        min_order: count("Minimum order value"),
        slot_capacity: count("Default capacity"),
        delivery_fee: count("Delivery fee").max(1_000, "Delivery fee: at most ₹1,000."),
        // Transactions §9 promises free delivery above ₹999: the threshold may be lower, never higher.
        free_above: count("Free delivery above")
          .min(1, "Free delivery above: at least ₹1.")
          .max(FREE_DELIVERY_ABOVE_PAISE / 100, `Free delivery above: at most ₹${FREE_DELIVERY_ABOVE_PAISE / 100}, as the shop promises.`),
      }),
      async ({ shop, context, value }) => {
        const staff = await requireStaff(context);
        await shop.delivery.setSettings(staff.id, {
          minOrderPaise: value.min_order * 100,
          slotCapacity: value.slot_capacity,
          deliveryFeePaise: value.delivery_fee * 100,
          freeDeliveryAbovePaise: value.free_above * 100,
        });
        return { toast: { type: "success", message: "Settings saved." } };
      },
    ),
    "add-pin": intent(z.object({ pin, area: z.string().trim().max(60, "Area: at most 60 characters.").default("") }), async ({ shop, context, value }) => {
      const staff = await requireStaff(context);
      await shop.delivery.addPin(staff.id, value.pin, value.area);
      return { toast: { type: "success", message: `PIN ${value.pin} added.` } };
    }),
    "remove-pin": intent(z.object({ pin }), async ({ shop, context, value }) => {
      const staff = await requireStaff(context);
      await shop.delivery.removePin(staff.id, value.pin);
      return { toast: { type: "success", message: `PIN ${value.pin} removed.` } };
    }),
  },
});

const ticket = z.object({ ticket: recordId("That ticket could not be found.") });

/** Answers to contact tickets (issue 14): mailed to the sender and shown on the ticket's page. */
export const staffTicketsForm = defineForm({
  action: "/staff/tickets",
  intents: {
    answer: intent(
      ticket.extend({ answer: z.string({ error: "Write the answer." }).trim().min(2, "Write the answer.").max(4000, "At most 4000 characters.") }),
      async ({ shop, context, value }) => {
        const staff = await requireStaff(context);
        const answered = await shop.tickets.answer(staff.id, value.ticket, value.answer);
        await sendOrKeep(shop, mailer(appEnv()), { to: answered.email, ...ticketAnswerMail(answered, value.answer, store.name) });
        return { toast: { type: "success", message: `Answer sent to ${answered.email}.` } };
      },
    ),
    close: intent(ticket, async ({ shop, context, value }) => {
      const staff = await requireStaff(context);
      await shop.tickets.close(staff.id, value.ticket);
      return { to: "/staff/tickets", toast: { type: "success", message: `Ticket closed.` } };
    }),
  },
});

/** Reviews (issue 14): staff hide one from its product's page and rating, or show it again. */
export const staffReviewsForm = defineForm({
  action: "/staff/reviews",
  intents: {
    hide: intent(z.object({ review: recordId(REVIEW_MESSAGES.notFound) }), async ({ shop, context, value }) => {
      const staff = await requireStaff(context);
      await shop.reviews.setHidden(staff.id, value.review, true);
      return { toast: { type: "success", message: "Review hidden." } };
    }),
    show: intent(z.object({ review: recordId(REVIEW_MESSAGES.notFound) }), async ({ shop, context, value }) => {
      const staff = await requireStaff(context);
      await shop.reviews.setHidden(staff.id, value.review, false);
      return { toast: { type: "success", message: "Review shown again." } };
    }),
  },
});
