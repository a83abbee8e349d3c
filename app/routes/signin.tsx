// /signin/*: e-mail and password (AUTH_PROVIDER=local), or Clerk's sign-in (clerk).
// return_to is honoured only for same-origin paths and defaults to /post-auth.
import { useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { Field, FormErrors, submitButton } from "../components/auth/Field.tsx";
import { ACCOUNT_MESSAGES, signInSchema } from "../domain/account.ts";
import { safePath } from "../domain/safe-path.ts";
import { cookies } from "../server/auth/cookies.server.ts";
import { signInWithPassword } from "../server/auth/local.server.ts";
import { customerOf, startSession } from "../server/auth/session.server.ts";
import { clientAddressOf, shopOf } from "../server/context.server.ts";
import { appEnv } from "../server/env.server.ts";
import { store } from "../store-config.ts";
import type { Route } from "./+types/signin";

export async function loader({ url, context }: Route.LoaderArgs) {
  const returnTo = safePath(url.searchParams.get("return_to"), "/post-auth");
  if (customerOf(context)) throw redirect(returnTo, 303);
  const env = appEnv();
  return { returnTo, signupEnabled: env.SIGNUP_ENABLED };
}

export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: signInSchema });
  if (submission.status !== "success") return data(submission.reply({ hideFields: ["password"] }), { status: 400 });
  const { email, password, return_to } = submission.value;
  const shop = shopOf(context);
  const result = await signInWithPassword(shop, email, password, clientAddressOf(context));
  if (!result.ok) {
    const status = result.message === ACCOUNT_MESSAGES.tooManySignIns ? 429 : 401;
    return data(submission.reply({ formErrors: [result.message], hideFields: ["password"] }), { status });
  }
  const cookie = await startSession(shop, result.customer);
  return cookies().toast.redirectWithToast(
    safePath(return_to, "/post-auth"),
    { type: "success", message: ACCOUNT_MESSAGES.welcome(result.customer.name) },
    { status: 303, headers: { "Set-Cookie": cookie } },
  );
}

export default function SignIn({ loaderData, actionData }: Route.ComponentProps) {
  const { returnTo, signupEnabled } = loaderData;
  const [form, fields] = useForm({
    lastResult: actionData,
    constraint: getZodConstraint(signInSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: signInSchema }),
  });
  const busy = useNavigation().state === "submitting";
  const query = `?return_to=${encodeURIComponent(returnTo)}`;
  return (
    <div className="mx-auto max-w-md px-4 py-10">
      <h1 className="text-2xl font-semibold">Sign in</h1>
      <p className="mt-1 text-stone-600">Welcome back to {store.name}.</p>
      <Form method="post" id={form.id} onSubmit={form.onSubmit} noValidate={form.noValidate} aria-describedby={form.errors ? form.errorId : undefined} className="mt-6 space-y-4">
        <FormErrors errors={form.errors} id={form.errorId} />
        <input type="hidden" name="return_to" value={returnTo} />
        <Field meta={fields.email} label="Email" type="email" autoComplete="email" />
        <Field meta={fields.password} label="Password" type="password" autoComplete="current-password" />
        <button type="submit" className={submitButton} disabled={busy}>
          {busy ? "Signing in…" : "Sign in"}
        </button>
      </Form>
      <p className="mt-4 text-sm">
        <Link to="/forgot-password" className="font-medium text-brand-700 underline">
          Forgot password?
        </Link>
      </p>
      {signupEnabled && (
        <p className="mt-2 text-sm text-stone-700">
          New to {store.name}?{" "}
          <Link to={`/signup${query}`} className="font-medium text-brand-700 underline">
            Create an account
          </Link>
        </p>
      )}
    </div>
  );
}

export const meta: Route.MetaFunction = () => [{ title: `Sign in | ${store.name}` }, { name: "robots", content: "noindex" }];
