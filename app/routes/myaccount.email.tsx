// /myaccount/email: an e-mail and a password for an account opened with a mobile number (issue 28),
// so it gets order mails and invoices and can sign in either way. The e-mail is confirmed by the
// link mailed to it (decision 047). An account that has an e-mail is told so.
import { waysIn } from "../server/ways-in.server.ts";
import { useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useNavigation } from "react-router";
import { Field, FormErrors, submitButton } from "../components/auth/Field.tsx";
import { addEmail } from "../components/forms.ts";
import { SignInAgain } from "../components/auth/MobileSignIn.tsx";
import { i18nFor, useI18n } from "../components/i18n.tsx";
import { localeOfMatches, privatePageMeta } from "../components/seo.ts";
import { refusalOf } from "../domain/form-reply.ts";
import { addEmailSchema, MOBILE_MESSAGES } from "../domain/mobile-sign-in.ts";
import { customerIn } from "../server/access.server.ts";
import { accountForms } from "../server/forms/account.server.ts";
import { signedInOf } from "../server/auth/session.server.ts";
import { signedInRecently } from "../server/use-cases/mobile-sign-in.server.ts";
import type { Route } from "./+types/myaccount.email";

export async function loader({ context }: Route.LoaderArgs) {
  // Said on the page, not redirected: a refused post renders this page too. A way to sign in is
  // added only soon after a sign-in (decision 053).
  return { email: customerIn(context).email, mayAdd: await signedInRecently(waysIn(context).reads, signedInOf(context)?.token ?? "") };
}

export const action = accountForms.addEmail.run;

export default function AddEmail({ loaderData, actionData }: Route.ComponentProps) {
  const i18n = useI18n();
  return (
    <section aria-labelledby="email-title" className="max-w-md">
      <h1 id="email-title" className="text-2xl font-semibold">
        {i18n._("Add an e-mail and password")}
      </h1>
      <p className="mt-1 text-sm text-stone-600">{i18n._("For order mails and invoices, and to sign in with your e-mail as well as your mobile number.")}</p>
      {loaderData.email ? (
        <p role="status" className="mt-6 rounded-md bg-brand-50 p-3 text-sm">
          {i18n._(MOBILE_MESSAGES.emailAlready)}{" "}
          <Link to="/myaccount" className="font-medium text-brand-700 underline">
            {i18n._("My profile")}
          </Link>
        </p>
      ) : !loaderData.mayAdd ? (
        <SignInAgain back="/myaccount/email" />
      ) : (
        <AddEmailForm lastResult={refusalOf(actionData)?.result} />
      )}
    </section>
  );
}

function AddEmailForm({ lastResult }: { lastResult: SubmissionResult<string[]> | undefined }) {
  const [form, fields] = useForm({
    lastResult,
    constraint: getZodConstraint(addEmailSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: addEmailSchema }),
  });
  const busy = useNavigation().state === "submitting";
  const i18n = useI18n();
  return (
    <>
      <Form method="post" id={form.id} onSubmit={form.onSubmit} noValidate={form.noValidate} className="mt-6 space-y-4">
        <FormErrors errors={form.errors} id={form.errorId} />
        <input type="hidden" {...addEmail.intent("add-email")} />
        <Field meta={fields.email} label={i18n._("Email")} type="email" autoComplete="email" />
        <Field meta={fields.password} label={i18n._("Password")} type="password" autoComplete="new-password" hint={i18n._("At least 8 characters.")} />
        <button type="submit" className={submitButton} disabled={busy}>
          {busy ? i18n._("Saving…") : i18n._("Save e-mail and password")}
        </button>
      </Form>
    </>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const i18n = i18nFor(localeOfMatches(matches));
  return privatePageMeta(matches, {
    title: i18n._("Add an e-mail and password"),
    description: i18n._("Add an e-mail address and a password to your account."),
    path: "/myaccount/email",
  });
};
