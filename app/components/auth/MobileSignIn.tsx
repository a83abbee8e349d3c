// The steps of signing in with a mobile number (issue 28): the number, the code, and for a new
// number the account's name. Plain forms (they work without JavaScript); with it, the code field
// is filled by the WebOTP API where the browser offers it.
import { useForm, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useRef } from "react";
import { Form, Link, useNavigation } from "react-router";
import { MOBILE_MESSAGES, SIGN_IN_AGAIN, displayMobile, mobileSendSchema, mobileVerifySchema, type SignInAgainBack } from "../../domain/mobile-sign-in.ts";
import { nameField } from "../../domain/account.ts";
import { mobileAccount, mobileSignIn } from "../forms.ts";
import { useI18n } from "../i18n.tsx";
import { PrivacyNoticeLink } from "../PrivacyNoticeLink.tsx";
import { CONSENT_MESSAGES } from "../../domain/privacy/consent.ts";
import { CheckboxField, Field, FormErrors, submitButton } from "./Field.tsx";

type LastResult = SubmissionResult<string[]> | undefined;
const createSchema = mobileVerifySchema.extend({ name: nameField });

/** The consent to order updates by SMS (issue 48 item 2): never ticked for the shopper. */
function SmsUpdatesBox({ meta }: { meta: FieldMetadata<string> }) {
  const i18n = useI18n();
  return <CheckboxField meta={meta} label={i18n._(CONSENT_MESSAGES.smsUpdatesBox)} hint={i18n._(CONSENT_MESSAGES.smsUpdatesHint)} />;
}

function ReturnTo({ intent, returnTo }: { intent: "send-code" | "verify-code" | "create-account"; returnTo: string }) {
  return <input type="hidden" name={mobileSignIn.field(intent, "return_to")} value={returnTo} />;
}

// My Account's form (/myaccount/mobile) declares the same intents and fields: `action` posts there.
export function NumberStep({ returnTo, lastResult, mobile, action }: { returnTo: string; lastResult: LastResult; mobile?: string; action?: string }) {
  const [form, fields] = useForm({
    id: "mobile-number",
    lastResult,
    defaultValue: { mobile },
    constraint: getZodConstraint(mobileSendSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: mobileSendSchema }),
  });
  const busy = useNavigation().state === "submitting";
  const i18n = useI18n();
  return (
    <Form method="post" action={action} id={form.id} onSubmit={form.onSubmit} noValidate={form.noValidate} className="mt-6 space-y-4">
      <p className="text-stone-700">{i18n._("Enter your mobile number and we will send you a 6-digit code by SMS.")}</p>
      <FormErrors errors={form.errors} id={form.errorId} />
      <input type="hidden" {...mobileSignIn.intent("send-code")} />
      <ReturnTo intent="send-code" returnTo={returnTo} />
      <Field meta={fields.mobile} label={i18n._(MOBILE_MESSAGES.mobileLabel)} type="tel" prefix="+91" autoComplete="tel-national" inputMode="numeric" />
      <PrivacyNoticeLink />
      <button type="submit" className={submitButton} disabled={busy}>
        {busy ? i18n._("Sending…") : i18n._(MOBILE_MESSAGES.sendCode)}
      </button>
    </Form>
  );
}

export function CodeStep({
  mobile,
  sent,
  returnTo,
  lastResult,
  resendResult,
  action,
}: {
  mobile: string;
  sent?: string;
  returnTo: string;
  lastResult: LastResult;
  resendResult: LastResult;
  action?: string;
}) {
  const [form, fields] = useForm({
    id: "mobile-code",
    lastResult,
    constraint: getZodConstraint(mobileVerifySchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: mobileVerifySchema }),
  });
  const [resend] = useForm({ id: "mobile-resend", lastResult: resendResult });
  const busy = useNavigation().state === "submitting";
  const i18n = useI18n();
  const formRef = useRef<HTMLFormElement>(null);
  useWebOtp(formRef, fields.code.name);
  return (
    <>
      <Form ref={formRef} method="post" action={action} id={form.id} onSubmit={form.onSubmit} noValidate={form.noValidate} className="mt-6 space-y-4">
        {sent && (
          <p role="status" className="rounded-md bg-brand-50 p-3 text-sm">
            {i18n._(sent)}
          </p>
        )}
        <FormErrors errors={form.errors} id={form.errorId} />
        <input type="hidden" {...mobileSignIn.intent("verify-code")} />
        <input type="hidden" name={mobileSignIn.field("verify-code", "mobile")} value={mobile} />
        <ReturnTo intent="verify-code" returnTo={returnTo} />
        <Field meta={fields.code} label={i18n._(MOBILE_MESSAGES.codeLabel)} autoComplete="one-time-code" inputMode="numeric" />
        {/* Adding a number in My Account; a sign-in asks on the new account's step, an existing account keeps its choice. */}
        {action === mobileAccount.action && <SmsUpdatesBox meta={fields.sms_updates} />}
        <button type="submit" className={submitButton} disabled={busy}>
          {busy ? i18n._("Signing in…") : i18n._(MOBILE_MESSAGES.verify)}
        </button>
      </Form>
      {/* A code stops working after 5 wrong tries or 10 minutes: the way to another one. */}
      <Form method="post" action={action} id={resend.id} className="mt-4 space-y-2">
        <FormErrors errors={resend.errors} id={resend.errorId} />
        <input type="hidden" {...mobileSignIn.intent("send-code")} />
        <input type="hidden" name={mobileSignIn.field("send-code", "mobile")} value={mobile} />
        <input type="hidden" name={mobileSignIn.field("send-code", "from")} value="code" />
        <ReturnTo intent="send-code" returnTo={returnTo} />
        <p className="flex flex-wrap gap-x-4 gap-y-2 text-sm">
          <button type="submit" className="font-medium text-brand-700 underline" disabled={busy}>
            {i18n._(MOBILE_MESSAGES.sendAgain)}
          </button>
          <Link to={action ?? `${mobileSignIn.action}?return_to=${encodeURIComponent(returnTo)}`} className="font-medium text-brand-700 underline">
            {i18n._("Use another number")}
          </Link>
        </p>
      </Form>
    </>
  );
}

