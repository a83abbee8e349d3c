// Recording a breach of personal data (issue 48 item 6): what, where, when, which data and whose,
// and what the notices say of its consequences and remedies. A plain post to /staff/breaches;
// checked on the server, a refusal comes back with a message on each field and what was typed.
import { getCollectionProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "react-router";
import { PERSONAL_DATA } from "../../domain/privacy/personal-data.ts";
import { FormErrors } from "../auth/Field.tsx";
import { staffBreaches } from "../forms.ts";
import { FieldError, StaffField } from "./StaffField.tsx";

type Name = "what" | "location" | "found_at" | "occurred_at" | "items" | "whose" | "people" | "consequences" | "mitigation" | "safety" | "cause" | "prevention";

export function BreachForm({ lastResult }: { lastResult: SubmissionResult<string[]> | undefined }) {
  const [form, fields] = useForm<Record<Exclude<Name, "items">, string> & { items: string[] }>({
    id: "breach-record",
    lastResult,
    defaultValue: { whose: "listed" },
    // Checked on the server (the staff's pages ship no zod).
  });
  const busy = useNavigation().formData?.get("intent") === "record";
  const items = getCollectionProps(fields.items, { type: "checkbox", options: PERSONAL_DATA.map((item) => item.key) });
  const whose = getCollectionProps(fields.whose, { type: "radio", options: ["listed", "everyone"] });
  return (
    <section aria-labelledby="breach-record-title">
      <h2 id="breach-record-title" className="text-lg font-semibold">
        Record a breach
      </h2>
      <p className="mt-1 max-w-3xl text-sm text-stone-700">
        Record it as soon as you know of it: the shoppers it touched are told without delay, and the Data Protection Board within 72 hours of the shop becoming aware (DPDP Rules, rule
        7). What you write here is what they read.
      </p>
      <Form method="post" action={staffBreaches.action} id={form.id} onSubmit={form.onSubmit} noValidate={form.noValidate} className="mt-3 max-w-3xl space-y-4">
        <FormErrors errors={form.errors} id={form.errorId} />
        <input type="hidden" {...staffBreaches.intent("record")} />
        <div className="grid gap-4 sm:grid-cols-2">
          <StaffField meta={fields.what} label="What happened" hint="Its nature and extent, in plain words: the shoppers read this." rows={3} />
          <StaffField meta={fields.location} label="Where it happened" hint="A system, a provider, a device or a place." />
          <div />
          <StaffField meta={fields.found_at} label="When the shop found it" type="datetime-local" hint="India time. The Board's 72 hours run from here." />
          <StaffField meta={fields.occurred_at} label="When it happened (if known)" type="datetime-local" hint="India time." />
          <fieldset className="text-sm sm:col-span-2" aria-describedby={fields.items.errors?.length ? fields.items.errorId : undefined}>
            <legend className="font-medium">The data it touched</legend>
            <div className="mt-1 grid gap-1 sm:grid-cols-2">
              {items.map(({ key, ...props }) => (
                <label key={key} className="flex items-start gap-2">
                  <input {...props} className="mt-1" />
                  <span>{PERSONAL_DATA.find((item) => item.key === props.value)!.what.en}</span>
                </label>
              ))}
            </div>
            <FieldError meta={fields.items} />
          </fieldset>
          <fieldset className="text-sm sm:col-span-2">
            <legend className="font-medium">Whose data</legend>
            {whose.map(({ key, ...props }) => (
              <label key={key} className="mr-6 inline-flex items-center gap-2">
                <input {...props} />
                {props.value === "everyone" ? "Every shopper" : "These shoppers"}
              </label>
            ))}
            <FieldError meta={fields.whose} />
          </fieldset>
          <StaffField meta={fields.people} label="Their e-mails or mobile numbers" hint="One per line. Leave empty for every shopper." rows={4} />
          <StaffField meta={fields.consequences} label="What it may mean for them" rows={3} />
          <StaffField meta={fields.mitigation} label="What the shop has done" hint="To stop it and to limit the harm." rows={3} />
          <StaffField meta={fields.safety} label="What they can do" hint="For example: change the password, watch for calls claiming to be the shop." rows={3} />
          <StaffField meta={fields.cause} label="Who caused it, if known (for the Board)" rows={3} />
          <StaffField meta={fields.prevention} label="What stops it happening again (for the Board)" rows={3} />
        </div>
        <button type="submit" className="rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800 disabled:cursor-wait disabled:opacity-70" disabled={busy}>
          Record the breach
        </button>
      </Form>
    </section>
  );
}
