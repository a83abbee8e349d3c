// The staff's forms (issue 14). The /staff branch's guard (access.server.ts) lets only
// staff reach them; each intent acts as that staff member. Changes are audited by the Shop.
import { z } from "zod";
import { DELIVERY_MESSAGES, normalizePin, parseSlot } from "../../domain/delivery.ts";
import { recordId } from "../../domain/form-fields.ts";
import { FREE_DELIVERY_ABOVE_PAISE } from "../../domain/pricing.ts";
import { SHORT_MESSAGES } from "../../domain/repricing.ts";
import { WEIGHT_MESSAGES } from "../../domain/weight.ts";
import { PICK_MESSAGES } from "../../domain/picking.ts";
import { STAGES } from "../../domain/order-life.ts";
import { ORDER_MESSAGES } from "../../domain/order.ts";
import { REVIEW_MESSAGES } from "../../domain/review.ts";
import { staffOf } from "../access.server.ts";
import { REPLACEMENT_MESSAGES } from "../../domain/replacement.ts";
import { defineForm, intent } from "./pipeline.server.ts";

/** A delivery slot as forms post it ("2026-12-02/morning"). */
const slotField = z.string().transform((v, ctx) => parseSlot(v) ?? (ctx.addIssue({ code: "custom", message: DELIVERY_MESSAGES.chooseSlot }), z.NEVER));

export const staffOrdersForm = defineForm({
  action: "/staff/orders",
  intents: {
    // Moves an order to its next stage, naming the stage the staff member saw: two at once make one move.
    advance: intent(z.object({ order: recordId(ORDER_MESSAGES.notFound), from: z.enum(STAGES) }), async ({ useCases, context, value }) => {
      const { message } = await useCases.moveOrder.advanceOrder(staffOf(context), value.order, value.from);
      return { toast: { type: "success", message } };
    }),
    // Fewer of a line could be packed than were ordered: the order is priced again, the shopper told.
    short: intent(
      z.object({
        order: recordId(ORDER_MESSAGES.notFound),
        line: recordId(SHORT_MESSAGES.noLine),
        packed: z.coerce.number({ error: "Enter how many were packed." }).int("Enter a whole number.").min(0, "Enter how many were packed.").max(10_000, "Enter how many were packed."),
      }),
      async ({ useCases, context, value }) => {
        const { message } = await useCases.moveOrder.shortPick(staffOf(context), value.order, value.line, value.packed);
        return { toast: { type: "success", message } };
      },
    ),
    // An item out of stock at packing, replaced by another the shopper allowed.
    replace: intent(
      z.object({ order: recordId(ORDER_MESSAGES.notFound), line: recordId(SHORT_MESSAGES.noLine), variant: recordId(REPLACEMENT_MESSAGES.choose) }),
      async ({ useCases, context, value }) => {
        const { message } = await useCases.moveOrder.replaceItem(staffOf(context), value.order, value.line, value.variant);
        return { toast: { type: "success", message } };
      },
    ),
    // Items taken back once the order has left the shop: the order is priced again, a credit note issued.
    "take-back": intent(
      z.object({
        order: recordId(ORDER_MESSAGES.notFound),
        line: recordId(SHORT_MESSAGES.noLine),
        quantity: z.coerce
          .number({ error: "Enter how many were taken back." })
          .int("Enter a whole number.")
          .min(1, "Enter how many were taken back.")
          .max(10_000, "Enter how many were taken back."),
      }),
      async ({ useCases, context, value }) => {
        const { message } = await useCases.moveOrder.takeBack(staffOf(context), value.order, value.line, value.quantity);
        return { toast: { type: "success", message } };
      },
    ),
    // What each line sold by weight weighed, all at once: the order is priced on the weights.
    weigh: intent(
      z.object({
        order: recordId(ORDER_MESSAGES.notFound),
        weights: z
          .array(
            z.object({
              line: recordId(SHORT_MESSAGES.noLine),
              grams: z.coerce
                .number({ error: WEIGHT_MESSAGES.enterGrams })
                .int(WEIGHT_MESSAGES.enterGrams)
                .min(1, WEIGHT_MESSAGES.enterGrams)
                .max(10_000_000, WEIGHT_MESSAGES.enterGrams),
            }),
          )
          .min(1, WEIGHT_MESSAGES.nothing)
          .max(200),
      }),
      async ({ useCases, context, value }) => {
        const { message } = await useCases.moveOrder.weighOrder(staffOf(context), value.order, new Map(value.weights.map((w) => [w.line, w.grams])));
        return { toast: { type: "success", message } };
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
        slot: slotField,
        capacity: count("Capacity"),
      }),
      async ({ useCases, context, value }) => {
        const staff = staffOf(context);
        await useCases.deliverySettings.setSlotCapacity(staff.id, value.slot, value.capacity);
        return { toast: { type: "success", message: `Capacity set to ${value.capacity}.` } };
      },
    ),
    settings: intent(
      z.object({
        min_order: count("Minimum order value"),
        slot_capacity: count("Default capacity"),
        delivery_fee: count("Delivery fee").max(1_000, "Delivery fee: at most ₹1,000."),
        // Free delivery is promised above ₹999 (Specification: Transaction constants): the threshold may be lower, never higher.
        free_above: count("Free delivery above")
          .min(1, "Free delivery above: at least ₹1.")
          .max(FREE_DELIVERY_ABOVE_PAISE / 100, `Free delivery above: at most ₹${FREE_DELIVERY_ABOVE_PAISE / 100}, as the shop promises.`),
        // The evening before: packing starts from the orders it makes (decision 076).
        cutoff_hour: count("Standing orders' cut-off").min(12, "Standing orders' cut-off: from 12 (noon).").max(23, "Standing orders' cut-off: at most 23 (11 pm)."),
      }),
      async ({ useCases, context, value }) => {
        const staff = staffOf(context);
        await useCases.deliverySettings.setDeliverySettings(staff.id, {
          minOrderPaise: value.min_order * 100,
          slotCapacity: value.slot_capacity,
          deliveryFeePaise: value.delivery_fee * 100,
          freeDeliveryAbovePaise: value.free_above * 100,
          subscriptionCutoffHour: value.cutoff_hour,
        });
        return { toast: { type: "success", message: "Settings saved." } };
      },
    ),
    "add-pin": intent(z.object({ pin, area: z.string().trim().max(60, "Area: at most 60 characters.").default("") }), async ({ useCases, context, value }) => {
      const staff = staffOf(context);
      await useCases.deliverySettings.addServedPin(staff.id, value.pin, value.area);
      return { toast: { type: "success", message: `PIN ${value.pin} added.` } };
    }),
    "remove-pin": intent(z.object({ pin }), async ({ useCases, context, value }) => {
      const staff = staffOf(context);
      await useCases.deliverySettings.removeServedPin(staff.id, value.pin);
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
      async ({ useCases, context, value }) => ({ toast: { type: "success", message: (await useCases.tickets.answerTicket(staffOf(context), value.ticket, value.answer)).message } }),
    ),
    close: intent(ticket, async ({ useCases, context, value }) => ({
      to: "/staff/tickets",
      toast: { type: "success", message: (await useCases.tickets.closeTicket(staffOf(context), value.ticket)).message },
    })),
  },
});

