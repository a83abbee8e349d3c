// /contact: the contact form with the office details; its action creates a ticket.
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { ContactForm } from "../components/contact/ContactForm.tsx";
import { originOf, pageMeta } from "../components/seo.ts";
import { CONTACT_MESSAGES, contactSchema } from "../domain/contact.ts";
import { customerOf } from "../server/auth/session.server.ts";
import { clientAddressOf, shopOf } from "../server/context.server.ts";
import { finish, firstError, isDataRequest } from "../server/forms.server.ts";
import { CATALOGUE_CACHE_CONTROL } from "../server/page-cache.server.ts";
import { isSpam } from "../server/security/honeypot.server.ts";
import { store } from "../store-config.ts";
import type { Route } from "./+types/contact";

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": CATALOGUE_CACHE_CONTROL });

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  // A bot that fills the hidden field gets nothing, and learns nothing.
  if (await isSpam(form)) return data({ ok: false as const, error: CONTACT_MESSAGES.failed }, { status: 400 });
  const submission = parseWithZod(form, { schema: contactSchema });
  if (submission.status !== "success") return data({ ok: false as const, error: firstError(submission.reply()) }, { status: 400 });
  const shop = shopOf(context);
  if (!(await shop.limits.hit(`contact:${clientAddressOf(context)}`, 5, 15 * 60 * 1000)).allowed) {
    return data({ ok: false as const, error: CONTACT_MESSAGES.tooMany }, { status: 429 });
  }
  const customer = customerOf(context);
  const ticket = await shop.tickets.create({ customer, ...submission.value });
  const url = customer ? `/tickets/${ticket.id}` : `/tickets/${ticket.id}?key=${encodeURIComponent(ticket.key)}`;
  const message = CONTACT_MESSAGES.created(ticket.name);
  if (isDataRequest(request)) return { ok: true as const, ticket: { name: ticket.name, url }, message };
  // Without JavaScript the new ticket's own page answers, with the thanks on top.
  return finish(request, url, { type: "success", message }, { navigate: true });
}

export default function Contact({ actionData }: Route.ComponentProps) {
  const s = store.support;
  return (
    <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 md:grid-cols-[1fr_20rem]">
      <div>
        <h1 className="text-3xl font-semibold">Contact Us</h1>
        <p className="mt-2 text-stone-700">Questions about an order, a hamper for an occasion, or our café and market? Write to us and we will answer within a working day.</p>
        {actionData && !actionData.ok && (
          <p role="alert" className="mt-4 rounded-md bg-red-50 p-3 text-sm text-red-900">
            {actionData.error}
          </p>
        )}
        <div className="mt-6">
          <ContactForm id="contact-page" heading="Send us a message" />
        </div>
      </div>
      <aside aria-labelledby="office-title" className="rounded-lg bg-stone-50 p-5 text-sm">
        <h2 id="office-title" className="text-lg font-semibold">
          Our office
        </h2>
        <p className="mt-2">{store.company.legalName}</p>
        <p className="text-stone-700">{store.company.address}</p>
        <p className="mt-3">
          <span className="font-medium">Support hours:</span> {s.hours}
        </p>
        <p>
          <span className="font-medium">Phone:</span> <a href={`tel:${s.phone.replace(/\s/g, "")}`}>{s.phone}</a>
        </p>
        <p>
          <span className="font-medium">Need help with your order?</span> <a href={`mailto:${s.email}`}>{s.email}</a>
        </p>
      </aside>
    </div>
  );
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({ title: "Contact Us", description: `Write to ${store.name}'s support team about orders, hampers, the café and the market.`, path: "/contact", origin: originOf(matches) });

