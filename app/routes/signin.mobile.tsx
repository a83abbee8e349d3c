// /signin/mobile: sign in (or up) with a mobile number and a 6-digit code by SMS (issue 28,
// decision 053). Three plain forms on one page: the number, its code, and for a number the shop
// does not know, the new account's name. return_to is honoured as on /signin.
import { waysIn } from "../server/ways-in.server.ts";
import { data, Link, redirect } from "react-router";
import { CodeStep, NameStep, NumberStep } from "../components/auth/MobileSignIn.tsx";
import { i18nFor, useI18n } from "../components/i18n.tsx";
import { localeOfMatches, privatePageMeta } from "../components/seo.ts";
import { refusalOf, typedValue } from "../domain/form-reply.ts";
import { MOBILE_MESSAGES } from "../domain/mobile-sign-in.ts";
import { safePath } from "../domain/safe-path.ts";
import { customerOf } from "../server/auth/session.server.ts";
import { accountForms } from "../server/forms/account.server.ts";
import { mobileSignInOffered } from "../server/use-cases/mobile-sign-in.server.ts";
import type { Route } from "./+types/signin.mobile";

export async function loader({ url, context }: Route.LoaderArgs) {
  // A shop that cannot deliver a code offers no such sign-in (decision 053).
  if (!mobileSignInOffered(waysIn(context).reads)) throw data(MOBILE_MESSAGES.notOffered, { status: 404 });
  const returnTo = safePath(url.searchParams.get("return_to"), "/post-auth");
  if (customerOf(context)) throw redirect(returnTo, 303);
  return { returnTo };
}

export const action = accountForms.mobileSignIn.run;

type Step = { step: "code"; mobile: string; sent: string } | { step: "name"; mobile: string; code: string };

export default function MobileSignIn({ loaderData, actionData }: Route.ComponentProps) {
  const { returnTo } = loaderData;
  const i18n = useI18n();
  const next = actionData?.ok ? (actionData.data as unknown as Step) : null;
  const refusal = refusalOf(actionData);
  const typed = (name: string) => typedValue(actionData, name);
  let step: React.ReactNode;
  if (next?.step === "name" || refusal?.intent === "create-account") {
    step = (
      <NameStep
        mobile={next?.mobile ?? typed("mobile") ?? ""}
        code={next?.step === "name" ? next.code : (typed("code") ?? "")}
        returnTo={returnTo}
        lastResult={next ? undefined : refusal?.result}
      />
    );
  } else if (next?.step === "code" || refusal?.intent === "verify-code" || (refusal?.intent === "send-code" && typed("from") === "code")) {
    step = (
      <CodeStep
        mobile={next?.mobile ?? typed("mobile") ?? ""}
        sent={next?.step === "code" ? next.sent : undefined}
        returnTo={returnTo}
        lastResult={refusal?.intent === "verify-code" ? refusal.result : undefined}
        resendResult={refusal?.intent === "send-code" ? refusal.result : undefined}
      />
    );
  } else {
    step = <NumberStep returnTo={returnTo} lastResult={refusal?.result} mobile={typed("mobile")} />;
  }
  return (
    <div className="mx-auto max-w-md px-4 py-10">
      <h1 className="text-2xl font-semibold">{i18n._("Sign in with your mobile number")}</h1>
      {step}
      <p className="mt-6 text-sm">
        <Link to={`/signin?return_to=${encodeURIComponent(returnTo)}`} className="font-medium text-brand-700 underline">
          {i18n._(MOBILE_MESSAGES.continueWithEmail)}
        </Link>
      </p>
    </div>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const i18n = i18nFor(localeOfMatches(matches));
  return privatePageMeta(matches, {
    title: i18n._("Sign in with your mobile number"),
    description: i18n._("Sign in or create an account with your mobile number and a code by SMS."),
    path: "/signin/mobile",
  });
};
