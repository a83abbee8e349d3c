// My Account's 'Delete my account' (issue 48 item 4): what goes and what the law keeps, then the
// password (or a fresh sign-in) and a box ticked by the shopper. A plain form: it works without
// JavaScript; a refusal is said on it, the password never echoed.
import { useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod/v4";
import { Form } from "react-router";
import { deleteAccountSchema, ERASURE_MESSAGES } from "../../domain/privacy/rights.ts";
import { SignInAgain } from "../auth/MobileSignIn.tsx";
import { CheckboxField, Field, FormErrors } from "../auth/Field.tsx";
import { privacy } from "../forms.ts";
import { useI18n } from "../i18n.tsx";

export function DeleteAccount({ proof, refused }: { proof: "password" | "recent" | "sign-in-again" | "elsewhere"; refused: SubmissionResult<string[]> | undefined }) {
  const i18n = useI18n();
  // Checked on the server (the use case knows whether a password is due); the refusal comes back on each field.
  const [form, fields] = useForm<{ password: string; confirm: string }>({ id: "delete-account", lastResult: refused, constraint: getZodConstraint(deleteAccountSchema) });
  return (
    <section aria-labelledby="delete-title" className="mt-10 rounded-lg border border-red-200 p-4">
      <h2 id="delete-title" className="text-lg font-semibold text-red-900">
        {i18n._(ERASURE_MESSAGES.heading)}
      </h2>
      <p className="mt-2 text-sm text-stone-700">{i18n._(ERASURE_MESSAGES.explain)}</p>
      {proof === "elsewhere" ? (
        <p className="mt-3 text-sm">{i18n._(ERASURE_MESSAGES.elsewhere)}</p>
      ) : proof === "sign-in-again" ? (
        <SignInAgain back="/myaccount/privacy" />
      ) : (
        <Form method="post" action={privacy.action} id={form.id} onSubmit={form.onSubmit} noValidate={form.noValidate} className="mt-4 max-w-md space-y-3">
          <FormErrors errors={form.errors} id={form.errorId} />
          <input type="hidden" {...privacy.intent("delete-account")} />
          {proof === "password" && <Field meta={fields.password} label={i18n._(ERASURE_MESSAGES.passwordLabel)} type="password" autoComplete="current-password" />}
          <CheckboxField meta={fields.confirm} label={i18n._(ERASURE_MESSAGES.confirmBox)} />
          <button type="submit" className="rounded-md bg-red-700 px-4 py-2 text-sm font-semibold text-white hover:bg-red-800">
            {i18n._(ERASURE_MESSAGES.button)}
          </button>
        </Form>
      )}
    </section>
  );
}
