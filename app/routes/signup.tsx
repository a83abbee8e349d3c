// /signup/*: name, e-mail, phone and password. SIGNUP_ENABLED=false turns it off.
import { useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { Field, FormErrors, submitButton } from "../components/auth/Field.tsx";
import { ACCOUNT_MESSAGES, signUpSchema } from "../domain/account.ts";
import { safePath } from "../domain/safe-path.ts";
import { cookies } from "../server/auth/cookies.server.ts";
import { allowSignUp } from "../server/auth/local.server.ts";
import { customerOf, startSession } from "../server/auth/session.server.ts";
import { clientAddressOf, shopOf } from "../server/context.server.ts";
import { appEnv } from "../server/env.server.ts";
import { ShopError } from "../server/shop/port.server.ts";
import { store } from "../store-config.ts";
import type { Route } from "./+types/signup";
import { privatePageMeta } from "../components/seo.ts";

function ensureEnabled() {
  const env = appEnv();
  if (!env.SIGNUP_ENABLED || env.AUTH_PROVIDER !== "local") throw data(ACCOUNT_MESSAGES.signupDisabled, { status: 404 });
}

export async function loader({ url, context }: Route.LoaderArgs) {
  ensureEnabled();
  const returnTo = safePath(url.searchParams.get("return_to"), "/post-auth");
  if (customerOf(context)) throw redirect(returnTo, 303);
  return { returnTo };
}

export async function action({ request, context }: Route.ActionArgs) {
  ensureEnabled();
  const submission = parseWithZod(await request.formData(), { schema: signUpSchema });
  if (submission.status !== "success") return data(submission.reply({ hideFields: ["password"] }), { status: 400 });
  const shop = shopOf(context);
  if (!(await allowSignUp(shop, clientAddressOf(context)))) {
    return data(submission.reply({ formErrors: [ACCOUNT_MESSAGES.tooManySignUps], hideFields: ["password"] }), { status: 429 });
  }
  try {
    const customer = await shop.accounts.register(submission.value);
    const cookie = await startSession(shop, customer);
    return cookies().toast.redirectWithToast(
      safePath(submission.value.return_to, "/post-auth"),
      { type: "success", message: ACCOUNT_MESSAGES.welcome(customer.name) },
      { status: 303, headers: { "Set-Cookie": cookie } },
    );
  } catch (error) {
    if (error instanceof ShopError && error.code === "conflict") {
      return data(submission.reply({ fieldErrors: { email: [error.message] }, hideFields: ["password"] }), { status: 409 });
    }
    throw error;
  }
}

export default function SignUp({ loaderData, actionData }: Route.ComponentProps) {
  const [form, fields] = useForm({
    lastResult: actionData,
    constraint: getZodConstraint(signUpSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: signUpSchema }),
  });
  const busy = useNavigation().state === "submitting";
  return (
    <div className="mx-auto max-w-md px-4 py-10">
      <h1 className="text-2xl font-semibold">Create your account</h1>
      <Form method="post" id={form.id} onSubmit={form.onSubmit} noValidate={form.noValidate} className="mt-6 space-y-4">
        <FormErrors errors={form.errors} id={form.errorId} />
        <input type="hidden" name="return_to" value={loaderData.returnTo} />
        <Field meta={fields.name} label="Name" autoComplete="name" />
        <Field meta={fields.email} label="Email" type="email" autoComplete="email" />
        <Field meta={fields.phone} label="Phone" type="tel" autoComplete="tel" inputMode="tel" />
        <Field meta={fields.password} label="Password" type="password" autoComplete="new-password" hint="At least 8 characters." />
        <button type="submit" className={submitButton} disabled={busy}>
          {busy ? "Creating account…" : "Create account"}
        </button>
      </Form>
      <p className="mt-4 text-sm text-stone-700">
        Already have an account?{" "}
        <Link to={`/signin?return_to=${encodeURIComponent(loaderData.returnTo)}`} className="font-medium text-brand-700 underline">
          Sign in
        </Link>
      </p>
    </div>
  );
}

export const meta: Route.MetaFunction = ({ matches }) =>
  privatePageMeta(matches, { title: "Create your account", description: "Create an account to shop, keep a wishlist and see your orders.", path: "/signup" });
