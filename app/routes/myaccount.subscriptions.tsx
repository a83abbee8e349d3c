// /myaccount/subscriptions: the shopper's standing orders (issue 45), each with its next days to
// skip, a pause for a holiday, resume, change and cancel; every control a plain form.
import { titleIn } from "../domain/catalog.ts";
import { waysIn } from "../server/ways-in.server.ts";
import { Link } from "react-router";
import { i18nFor, useI18n } from "../components/i18n.tsx";
import { localeOfMatches, privatePageMeta } from "../components/seo.ts";
import { RefusalNotice } from "../components/ui/RefusalNotice.tsx";
import { SubscriptionCard } from "../components/subscriptions/SubscriptionCard.tsx";
import { firstOpenDay, scheduleStatus, upcoming } from "../domain/subscription.ts";
import { customerIn } from "../server/access.server.ts";
import { subscriptionsForm } from "../server/forms/subscriptions.server.ts";
import { localeIn } from "../server/i18n.server.ts";
import type { Route } from "./+types/myaccount.subscriptions";

/** How many of each subscription's next days the page offers to skip. */
const NEXT_SHOWN = 5;

export async function loader({ context }: Route.LoaderArgs) {
  const { reads, useCases } = waysIn(context);
  // An Autopay link approved whose return never came (closed tab, no JavaScript on Razorpay's side): asked first.
  await useCases.subscriptions.refreshAutopay(customerIn(context));
  const [list, settings] = await Promise.all([reads.subscriptions.list(customerIn(context)), reads.delivery.settings()]);
  const firstDay = firstOpenDay(new Date(), settings.subscriptionCutoffHour);
  const locale = localeIn(context);
  return {
    firstDay,
    offered: reads.capabilities.subscriptions,
    subscriptions: list.map(({ titleHi, startDate, pauses, skips, internalReference: _reference, addressId: _address, paymentMethod: _paid, ...s }) => ({
      ...s,
      title: titleIn(locale, { title: s.title, titleHi }),
      pauses: pauses.filter((p) => p.to >= firstDay),
      skips: skips.filter((d) => d >= firstDay),
      next: upcoming({ start: startDate, frequency: s.frequency, status: scheduleStatus(s), pauses, skips }, firstDay, NEXT_SHOWN),
    })),
  };
}

export const action = subscriptionsForm.run;

export default function Subscriptions({ loaderData, actionData }: Route.ComponentProps) {
  const i18n = useI18n();
  const { subscriptions, firstDay } = loaderData;
  return (
    <section>
      <h1 className="text-2xl font-semibold">{i18n._("Subscriptions")}</h1>
      <RefusalNotice reply={actionData} className="mt-4" />
      {subscriptions.length === 0 ? (
        <p className="mt-4 text-stone-700">
          {loaderData.offered ? (
            <>
              {i18n._("You have no subscriptions. Milk, curd, eggs and staples can come on the days you choose:")}{" "}
              <Link to="/products?category=farm-basket" className="font-medium text-brand-700 underline">
                {i18n._("look for Subscribe on their pages")}
              </Link>
            </>
          ) : (
            i18n._("Subscriptions are not available at this shop yet.")
          )}
        </p>
      ) : (
        <ul aria-label={i18n._("Subscriptions")} className="mt-4 space-y-4">
          {subscriptions.map((s) => (
            <li key={s.id}>
              <SubscriptionCard s={s} firstDay={firstDay} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const i18n = i18nFor(localeOfMatches(matches));
  return privatePageMeta(matches, {
    title: i18n._("Subscriptions"),
    description: i18n._("Your standing orders: skip a day, pause, change or cancel."),
    path: "/myaccount/subscriptions",
  });
};
