// The account's forms: sign-in (by password, or by a code sent to a mobile number), sign-up,
// the password reset's two steps, the profile, the e-mail and mobile number an account adds, and
// sign-out (Specification: Sign-in and Account; issues 3 and 28). Each refusal is shown on its own form, passwords never echoed.
import { data, redirect } from "react-router";
import {
  ACCOUNT_MESSAGES,
  EMAIL_CONFIRMATION_MESSAGES,
  nameField,
  PROFILE_MESSAGES,
  profileSchema,
  resetConfirmSchema,
  resetRequestSchema,
  signInSchema,
  signUpSchema,
} from "../../domain/account.ts";
import { safePath } from "../../domain/safe-path.ts";
import { addEmailSchema, MOBILE_MESSAGES, mobileSendSchema, mobileVerifySchema, SIGN_IN_AGAIN, signInAgainSchema } from "../../domain/mobile-sign-in.ts";
import { deviceTokenOf } from "../auth/device.server.ts";
import { expiredSessionCookie, signedInOf } from "../auth/session.server.ts";
import { accountLanguageCookies, i18nOf } from "../i18n.server.ts";
import { clientAddressOf } from "../context.server.ts";
import { ownSignIn } from "../use-cases/password-sign-in.server.ts";
import type { Customer } from "../shop/port.server.ts";
import type { UseCases } from "../use-cases/index.server.ts";
import { z } from "zod";
import { defineForm, intent, openIntent, Refused } from "./pipeline.server.ts";

const secret = ["password"];

// Clerk's customers sign in, and reset their password, in Clerk's own sign-in.
// The use cases refuse them too (ensureOwnSignIn); the page says it its own way first.
function ensureLocal(refusal: () => never) {
  if (!ownSignIn()) refusal();
}
const signInWithClerk = () => {
  throw data("Sign in with the form above.", { status: 405 });
};
const toClerkSignIn = () => {
  throw redirect("/signin", 303);
};

/** A new session, and this browser remembered as one the customer signs in from (decision 020). */
async function signedInHeaders(useCases: UseCases, request: Request, customer: Customer): Promise<[string, string][]> {
  const { session, device } = await useCases.sessions.beginSession(customer, await deviceTokenOf(request));
  return [
    ["Set-Cookie", session],
    ["Set-Cookie", device],
    // The language chosen on another device follows the customer here (issue 27).
    ...accountLanguageCookies(customer),
  ];
}

