// /signup/*: name, e-mail, phone and password. SIGNUP_ENABLED=false turns it off. Signing up
// comes back to return_to, else to the page the shopper came from, else home (issue 41).
import { useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { Field, FormErrors, submitButton } from "../components/auth/Field.tsx";
import { signUp } from "../components/forms.ts";
import { ACCOUNT_MESSAGES, signUpSchema } from "../domain/account.ts";
import { refusalOf } from "../domain/form-reply.ts";
import { signUpReturnTo } from "../domain/safe-path.ts";
import { customerOf } from "../server/auth/session.server.ts";
import { appEnv } from "../server/env.server.ts";
import { accountForms } from "../server/forms/account.server.ts";
import { signUpOpen } from "../server/use-cases/sign-up.server.ts";
import type { Route } from "./+types/signup";
import { i18nFor, useI18n } from "../components/i18n.tsx";
import { localeOfMatches, privatePageMeta } from "../components/seo.ts";
import { PrivacyNoticeLink } from "../components/PrivacyNoticeLink.tsx";

export async function loader({ url, request, context }: Route.LoaderArgs) {
  if (!signUpOpen()) throw data(ACCOUNT_MESSAGES.signupDisabled, { status: 404 });
  const returnTo = signUpReturnTo(url.searchParams.get("return_to"), request.headers.get("Referer"), [url.origin, appEnv().publicOrigin]);
  if (customerOf(context)) throw redirect(returnTo, 303);
  return { returnTo };
}

export const action = accountForms.signUp.run;

export default function SignUp({ loaderData, actionData }: Route.ComponentProps) {
  const [form, fields] = useForm({
    lastResult: refusalOf(actionData)?.result,
    constraint: getZodConstraint(signUpSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: signUpSchema }),
  });
  const busy = useNavigation().state === "submitting";
  const i18n = useI18n();
  return (
    <div className="mx-auto max-w-md px-4 py-10">
      <h1 className="text-2xl font-semibold">{i18n._("Create your account")}</h1>
      {/* The post's address names where to come back to: a refused post's page (without JavaScript, the answer to the post) still knows. */}
      <Form
        method="post"
        action={`/signup?return_to=${encodeURIComponent(loaderData.returnTo)}`}
        id={form.id}
        onSubmit={form.onSubmit}
        noValidate={form.noValidate}
        className="mt-6 space-y-4"
      >
        <FormErrors errors={form.errors} id={form.errorId} />
        <input type="hidden" {...signUp.intent("sign-up")} />
        <input type="hidden" name={signUp.field("sign-up", "return_to")} value={loaderData.returnTo} />
        <Field meta={fields.name} label={i18n._("Name")} autoComplete="name" />
        <Field meta={fields.email} label={i18n._("Email")} type="email" autoComplete="email" />
        <Field meta={fields.phone} label={i18n._("Phone")} type="tel" autoComplete="tel" inputMode="tel" />
        <Field meta={fields.password} label={i18n._("Password")} type="password" autoComplete="new-password" hint={i18n._("At least 8 characters.")} />
        <PrivacyNoticeLink />
        <button type="submit" className={submitButton} disabled={busy}>
          {busy ? i18n._("Creating account…") : i18n._("Create account")}
        </button>
      </Form>
      <p className="mt-4 text-sm text-stone-700">
        {i18n._("Already have an account?")}{" "}
        <Link to={`/signin?return_to=${encodeURIComponent(loaderData.returnTo)}`} className="font-medium text-brand-700 underline">
          {i18n._("Sign in")}
        </Link>
      </p>
    </div>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const i18n = i18nFor(localeOfMatches(matches));
  return privatePageMeta(matches, { title: i18n._("Create your account"), description: i18n._("Create an account to shop, keep a wishlist and see your orders."), path: "/signup" });
};
