// My Account's consents (issue 48 item 2): each withdrawn in one press, and given again where a
// press is all it takes. Plain posts: they work without JavaScript.
import { giveSchema, withdrawSchema } from "../../domain/privacy/consent.ts";
import { deleteAccountSchema } from "../../domain/privacy/rights.ts";
import { expiredSessionCookie, signedInOf } from "../auth/session.server.ts";
import { clientAddressOf } from "../context.server.ts";
import { i18nOf, localeOf } from "../i18n.server.ts";
import { z } from "zod";
import { defineForm, intent } from "./pipeline.server.ts";

export const PRIVACY_ACTION = "/myaccount/privacy";

export const privacyForm = defineForm({
  action: PRIVACY_ACTION,
  intents: {
    withdraw: intent(withdrawSchema, async ({ useCases, customer, value }) => ({
      toast: { type: "success", message: (await useCases.consents.withdrawConsent(customer, value, "my-account")).message },
    })),
    // 'Download my data' (item 3): made in the background, its link mailed.
    export: intent(z.object({}), async ({ useCases, customer, request }) => ({
      toast: { type: "success", message: (await useCases.dataExport.requestDataExport(customer, localeOf(request))).message },
    })),
    // 'Delete my account' (item 4): the password, or a fresh sign-in; the session ends with the account.
    "delete-account": intent(
      deleteAccountSchema,
      async ({ useCases, customer, value, context }) => {
        const signedIn = signedInOf(context);
        const { message } = await useCases.erasure.deleteAccount(customer, { password: value.password, sessionToken: signedIn?.token ?? "", clientAddress: clientAddressOf(context) });
        return { to: "/", toast: { type: "success", message }, headers: { "Set-Cookie": await expiredSessionCookie() } };
      },
      { hide: ["password"], onField: { invalid: "password" } },
    ),
    give: intent(giveSchema, async ({ useCases, customer, value, context, request }) => ({
      toast: { type: "success", message: (await useCases.consents.giveConsent(customer, value.purpose, clientAddressOf(context), i18nOf(request))).message },
    })),
  },
});
