// /myaccount/notify: the shopper's 'Notify Me' requests still waiting (issue 29), each with Cancel.
import { titleIn } from "../domain/catalog.ts";
import { waysIn } from "../server/ways-in.server.ts";
import { Form, Link } from "react-router";
import { i18nFor, useI18n } from "../components/i18n.tsx";
import { localeOfMatches, privatePageMeta } from "../components/seo.ts";
import { notify } from "../components/forms.ts";
import { ProductImage } from "../components/ui/ProductImage.tsx";
import { attributeIn } from "../domain/pack-size.ts";
import { PHOTO_SIZES } from "../domain/photo.ts";
import { NOTIFY_MESSAGES } from "../domain/stock-request.ts";
import { customerIn } from "../server/access.server.ts";
import { localeIn } from "../server/i18n.server.ts";
import type { Route } from "./+types/myaccount.notify";

export async function loader({ context }: Route.LoaderArgs) {
  const locale = localeIn(context);
  const requests = await waysIn(context).reads.stockRequests.list(customerIn(context));
  return { requests: requests.map(({ titleHi, createdAt, ...r }) => ({ ...r, title: titleIn(locale, { title: r.title, titleHi }), createdAt: createdAt.toISOString() })) };
}

export default function NotifyRequests({ loaderData }: Route.ComponentProps) {
  const i18n = useI18n();
  return (
    <section>
      <h1 className="text-2xl font-semibold">{i18n._(NOTIFY_MESSAGES.title)}</h1>
      {loaderData.requests.length === 0 ? (
        <p className="mt-4 text-stone-700">{i18n._(NOTIFY_MESSAGES.empty)}</p>
      ) : (
        <ul aria-label={i18n._(NOTIFY_MESSAGES.title)} className="mt-4 divide-y divide-stone-200 rounded-lg border border-stone-200">
          {loaderData.requests.map((r) => (
            <li key={r.id} className="flex items-center gap-3 p-3">
              <ProductImage src={r.image} alt="" width={48} height={48} sizes={PHOTO_SIZES.px(48)} className="h-12 w-12 rounded object-cover" />
              <span className="flex-1">
                <Link to={`/product/${r.productId}`} className="font-medium hover:underline">
                  {r.title}
                </Link>{" "}
                <span className="text-sm text-stone-600">{attributeIn(i18n, r.attribute)}</span>
              </span>
              <Form method="post" action={notify.action}>
                <input type="hidden" {...notify.intent("cancel")} />
                <input type="hidden" name={notify.field("cancel", "request")} value={r.id} />
                <input type="hidden" name="redirectTo" value="/myaccount/notify" />
                <button type="submit" className="text-sm font-medium text-red-700 hover:underline" aria-label={i18n._("Cancel the request for {title}", { title: r.title })}>
                  {i18n._(NOTIFY_MESSAGES.cancel)}
                </button>
              </Form>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const i18n = i18nFor(localeOfMatches(matches));
  return privatePageMeta(matches, { title: i18n._(NOTIFY_MESSAGES.title), description: i18n._(NOTIFY_MESSAGES.description), path: "/myaccount/notify" });
};
