import { Form, useSubmit } from "react-router";
import { PRICE_MAX_DEFAULT, SORT_LABELS, SORTS, type ListingQuery } from "../../domain/listing.ts";
import { useI18n } from "../i18n.tsx";

/** Sort and price range: a GET form, so it works without JavaScript; with it, sorting applies on change. */
export function Filters({ query, base }: { query: ListingQuery; base: string }) {
  const submit = useSubmit();
  const i18n = useI18n();
  return (
    <Form method="get" action={base} className="flex flex-wrap items-end gap-2 text-sm" aria-label={i18n._("Sort and price filter")}>
      {query.search && <input type="hidden" name="search" value={query.search} />}
      {query.category && <input type="hidden" name="category" value={query.category} />}
      {query.sub && <input type="hidden" name="sub" value={query.sub} />}
      <label className="flex flex-col gap-1">
        <span className="font-medium">{i18n._("Sort by")}</span>
        <select
          name="sort"
          defaultValue={query.sort}
          key={query.sort}
          onChange={(e) => submit(e.currentTarget.form, { preventScrollReset: true })}
          className="rounded border border-stone-300 bg-surface px-2 py-1.5"
        >
          {SORTS.map((s) => (
            <option key={s} value={s}>
              {i18n._(SORT_LABELS[s])}
            </option>
          ))}
        </select>
      </label>
      <fieldset className="flex items-end gap-1">
        <legend className="mb-1 font-medium">{i18n._("Price (₹)")}</legend>
        <label className="flex flex-col">
          <span className="sr-only">{i18n._("Minimum price")}</span>
          <input
            type="number"
            name="min"
            min={0}
            step={1}
            inputMode="numeric"
            defaultValue={query.min}
            key={`min${query.min}`}
            className="w-20 rounded border border-stone-300 px-2 py-1.5"
          />
        </label>
        <span aria-hidden="true" className="pb-2">
          –
        </span>
        <label className="flex flex-col">
          <span className="sr-only">{i18n._("Maximum price")}</span>
          <input
            type="number"
            name="max"
            min={0}
            step={1}
            inputMode="numeric"
            defaultValue={query.max}
            key={`max${query.max}`}
            placeholder={String(PRICE_MAX_DEFAULT)}
            className="w-20 rounded border border-stone-300 px-2 py-1.5"
          />
        </label>
      </fieldset>
      <button type="submit" className="rounded bg-brand-700 px-3 py-1.5 font-medium text-white hover:bg-brand-800">
        {i18n._("Apply")}
      </button>
    </Form>
  );
}
