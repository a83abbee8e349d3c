// The staff's breach forms (issue 48 item 6, decision 087): record a breach, send the shoppers'
// notices, record the Board's notice as sent. Posted to /staff/breaches and to a breach's own
// page; each change audited in its transaction. The staff guard ran before any of this.
import { z } from "zod";
import { boardNoticeSchema, BREACH_STAFF_MESSAGES, breachSchema } from "../../domain/privacy/breach.ts";
import { staffOf } from "../access.server.ts";
import { defineForm, intent } from "./pipeline.server.ts";

export const staffBreachesForm = defineForm({
  action: "/staff/breaches",
  intents: {
    record: intent(
      breachSchema,
      async ({ useCases, context, value }) => {
        const { id } = await useCases.breaches.recordBreach(staffOf(context), value);
        return { to: `/staff/breaches/${id}`, toast: { type: "success", message: BREACH_STAFF_MESSAGES.recorded } };
      },
      // The people named, said on their field; a time in the future on its own.
      { onField: { conflict: "people", invalid: "found_at" } },
    ),
    notify: intent(z.object({ breach: z.coerce.number().int().positive() }), async ({ useCases, context, value }) => ({
      toast: { type: "success", message: (await useCases.breaches.notifyShoppers(staffOf(context), value.breach)).message },
    })),
    board: intent(boardNoticeSchema, async ({ useCases, context, value }) => ({
      toast: { type: "success", message: (await useCases.breaches.recordBoardNotice(staffOf(context), value.breach, value.reference)).message },
    })),
  },
});