export const accountForms = {
  signIn: defineForm({
    action: "/signin",
    intents: {
      "sign-in": openIntent(
        signInSchema,
        async ({ useCases, context, request, value }) => {
          ensureLocal(signInWithClerk);
          const device = await deviceTokenOf(request);
          const result = await useCases.passwordSignIn.signInWithPassword({
            email: value.email,
            password: value.password,
            clientAddress: clientAddressOf(context),
            device,
            language: i18nOf(request).locale,
          });
          if (!result.ok) throw new Refused(result.message, result.tooMany ? 429 : 401);
          return {
            to: safePath(value.return_to, "/post-auth"),
            toast: { type: "success", message: ACCOUNT_MESSAGES.welcome(result.customer.name) },
            headers: await signedInHeaders(useCases, request, result.customer),
          };
        },
        { hide: secret },
      ),
    },
  }),

  // Mobile number and a code by SMS (issue 28): the number, then its code, then, for a number
  // the shop does not know, the new account's name. Plain forms on one page, each step's answer
  // the next step's data; the pending item and return_to go through as for e-mail.
  mobileSignIn: defineForm({
    action: "/signin/mobile",
    intents: {
      "send-code": openIntent(mobileSendSchema, async ({ useCases, context, request, value }) => {
        const language = i18nOf(request).locale;
        const { message } = await useCases.mobileSignIn.sendCode({
          mobile: value.mobile,
          purpose: "sign-in",
          customerId: null,
          clientAddress: clientAddressOf(context),
          language,
        });
        return { stay: true, data: { step: "code", mobile: value.mobile, sent: message } };
      }),
      "verify-code": openIntent(
        mobileVerifySchema,
        async ({ useCases, context, request, value }) => {
          const result = await useCases.mobileSignIn.signInWithCode({ ...value, clientAddress: clientAddressOf(context) }, i18nOf(request));
          if ("needsName" in result) return { stay: true, data: { step: "name", mobile: value.mobile, code: value.code } };
          return {
            to: safePath(value.return_to, "/post-auth"),
            toast: { type: "success", message: ACCOUNT_MESSAGES.welcome(result.customer.name) },
            headers: await signedInHeaders(useCases, request, result.customer),
          };
        },
        { hide: ["code"], onField: { invalid: "code" } },
      ),
      // The name step: the code again (the shopper's own, in their page), spent only now.
      "create-account": openIntent(
        mobileVerifySchema.extend({ name: nameField }),
        async ({ useCases, context, request, value }) => {
          const result = await useCases.mobileSignIn.signInWithCode({ ...value, clientAddress: clientAddressOf(context) }, i18nOf(request));
          if ("needsName" in result) throw new Refused(MOBILE_MESSAGES.newAccount, 400, "name");
          return {
            to: safePath(value.return_to, "/post-auth"),
            toast: { type: "success", message: ACCOUNT_MESSAGES.welcome(result.customer.name) },
            headers: await signedInHeaders(useCases, request, result.customer),
          };
        },
        { onField: { conflict: "email" } },
      ),
    },
  }),

  // My Account: a verified mobile number for an account that has none (issue 28). The same two
  // steps as the sign-in's, the code sent for this account only.
  mobileAccount: defineForm({
    action: "/myaccount/mobile",
    intents: {
      "send-code": intent(mobileSendSchema, async ({ useCases, customer, context, request, value }) => {
        const sessionToken = signedInOf(context)?.token ?? "";
        const language = i18nOf(request).locale;
        const { message } = await useCases.mobileSignIn.sendAddMobileCode(customer, {
          mobile: value.mobile,
          clientAddress: clientAddressOf(context),
          sessionToken,
          language,
        });
        return { stay: true, data: { step: "code", mobile: value.mobile, sent: message } };
      }),
      "verify-code": intent(
        mobileVerifySchema,
        async ({ useCases, customer, context, request, value }) => {
          const sessionToken = signedInOf(context)?.token ?? "";
          const { changed } = await useCases.mobileSignIn.addMobile(customer, {
            mobile: value.mobile,
            code: value.code,
            smsUpdates: value.sms_updates,
            clientAddress: clientAddressOf(context),
            sessionToken,
            language: i18nOf(request).locale,
          });
          return { to: "/myaccount", toast: { type: "success", message: changed ? MOBILE_MESSAGES.mobileChanged : MOBILE_MESSAGES.mobileAdded } };
        },
        { hide: ["code"], onField: { invalid: "code" } },
      ),
      // Order updates by SMS to the verified number (issue 28): a consent, given or withdrawn here (issue 48).
      "sms-updates": intent(z.object({ on: z.enum(["true", "false"]) }), async ({ useCases, customer, value }) => {
        const { message } = await useCases.consents.setSmsConsent(customer, "order-sms", value.on === "true", "my-account");
        return { to: "/myaccount", toast: { type: "success", message } };
      }),
      // A number is changed only soon after a sign-in: this ends the session and asks for one.
      "sign-in-again": intent(signInAgainSchema, async ({ useCases, context, value }) => {
        const signedIn = signedInOf(context);
        if (signedIn) await useCases.sessions.endSession(signedIn.token);
        return {
          to: `/signin?return_to=${encodeURIComponent(value.back)}`,
          toast: { type: "info", message: SIGN_IN_AGAIN[value.back].toast },
          headers: { "Set-Cookie": await expiredSessionCookie() },
        };
      }),
    },
  }),

  // My Account: an e-mail and a password for an account opened with a mobile number (issue 28).
  addEmail: defineForm({
    action: "/myaccount/email",
    intents: {
      "add-email": intent(
        addEmailSchema,
        async ({ useCases, customer, context, request, value }) => {
          const sessionToken = signedInOf(context)?.token ?? "";
          const { message } = await useCases.mobileSignIn.addEmailToAccount(customer, { ...value, sessionToken }, i18nOf(request));
          return { to: "/myaccount", toast: { type: "success", message } };
        },
        { hide: secret, onField: { conflict: "email" } },
      ),
    },
  }),

  signUp: defineForm({
    action: "/signup",
    intents: {
      "sign-up": openIntent(
        signUpSchema,
        async ({ useCases, context, request, value }) => {
          const customer = await useCases.signUp.signUp(value, clientAddressOf(context), i18nOf(request));
          return {
            // The page names where to come back to (routes/signup.tsx); a post that does not goes home, not to an empty cart.
            to: safePath(value.return_to, "/"),
            toast: { type: "success", message: ACCOUNT_MESSAGES.welcome(customer.name) },
            headers: await signedInHeaders(useCases, request, customer),
          };
        },
        // The e-mail has an account: said on the e-mail field.
        { hide: secret, onField: { conflict: "email" } },
      ),
    },
  }),

  // Two steps on one page: the code is sent (the page then asks for it), then the new password.
  passwordReset: defineForm({
    action: "/forgot-password",
    intents: {
      request: openIntent(resetRequestSchema, async ({ useCases, context, request, value }) => {
        ensureLocal(toClerkSignIn);
        // The code's mail in the language of the page it was asked on.
        const sent = await useCases.passwordSignIn.sendResetCode(value.email, clientAddressOf(context), i18nOf(request));
        if (!sent.ok) throw new Refused(sent.message, 429);
        return { stay: true, data: { email: value.email, sent: sent.message } };
      }),
      reset: openIntent(
        resetConfirmSchema,
        async ({ useCases, context, value }) => {
          ensureLocal(toClerkSignIn);
          const result = await useCases.passwordSignIn.resetPasswordWithCode({ ...value, clientAddress: clientAddressOf(context) });
          if (!result.ok) throw result.tooMany ? new Refused(result.message, 429) : new Refused(result.message, 400, "code");
          return { to: "/signin", toast: { type: "success", message: ACCOUNT_MESSAGES.passwordChanged } };
        },
        { hide: ["password", "code"] },
      ),
    },
  }),

  profile: defineForm({
    action: "/myaccount",
    intents: {
      "update-profile": intent(
        profileSchema,
        async ({ useCases, customer, value }) => {
          await useCases.account.updateProfile(customer, value);
          return { toast: { type: "success", message: PROFILE_MESSAGES.updated } };
        },
        { describe: (error) => PROFILE_MESSAGES.updateFailed(error.message) },
      ),
    },
  }),

  // Confirming the e-mail (decision 047), signed in as the account (the customer pages' guard):
  // the mailed link's button, and My Account's 'Send the link again'. Both end on My Account.
  confirmEmail: defineForm({
    action: "/verify-email",
    intents: {
      "confirm-email": intent(z.object({ token: z.string().max(200).default("") }), async ({ useCases, customer, value }) => {
        await useCases.emailConfirmation.confirmEmail(customer, value.token);
        return { to: "/myaccount", toast: { type: "success", message: EMAIL_CONFIRMATION_MESSAGES.confirmed } };
      }),
      "send-confirmation": intent(
        z.object({}),
        async ({ useCases, customer, request }) => {
          const { message } = await useCases.emailConfirmation.mailConfirmationAgain(customer, i18nOf(request));
          return { to: "/myaccount", toast: { type: "success", message } };
        },
        // Too many asked for: said on My Account, where the button is.
        { toastOn: { too_many: "/myaccount" } },
      ),
    },
  }),

  // Log Out (a POST: signing out changes state) ends the session row and the cookie, then home.
  signOut: defineForm({
    action: "/signout",
    intents: {
      "sign-out": openIntent(z.object({}), async ({ useCases, context }) => {
        const signedIn = signedInOf(context);
        if (signedIn) await useCases.sessions.endSession(signedIn.token);
        return { to: "/", toast: { type: "info", message: ACCOUNT_MESSAGES.signedOut }, headers: { "Set-Cookie": await expiredSessionCookie() } };
      }),
    },
  }),
};
