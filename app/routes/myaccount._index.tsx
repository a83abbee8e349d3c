// /myaccount: the dashboard: the profile, viewed, then edited (`?edit=1`), then saved.
import { useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, useNavigation } from "react-router";
import { Field, FormErrors, submitButton } from "../components/auth/Field.tsx";
import { PROFILE_MESSAGES, profileSchema } from "../domain/account.ts";
import { requireCustomer } from "../server/auth/session.server.ts";
import { shopOf } from "../server/context.server.ts";
import { finish } from "../server/forms.server.ts";
import { ShopError } from "../server/shop/port.server.ts";
import { store } from "../store-config.ts";
import type { Route } from "./+types/myaccount._index";
import { privatePageMeta } from "../components/seo.ts";

export function loader({ context, url }: Route.LoaderArgs) {
  const customer = requireCustomer(context, "/myaccount");
  return { profile: { name: customer.name, email: customer.email, phone: customer.phone }, editing: url.searchParams.get("edit") === "1" };
}

export async function action({ request, context }: Route.ActionArgs) {
  const customer = requireCustomer(context, "/myaccount");
  const submission = parseWithZod(await request.formData(), { schema: profileSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  try {
    await shopOf(context).accounts.updateProfile(customer, submission.value);
  } catch (error) {
    console.error(error);
    const reason = error instanceof ShopError ? error.message : "please try again in a moment.";
    return finish(request, "/myaccount", { type: "error", message: PROFILE_MESSAGES.updateFailed(reason) }, { navigate: true });
  }
  return finish(request, "/myaccount", { type: "success", message: PROFILE_MESSAGES.updated }, { navigate: true });
}

export default function Dashboard({ loaderData, actionData }: Route.ComponentProps) {
  const { profile, editing } = loaderData;
  return (
    <section aria-labelledby="profile-title">
      <h1 id="profile-title" className="text-2xl font-semibold">
        My profile
      </h1>
      {editing || actionData ? (
        <ProfileForm profile={profile} lastResult={actionData && "status" in actionData ? actionData : undefined} />
      ) : (
        <>
          <dl className="mt-4 grid max-w-md grid-cols-[7rem_1fr] gap-y-2 text-sm">
            <dt className="text-stone-600">Name</dt>
            <dd>{profile.name}</dd>
            <dt className="text-stone-600">Email</dt>
            <dd>{profile.email}</dd>
            <dt className="text-stone-600">Mobile</dt>
            <dd>{profile.phone || "—"}</dd>
          </dl>
          <Link to="/myaccount?edit=1" className="mt-4 inline-block rounded-md border border-brand-700 px-4 py-2 text-sm font-semibold text-brand-800 hover:bg-brand-50">
            Edit profile
          </Link>
        </>
      )}
    </section>
  );
}

function ProfileForm({ profile, lastResult }: { profile: { name: string; email: string; phone: string }; lastResult: Parameters<typeof useForm>[0]["lastResult"] }) {
  const [form, fields] = useForm({
    lastResult: lastResult as never,
    defaultValue: { name: profile.name, phone: profile.phone },
    constraint: getZodConstraint(profileSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: profileSchema }),
  });
  const busy = useNavigation().state === "submitting";
  return (
    <Form method="post" id={form.id} onSubmit={form.onSubmit} noValidate={form.noValidate} className="mt-4 max-w-md space-y-4">
      <FormErrors errors={form.errors} id={form.errorId} />
      <Field meta={fields.name} label="Name" autoComplete="name" />
      <div>
        <label htmlFor="profile-email" className="block text-sm font-medium">
          Email
        </label>
        <input id="profile-email" value={profile.email} readOnly aria-describedby="profile-email-note" className="mt-1 block w-full rounded-md border border-stone-200 bg-stone-50 px-3 py-2 text-stone-600" />
        <p id="profile-email-note" className="mt-1 text-xs text-stone-600">
          {PROFILE_MESSAGES.emailNotEditable}
        </p>
      </div>
      <Field meta={fields.phone} label="Mobile" type="tel" autoComplete="tel" inputMode="tel" />
      <div className="flex gap-3">
        <button type="submit" className={submitButton} disabled={busy}>
          Save
        </button>
        <Link to="/myaccount" className="rounded-md border border-stone-300 px-4 py-2.5 font-medium">
          Cancel
        </Link>
      </div>
    </Form>
  );
}

export const meta: Route.MetaFunction = ({ matches }) =>
  privatePageMeta(matches, { title: "My Account", description: "Your profile: name, e-mail and mobile number.", path: "/myaccount" });

export function ErrorBoundary() {
  return (
    <section>
      <h1 className="text-2xl font-semibold">My profile</h1>
      <p role="alert" className="mt-3 text-stone-700">
        {PROFILE_MESSAGES.loadFailed}. Please try again in a moment.
      </p>
    </section>
  );
}
