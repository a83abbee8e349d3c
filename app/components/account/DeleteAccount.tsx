// My Account's 'Delete my account' (issue 48 item 4): what goes and what the law keeps, then the
// password (or a fresh sign-in) and a box ticked by the shopper. A plain form: it works without
// JavaScript; a refusal is said on it, the password never echoed.
import { Form } from "react-router";
import type { SubmissionResult } from "@conform-to/react";
import { ERASURE_MESSAGES } from "../../domain/privacy/rights.ts";
import { SignInAgain } from "../auth/MobileSignIn.tsx";
import { FormErrors } from "../auth/Field.tsx";
import { privacy } from "../forms.ts";
import { useI18n } from "../i18n.tsx";

export function DeleteAccount({ proof, refused }: { proof: "password" | "recent" | "sign-in-again" | "elsewhere"; refused: SubmissionResult<string[]> | undefined }) {
  const i18n = useI18n();
  const errors = [...(refused?.error?.[""] ?? []), ...(refused?.error?.confirm ?? []), ...(refused?.error?.password ?? [])];
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
        <Form method="post" action={privacy.action} className="mt-4 max-w-md space-y-3">
          <FormErrors errors={errors.length ? errors : undefined} id="delete-errors" />
          <input type="hidden" {...privacy.intent("delete-account")} />
          {proof === "password" && (
            <div>
              <label htmlFor="delete-password" className="block text-sm font-medium">
                {i18n._(ERASURE_MESSAGES.passwordLabel)}
              </label>
              <input
                id="delete-password"
                type="password"
                name={privacy.field("delete-account", "password")}
                autoComplete="current-password"
                required
                className="mt-1 block w-full rounded-md border border-stone-300 px-3 py-2"
              />
            </div>
          )}
          <label className="flex items-start gap-2 text-sm">
            <input type="checkbox" name={privacy.field("delete-account", "confirm")} required className="mt-0.5 h-5 w-5" />
            <span>{i18n._(ERASURE_MESSAGES.confirmBox)}</span>
          </label>
          <button type="submit" className="rounded-md bg-red-700 px-4 py-2 text-sm font-semibold text-white hover:bg-red-800">
            {i18n._(ERASURE_MESSAGES.button)}
          </button>
        </Form>
      )}
    </section>
  );
}