export function NameStep({ mobile, code, returnTo, lastResult }: { mobile: string; code: string; returnTo: string; lastResult: LastResult }) {
  const [form, fields] = useForm({
    id: "mobile-name",
    lastResult,
    constraint: getZodConstraint(createSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: createSchema }),
  });
  const busy = useNavigation().state === "submitting";
  const i18n = useI18n();
  return (
    <Form method="post" id={form.id} onSubmit={form.onSubmit} noValidate={form.noValidate} className="mt-6 space-y-4">
      <p role="status" className="rounded-md bg-brand-50 p-3 text-sm">
        {i18n._(MOBILE_MESSAGES.newAccount)}
      </p>
      <FormErrors errors={form.errors} id={form.errorId} />
      <input type="hidden" {...mobileSignIn.intent("create-account")} />
      <input type="hidden" name={mobileSignIn.field("create-account", "mobile")} value={mobile} />
      <input type="hidden" name={mobileSignIn.field("create-account", "code")} value={code} />
      <ReturnTo intent="create-account" returnTo={returnTo} />
      <p className="text-sm text-stone-700">{displayMobile(mobile)}</p>
      <Field meta={fields.name} label={i18n._("Name")} autoComplete="name" />
      <Field meta={fields.email} label={i18n._("Email (optional)")} type="email" autoComplete="email" hint={i18n._("For order mails and invoices. You can add it later.")} />
      <SmsUpdatesBox meta={fields.sms_updates} />
      <PrivacyNoticeLink />
      <button type="submit" className={submitButton} disabled={busy}>
        {busy ? i18n._("Creating account…") : i18n._("Create account")}
      </button>
    </Form>
  );
}

/** Chrome on Android reads the code from the SMS (its last line names this site) and the form is sent. */
function useWebOtp(formRef: React.RefObject<HTMLFormElement | null>, fieldName: string) {
  useEffect(() => {
    if (!("OTPCredential" in window)) return;
    const abort = new AbortController();
    navigator.credentials
      .get({ otp: { transport: ["sms"] }, signal: abort.signal } as CredentialRequestOptions)
      .then((credential) => {
        const code = (credential as unknown as { code?: string } | null)?.code;
        const form = formRef.current;
        const input = form?.elements.namedItem(fieldName);
        if (!code || !form || !(input instanceof HTMLInputElement)) return;
        input.value = code;
        form.requestSubmit();
      })
      .catch(() => {});
    return () => abort.abort();
  }, [formRef, fieldName]);
}

/** A way to sign in is added or changed only soon after a sign-in: this ends the session and comes back to `back` (decision 053). */
export function SignInAgain({ back }: { back: SignInAgainBack }) {
  const i18n = useI18n();
  return (
    <Form method="post" action={mobileAccount.action} className="mt-6 space-y-4">
      <p role="status" className="rounded-md bg-amber-50 p-3 text-sm">
        {i18n._(SIGN_IN_AGAIN[back].why)}
      </p>
      <input type="hidden" {...mobileAccount.intent("sign-in-again")} />
      <input type="hidden" name={mobileAccount.field("sign-in-again", "back")} value={back} />
      <button type="submit" className={submitButton}>
        {i18n._(MOBILE_MESSAGES.signInAgainButton)}
      </button>
    </Form>
  );
}
