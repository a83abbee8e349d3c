// /signin/*: e-mail and password (AUTH_PROVIDER=local), or Clerk's sign-in (clerk).
// return_to is honoured only for same-origin paths and defaults to /post-auth.
import { waysIn } from "../server/ways-in.server.ts";
import { useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { lazy, Suspense } from "react";
import { Form, Link, redirect, useNavigation } from "react-router";
import { Field, FormErrors, submitButton } from "../components/auth/Field.tsx";
import { signIn } from "../components/forms.ts";
import { signInSchema } from "../domain/account.ts";
import { refusalOf } from "../domain/form-reply.ts";
import { safePath, signUpReturnTo } from "../domain/safe-path.ts";
import { clerkEnabled, clerkRouteMiddleware, clerkServer } from "../server/auth/clerk.server.ts";
import { customerOf } from "../server/auth/session.server.ts";
import { appEnv } from "../server/env.server.ts";
import { accountForms } from "../server/forms/account.server.ts";
import { signUpOpen } from "../server/use-cases/sign-up.server.ts";
import { mobileSignInOffered } from "../server/use-cases/mobile-sign-in.server.ts";
import { MOBILE_MESSAGES } from "../domain/mobile-sign-in.ts";
import { store } from "../domain/store-config.ts";
import type { Route } from "./+types/signin";
import { i18nFor, useI18n } from "../components/i18n.tsx";
import { localeOfMatches, privatePageMeta } from "../components/seo.ts";

// Only for AUTH_PROVIDER=clerk: a dynamic import, so the local provider's pages never load Clerk.
const ClerkSignIn = lazy(() => import("../components/auth/ClerkSignIn.tsx"));

export const middleware: Route.MiddlewareFunction[] = [clerkRouteMiddleware];

export async function loader(args: Route.LoaderArgs) {
  const { url, context } = args;
  const returnTo = safePath(url.searchParams.get("return_to"), "/post-auth");
  if (customerOf(context)) throw redirect(returnTo, 303);
  const env = appEnv();
  let clerkState: unknown = null;
  if (clerkEnabled()) {
    const { rootAuthLoader } = await clerkServer();
    const state = (await rootAuthLoader(args)) as { clerkState?: unknown } | { data?: { clerkState?: unknown } };
    clerkState = "clerkState" in state ? state.clerkState : (state as { data?: { clerkState?: unknown } }).data?.clerkState;
  }
  // 'Create an account' carries where this page came back to, or else the page before it (issue 41): not /post-auth's empty cart.
  const signUpTo = signUpReturnTo(url.searchParams.get("return_to"), args.request.headers.get("Referer"), [url.origin, env.publicOrigin]);
  return { returnTo, signUpTo, signupEnabled: signUpOpen(env), provider: env.AUTH_PROVIDER, clerkState, mobile: mobileSignInOffered(waysIn(context).reads) };
}

export const action = accountForms.signIn.run;

export default function SignIn({ loaderData, actionData }: Route.ComponentProps) {
  const i18n = useI18n();
  if (loaderData.provider === "clerk") {
    return (
      <div className="mx-auto flex max-w-md justify-center px-4 py-10">
        <Suspense fallback={<p role="status">{i18n._("Loading sign-in…")}</p>}>
          <ClerkSignIn clerkState={loaderData.clerkState} returnTo={loaderData.returnTo} />
        </Suspense>
      </div>
    );
  }
  return <LocalSignIn returnTo={loaderData.returnTo} signUpTo={loaderData.signUpTo} signupEnabled={loaderData.signupEnabled} mobile={loaderData.mobile} actionData={actionData} />;
}

function LocalSignIn({
  returnTo,
  signUpTo,
  signupEnabled,
  mobile,
  actionData,
}: {
  returnTo: string;
  signUpTo: string;
  signupEnabled: boolean;
  mobile: boolean;
  actionData: Route.ComponentProps["actionData"];
}) {
  const [form, fields] = useForm({
    lastResult: refusalOf(actionData)?.result,
    constraint: getZodConstraint(signInSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: signInSchema }),
  });
  const busy = useNavigation().state === "submitting";
  const query = `?return_to=${encodeURIComponent(returnTo)}`;
  const i18n = useI18n();
  return (
    <div className="mx-auto max-w-md px-4 py-10">
      <h1 className="text-2xl font-semibold">{i18n._("Sign in")}</h1>
      <p className="mt-1 text-stone-600">{i18n._("Welcome back to {name}.", { name: store.name })}</p>
      {mobile && (
        <>
          <Link to={`/signin/mobile${query}`} className={`mt-6 block text-center ${submitButton}`}>
            {i18n._(MOBILE_MESSAGES.continueWithMobile)}
          </Link>
          <p className="mt-6 text-center text-sm text-stone-600">{i18n._("or sign in with your e-mail")}</p>
        </>
      )}
      <Form method="post" id={form.id} onSubmit={form.onSubmit} noValidate={form.noValidate} aria-describedby={form.errors ? form.errorId : undefined} className="mt-6 space-y-4">
        <FormErrors errors={form.errors} id={form.errorId} />
        <input type="hidden" {...signIn.intent("sign-in")} />
        <input type="hidden" name={signIn.field("sign-in", "return_to")} value={returnTo} />
        <Field meta={fields.email} label={i18n._("Email")} type="email" autoComplete="email" />
        <Field meta={fields.password} label={i18n._("Password")} type="password" autoComplete="current-password" />
        <button type="submit" className={submitButton} disabled={busy}>
          {busy ? i18n._("Signing in…") : i18n._("Sign in")}
        </button>
      </Form>
      <p className="mt-4 text-sm">
        <Link to="/forgot-password" className="font-medium text-brand-700 underline">
          {i18n._("Forgot password?")}
        </Link>
      </p>
      {signupEnabled && (
        <p className="mt-2 text-sm text-stone-700">
          {i18n._("New to {name}?", { name: store.name })}{" "}
          <Link to={`/signup?return_to=${encodeURIComponent(signUpTo)}`} className="font-medium text-brand-700 underline">
            {i18n._("Create an account")}
          </Link>
        </p>
      )}
    </div>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const i18n = i18nFor(localeOfMatches(matches));
  return privatePageMeta(matches, { title: i18n._("Sign in"), description: i18n._("Sign in to your account to shop, keep a wishlist and see your orders."), path: "/signin" });
};
