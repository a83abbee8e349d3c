// /myaccount/mobile: add a verified mobile number to the account (issue 28), so it can sign in
// with it too: the number, then the code sent to it. The sign-in's steps, posting here.
import { data, redirect } from "react-router";
import { CodeStep, NumberStep } from "../components/auth/MobileSignIn.tsx";
import { mobileAccount } from "../components/forms.ts";
import { i18nFor, useI18n } from "../components/i18n.tsx";
import { localeOfMatches, privatePageMeta } from "../components/seo.ts";
import { refusalOf, typedValue } from "../domain/form-reply.ts";
import { MOBILE_MESSAGES } from "../domain/mobile-sign-in.ts";
import { customerIn } from "../server/access.server.ts";
import { shopOf } from "../server/context.server.ts";
import { accountForms } from "../server/forms/account.server.ts";
import { mobileSignInOffered } from "../server/use-cases/mobile-sign-in.server.ts";
import type { Route } from "./+types/myaccount.mobile";

export function loader({ context }: Route.LoaderArgs) {
  const customer = customerIn(context);
  if (!mobileSignInOffered(shopOf(context))) throw data(MOBILE_MESSAGES.notOffered, { status: 404 });
  // A verified number stays as it is here: My Account shows it.
  if (customer.mobile) throw redirect("/myaccount", 303);
  return null;
}

export const action = accountForms.mobileAccount.run;

export default function AddMobile({ actionData }: Route.ComponentProps) {
  const i18n = useI18n();
  const next = actionData?.ok ? (actionData.data as unknown as { mobile: string; sent: string }) : null;
  const refusal = refusalOf(actionData);
  const mobile = next?.mobile ?? typedValue(actionData, "mobile");
  const codeStep = next || refusal?.intent === "verify-code" || (refusal?.intent === "send-code" && typedValue(actionData, "from") === "code");
  return (
    <section aria-labelledby="mobile-title" className="max-w-md">
      <h1 id="mobile-title" className="text-2xl font-semibold">
        {i18n._("Add a mobile number")}
      </h1>
      <p className="mt-1 text-sm text-stone-600">{i18n._("Sign in with it and a code by SMS, as well as with your e-mail.")}</p>
      {codeStep ? (
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
