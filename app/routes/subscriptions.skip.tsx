// /subscriptions/skip/:id/:date/:mac: the evening reminder's link (issue 45 item 3). It names one
// delivery of one subscription and proves itself (skip-link.server.ts), so no sign-in is asked;
// the page shows what would be skipped and one button does it (a link preview never skips).
// After the cut-off it says why it can no longer; used again, that it already was.
import { titleIn } from "../domain/catalog.ts";
import { Form, Link, data } from "react-router";
import { waysIn } from "../server/ways-in.server.ts";
import { i18nFor, useI18n } from "../components/i18n.tsx";
import { skipLink } from "../components/forms.ts";
import { localeOfMatches, privatePageMeta } from "../components/seo.ts";
import { RefusalNotice } from "../components/ui/RefusalNotice.tsx";
import { dayText } from "../domain/delivery.ts";
import { formatRupees } from "../domain/money.ts";
import { attributeIn } from "../domain/pack-size.ts";
import { SUBSCRIPTION_MESSAGES } from "../domain/subscription.ts";
import { skipLinkForm } from "../server/forms/subscriptions.server.ts";
import { localeIn } from "../server/i18n.server.ts";
import type { Route } from "./+types/subscriptions.skip";

export async function loader({ context, params }: Route.LoaderArgs) {
  const view = await waysIn(context).useCases.subscriptions.skipLinkView(params);
  if (!view) throw data(null, { status: 404 });
  const s = view.subscription;
  return {
    title: titleIn(localeIn(context), s),
    attribute: s.attribute,
    quantity: s.quantity,
    totalPaise: s.pricePaise * s.quantity,
    date: view.date,
    skipped: view.skipped,
    open: view.open,
    active: s.status === "active",
  };
}

export const action = skipLinkForm.run;

export default function SkipDelivery({ loaderData: d, actionData }: Route.ComponentProps) {
  const i18n = useI18n();
  const done = actionData && "data" in actionData ? (actionData.data as { message: string } | undefined) : undefined;
  const day = dayText(i18n, d.date);
  return (
    <section className="mx-auto max-w-lg px-4 py-10">
      <h1 className="text-2xl font-semibold">{i18n._("Skip a delivery")}</h1>
      <p className="mt-3">
        {d.quantity} × {d.title} {attributeIn(i18n, d.attribute)}, {formatRupees(d.totalPaise)}, {day}
      </p>
      <RefusalNotice reply={actionData} className="mt-4" />
      {done || d.skipped ? (
        <p role="status" className="mt-4 rounded-md bg-green-50 p-3 text-green-900">
          {done ? i18n._(done.message) : i18n._(SUBSCRIPTION_MESSAGES.alreadySkipped(day))}
        </p>
      ) : !d.active ? (
        <p className="mt-4">{i18n._(SUBSCRIPTION_MESSAGES.ended)}</p>
      ) : !d.open ? (
        <p className="mt-4">{i18n._(SUBSCRIPTION_MESSAGES.pastCutoff)}</p>
      ) : (
        <Form method="post" className="mt-4">
          <input type="hidden" {...skipLink.intent("skip")} />
          <button type="submit" className="rounded-md bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800">
            {i18n._("Skip the delivery on {date}", { date: day })}
          </button>
        </Form>
      )}
      <p className="mt-6 text-sm">
        <Link to="/myaccount/subscriptions" className="text-brand-700 underline">
          {i18n._("All your subscriptions")}
        </Link>
      </p>
    </section>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const i18n = i18nFor(localeOfMatches(matches));
  return privatePageMeta(matches, { title: i18n._("Skip a delivery"), description: i18n._("Skip one delivery of a subscription."), path: "/subscriptions/skip" });
};
