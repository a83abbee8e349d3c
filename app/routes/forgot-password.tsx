// /forgot-password: a real reset for local accounts (issue 3). Step one sends a 6-digit
// code (10 minutes, 5 tries) by e-mail; step two takes the code and a new password. Step
// one's answer never says whether an e-mail has an account.
import { useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, redirect, useNavigation } from "react-router";
import { Field, FormErrors, submitButton } from "../components/auth/Field.tsx";
import { passwordReset } from "../components/forms.ts";
import { resetConfirmSchema, resetRequestSchema } from "../domain/account.ts";
import { refusalOf, typedValue } from "../domain/form-reply.ts";
import { ownSignIn } from "../server/use-cases/password-sign-in.server.ts";
import { accountForms } from "../server/forms/account.server.ts";
import type { Route } from "./+types/forgot-password";
import { i18nFor, useI18n } from "../components/i18n.tsx";
import { localeOfMatches, privatePageMeta } from "../components/seo.ts";

// Clerk's customers reset their password in Clerk's sign-in.
export function loader() {
  if (!ownSignIn()) throw redirect("/signin", 303);
  return null;
}

export const action = accountForms.passwordReset.run;

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  // The code was sent (the request's answer), or the code step was refused: ask for the code.
  const sent = actionData?.ok ? (actionData.data as unknown as { email: string; sent: string }) : null;
  const refusal = refusalOf(actionData);
  const email = sent?.email ?? (refusal?.intent === "reset" ? typedValue(actionData, "email") : undefined);
  const i18n = useI18n();
  return (
    <div className="mx-auto max-w-md px-4 py-10">
      <h1 className="text-2xl font-semibold">{i18n._("Reset your password")}</h1>
      {email === undefined ? (
        <RequestCode lastResult={refusal?.result} />
      ) : (
        <EnterCode email={email} sent={sent?.sent} lastResult={refusal?.intent === "reset" ? refusal.result : undefined} />
      )}
      <p className="mt-6 text-sm">
        <Link to="/signin" className="font-medium text-brand-700 underline">
          {i18n._("Back to sign in")}
        </Link>
      </p>
    </div>
  );
}

type LastResult = SubmissionResult<string[]> | undefined;

function RequestCode({ lastResult }: { lastResult: LastResult }) {
  const [form, fields] = useForm({
    id: "reset-request",
    lastResult,
    constraint: getZodConstraint(resetRequestSchema),
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: resetRequestSchema }),
  });
  const busy = useNavigation().state === "submitting";
  const i18n = useI18n();
  return (
    <Form method="post" id={form.id} onSubmit={form.onSubmit} noValidate={form.noValidate} className="mt-6 space-y-4">
      <p className="text-stone-700">{i18n._("Enter the e-mail address of your account and we will send you a 6-digit code.")}</p>
      <FormErrors errors={form.errors} id={form.errorId} />
      <input type="hidden" {...passwordReset.intent("request")} />
      <Field meta={fields.email} label={i18n._("Email")} type="email" autoComplete="email" />
      <button type="submit" className={submitButton} disabled={busy}>
        {busy ? i18n._("Sending…") : i18n._("Send code")}
      </button>
    </Form>
  );
}

function EnterCode({ email, sent, lastResult }: { email: string; sent?: string; lastResult: LastResult }) {
  const [form, fields] = useForm({
    id: "reset-confirm",
    lastResult,
    constraint: getZodConstraint(resetConfirmSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: resetConfirmSchema }),
  });
  const busy = useNavigation().state === "submitting";
  const i18n = useI18n();
  // The whole sentence is translated; the address in it stays bold (split where it goes).
  const codeSentTo = i18n._("Code sent to {email}.", { email: "\u0000" }).split("\u0000");
  return (
    <Form method="post" id={form.id} onSubmit={form.onSubmit} noValidate={form.noValidate} className="mt-6 space-y-4">
      {sent && (
        <p role="status" className="rounded-md bg-brand-50 p-3 text-sm">
          {i18n._(sent)}
        </p>
      )}
      <FormErrors errors={form.errors} id={form.errorId} />
      <input type="hidden" {...passwordReset.intent("reset")} />
      <input type="hidden" name={passwordReset.field("reset", "email")} value={email} />
      <p className="text-sm text-stone-700">
        {codeSentTo[0]}
        <strong>{email}</strong>
        {codeSentTo[1]}
      </p>
      <Field meta={fields.code} label={i18n._("6-digit code")} autoComplete="one-time-code" inputMode="numeric" />
      <Field meta={fields.password} label={i18n._("New password")} type="password" autoComplete="new-password" hint={i18n._("At least 8 characters.")} />
      <button type="submit" className={submitButton} disabled={busy}>
        {busy ? i18n._("Saving…") : i18n._("Set new password")}
      </button>
      {/* A code stops working after 5 wrong tries or 10 minutes: the way to another one. */}
      <p className="text-sm">
        <Link to="/forgot-password" className="font-medium text-brand-700 underline">
          {i18n._("Ask for a new code")}
        </Link>
      </p>
    </Form>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const i18n = i18nFor(localeOfMatches(matches));
  return privatePageMeta(matches, { title: i18n._("Reset your password"), description: i18n._("Get a 6-digit code by e-mail and choose a new password."), path: "/forgot-password" });
};
