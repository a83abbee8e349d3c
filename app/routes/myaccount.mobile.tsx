// /myaccount/mobile: add a verified mobile number to the account (issue 28), so it can sign in
// with it too, or change it soon after a sign-in: the number, then the code sent to it (the
// sign-in's steps, posting here). Later than that, the shopper signs in again first.
import { waysIn } from "../server/ways-in.server.ts";
import { data } from "react-router";
import { CodeStep, NumberStep, SignInAgain } from "../components/auth/MobileSignIn.tsx";
import { mobileAccount } from "../components/forms.ts";
import { i18nFor, useI18n } from "../components/i18n.tsx";
import { localeOfMatches, privatePageMeta } from "../components/seo.ts";
import { refusalOf, typedValue } from "../domain/form-reply.ts";
import { displayMobile, MOBILE_MESSAGES } from "../domain/mobile-sign-in.ts";
import { signedInOf } from "../server/auth/session.server.ts";
import { customerIn } from "../server/access.server.ts";
import { accountForms } from "../server/forms/account.server.ts";
import { mobileSignInOffered, signedInRecently } from "../server/use-cases/mobile-sign-in.server.ts";
import type { Route } from "./+types/myaccount.mobile";

export async function loader({ context }: Route.LoaderArgs) {
  const customer = customerIn(context);
  const reads = waysIn(context).reads;
  if (!mobileSignInOffered(reads)) throw data(MOBILE_MESSAGES.notOffered, { status: 404 });
  // A verified number is changed only soon after a sign-in (decision 053).
  const mayChange = await signedInRecently(reads, signedInOf(context)?.token ?? "");
  return { current: customer.mobile ?? null, mayChange };
}

export const action = accountForms.mobileAccount.run;

export default function AddMobile({ loaderData, actionData }: Route.ComponentProps) {
  const { current, mayChange } = loaderData;
  const i18n = useI18n();
  const next = actionData?.ok ? (actionData.data as unknown as { mobile: string; sent: string }) : null;
  const refusal = refusalOf(actionData);
  const mobile = next?.mobile ?? typedValue(actionData, "mobile");
  const codeStep = next || refusal?.intent === "verify-code" || (refusal?.intent === "send-code" && typedValue(actionData, "from") === "code");
  return (
    <section aria-labelledby="mobile-title" className="max-w-md">
      <h1 id="mobile-title" className="text-2xl font-semibold">
        {current ? i18n._("Change your mobile number") : i18n._("Add a mobile number")}
      </h1>
      {current ? (
        <p className="mt-1 text-sm text-stone-600">{i18n._("Now: {mobile}. We will tell it when the number changes.", { mobile: displayMobile(current) })}</p>
      ) : (
        <p className="mt-1 text-sm text-stone-600">{i18n._("Sign in with it and a code by SMS, as well as with your e-mail.")}</p>
      )}
      {!mayChange ? (
        <SignInAgain back="/myaccount/mobile" />
      ) : codeStep ? (
        <CodeStep
          mobile={mobile ?? ""}
          sent={next?.sent}
          returnTo="/myaccount"
          action={mobileAccount.action}
          lastResult={refusal?.intent === "verify-code" ? refusal.result : undefined}
          resendResult={refusal?.intent === "send-code" ? refusal.result : undefined}
        />
      ) : (
        <NumberStep returnTo="/myaccount" action={mobileAccount.action} lastResult={refusal?.result} mobile={mobile} />
      )}
    </section>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const i18n = i18nFor(localeOfMatches(matches));
  return privatePageMeta(matches, { title: i18n._("Add a mobile number"), description: i18n._("Verify a mobile number to sign in with it."), path: "/myaccount/mobile" });
};
