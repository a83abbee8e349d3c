// /myaccount: the dashboard: the profile, viewed, then edited (`?edit=1`), then saved.
// The form posts to the account layout (/myaccount), which answers a refusal here.
import { waysIn } from "../server/ways-in.server.ts";
import { useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useNavigation, useOutletContext } from "react-router";
import { ConfirmEmailNotice } from "../components/auth/ConfirmEmailNotice.tsx";
import { Field, FormErrors, submitButton } from "../components/auth/Field.tsx";
import { mobileAccount, profile as profileForm } from "../components/forms.ts";
import { i18nFor, useI18n } from "../components/i18n.tsx";
import { localeOfMatches, privatePageMeta } from "../components/seo.ts";
import { PROFILE_MESSAGES, profileSchema } from "../domain/account.ts";
import { refusalOf } from "../domain/form-reply.ts";
import { customerIn } from "../server/access.server.ts";
import type { AccountOutlet } from "./myaccount.tsx";
import { displayMobile, MOBILE_MESSAGES } from "../domain/mobile-sign-in.ts";
import { mobileSignInOffered } from "../server/use-cases/mobile-sign-in.server.ts";
import type { Route } from "./+types/myaccount._index";

export async function loader({ context, url }: Route.LoaderArgs) {
  const customer = customerIn(context);
  const reads = waysIn(context).reads;
  const [confirmed, sms] = await Promise.all([reads.accounts.emailConfirmed(customer.id), reads.accounts.smsSettings(customer.id)]);
  return {
    profile: { name: customer.name, email: customer.email, phone: customer.phone },
    // The verified number that signs in (issue 28), or whether one can be added.
    mobile: sms.mobile,
    smsUpdates: sms.updates,
    mobileOffered: mobileSignInOffered(reads),
    editing: url.searchParams.get("edit") === "1",
    confirmed,
  };
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { profile, mobile, smsUpdates, mobileOffered, editing, confirmed } = loaderData;
  const refusal = refusalOf(useOutletContext<AccountOutlet>());
  const i18n = useI18n();
  return (
    <section aria-labelledby="profile-title">
      <h1 id="profile-title" className="text-2xl font-semibold">
        {i18n._("My profile")}
      </h1>
      {confirmed || !profile.email ? null : <ConfirmEmailNotice email={profile.email} />}
      {editing || refusal ? (
        <ProfileForm profile={profile} lastResult={refusal?.result} />
      ) : (
        <>
          <dl className="mt-4 grid max-w-md grid-cols-[7rem_1fr] gap-y-2 text-sm">
            <dt className="text-stone-600">{i18n._("Name")}</dt>
            <dd>{profile.name}</dd>
            <dt className="text-stone-600">{i18n._("Email")}</dt>
            <dd>
              {profile.email ?? (
                <Link to="/myaccount/email" className="font-medium text-brand-700 underline">
                  {i18n._("Add an e-mail and password")}
                </Link>
              )}
            </dd>
            <dt className="text-stone-600">{i18n._("Mobile")}</dt>
            <dd>{profile.phone || "—"}</dd>
            {(mobile || mobileOffered) && (
              <>
                <dt className="text-stone-600">{i18n._("Sign-in mobile")}</dt>
                <dd>
                  {mobile ? (
                    <>
                      {displayMobile(mobile)} <span className="text-brand-800">({i18n._("verified")})</span>{" "}
                      {mobileOffered && (
                        <Link to="/myaccount/mobile" className="font-medium text-brand-700 underline">
                          {i18n._("Change")}
                        </Link>
                      )}
                    </>
                  ) : (
                    <Link to="/myaccount/mobile" className="font-medium text-brand-700 underline">
                      {i18n._("Add a mobile number")}
                    </Link>
                  )}
                </dd>
              </>
            )}
            {mobile && (
              <>
                <dt className="text-stone-600">{i18n._(MOBILE_MESSAGES.updatesLabel)}</dt>
                <dd>
                  <Form method="post" action={mobileAccount.action} className="flex flex-wrap items-center gap-x-3">
                    <span>{smsUpdates ? i18n._("On") : i18n._("Off")}</span>
                    <input type="hidden" {...mobileAccount.intent("sms-updates")} />
                    <input type="hidden" name={mobileAccount.field("sms-updates", "on")} value={smsUpdates ? "false" : "true"} />
                    <button
                      type="submit"
                      aria-label={smsUpdates ? i18n._("Turn off order updates by SMS") : i18n._("Turn on order updates by SMS")}
                      className="font-medium text-brand-700 underline"
                    >
                      {smsUpdates ? i18n._("Turn off") : i18n._("Turn on")}
                    </button>
                  </Form>
                </dd>
              </>
            )}
          </dl>
          <Link to="/myaccount?edit=1" className="mt-4 inline-block rounded-md border border-brand-700 px-4 py-2 text-sm font-semibold text-brand-800 hover:bg-brand-50">
            {i18n._("Edit profile")}
          </Link>
        </>
      )}
    </section>
  );
}

function ProfileForm({ profile, lastResult }: { profile: { name: string; email: string | null; phone: string }; lastResult: SubmissionResult<string[]> | undefined }) {
  const [form, fields] = useForm({
    lastResult,
    defaultValue: { name: profile.name, phone: profile.phone },
    constraint: getZodConstraint(profileSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: profileSchema }),
  });
  const busy = useNavigation().state === "submitting";
  const i18n = useI18n();
  return (
    <Form method="post" action={profileForm.action} id={form.id} onSubmit={form.onSubmit} noValidate={form.noValidate} className="mt-4 max-w-md space-y-4">
      <FormErrors errors={form.errors} id={form.errorId} />
      <Field meta={fields.name} label={i18n._("Name")} autoComplete="name" />
      <div>
        <label htmlFor="profile-email" className="block text-sm font-medium">
          {i18n._("Email")}
        </label>
        <input
          id="profile-email"
          value={profile.email ?? ""}
          readOnly
          aria-describedby="profile-email-note"
          className="mt-1 block w-full rounded-md border border-stone-200 bg-stone-50 px-3 py-2 text-stone-600"
        />
        <p id="profile-email-note" className="mt-1 text-xs text-stone-600">
          {i18n._(PROFILE_MESSAGES.emailNotEditable)}
        </p>
      </div>
      <Field meta={fields.phone} label={i18n._("Mobile")} type="tel" autoComplete="tel" inputMode="tel" />
      <div className="flex gap-3">
        <button type="submit" className={submitButton} disabled={busy}>
          {i18n._("Save")}
        </button>
        <Link to="/myaccount" className="rounded-md border border-stone-300 px-4 py-2.5 font-medium">
          {i18n._("Cancel")}
        </Link>
      </div>
    </Form>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const i18n = i18nFor(localeOfMatches(matches));
  return privatePageMeta(matches, { title: i18n._("My Account"), description: i18n._("Your profile: name, e-mail and mobile number."), path: "/myaccount" });
};

export function ErrorBoundary() {
  const i18n = useI18n();
  return (
    <section>
      <h1 className="text-2xl font-semibold">{i18n._("My profile")}</h1>
      <p role="alert" className="mt-3 text-stone-700">
        {i18n._(PROFILE_MESSAGES.loadFailed)}. {i18n._("Please try again in a moment.")}
      </p>
    </section>
  );
}