/** Reviews (issue 14): staff hide one from its product's page and rating, or show it again. */
export const staffReviewsForm = defineForm({
  action: "/staff/reviews",
  intents: {
    hide: intent(z.object({ review: recordId(REVIEW_MESSAGES.notFound) }), async ({ useCases, context, value }) => {
      const staff = staffOf(context);
      await useCases.reviews.setReviewHidden(staff.id, value.review, true);
      return { toast: { type: "success", message: "Review hidden." } };
    }),
    show: intent(z.object({ review: recordId(REVIEW_MESSAGES.notFound) }), async ({ useCases, context, value }) => {
      const staff = staffOf(context);
      await useCases.reviews.setReviewHidden(staff.id, value.review, false);
      return { toast: { type: "success", message: "Review shown again." } };
    }),
  },
});

// A slot's pick list (issue 46): a line ticked as picked, or the tick taken back.
export const staffPickForm = defineForm({
  action: "/staff/orders/pick",
  intents: {
    pick: intent(
      z.object({
        slot: slotField,
        variant: recordId(PICK_MESSAGES.notOnList),
        picked: z.enum(["yes", "no"]),
      }),
      async ({ useCases, context, value }) => ({
        toast: { type: "success", message: (await useCases.picking.tickPicked(staffOf(context), value.slot, value.variant, value.picked === "yes")).message },
      }),
    ),
  },
});
