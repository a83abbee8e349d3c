// 'Notify Me' (issue 29): the button on an out-of-stock card or product page, and Cancel on the
// account's list. Signed out, the request is remembered and made after sign-in, back on the page.
import { z } from "zod";
import { productReference, recordId } from "../../domain/form-fields.ts";
import { signInPath } from "../../domain/safe-path.ts";
import { NOTIFY_MESSAGES } from "../../domain/stock-request.ts";
import { localeOf } from "../i18n.server.ts";
import { savePendingItem } from "../pending-item.server.ts";
import { defineForm, intent } from "./pipeline.server.ts";

export const NOTIFY_ACTION = "/notify";

export const notifyForm = defineForm({
  action: NOTIFY_ACTION,
  back: "/myaccount/notify",
  fetcher: true,
  unknownIntent: NOTIFY_MESSAGES.notFound,
  signInToast: { type: "info", message: NOTIFY_MESSAGES.signIn },
  intents: {
    request: intent(
      z.object({ internal_reference: productReference }),
      async ({ useCases, customer, value, request }) => ({
        toast: { type: "success", message: (await useCases.stockRequests.requestNotice(customer, value.internal_reference, localeOf(request))).message },
      }),
      {
        signedOut: async ({ value, back }) => ({
          to: signInPath("/post-auth"),
          toast: { type: "info", message: NOTIFY_MESSAGES.signIn },
          headers: { "Set-Cookie": await savePendingItem({ kind: "notify", internal_reference: value.internal_reference, return_to: back }) },
        }),
      },
    ),
    cancel: intent(z.object({ request: recordId(NOTIFY_MESSAGES.noRequest) }), async ({ useCases, customer, value }) => ({
      toast: { type: "success", message: (await useCases.stockRequests.cancelNotice(customer, value.request)).message },
    })),
  },
});
