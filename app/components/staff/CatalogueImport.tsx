import { Form } from "react-router";
import { staffCatalog } from "../forms.ts";

/** A catalogue file (JSON or CSV), imported with the rules of `npm run catalog:import`: all of it or nothing. */
export function CatalogueImport() {
  return (
    <Form method="post" action={staffCatalog.action} encType="multipart/form-data" className="mt-2 flex flex-wrap items-end gap-3 text-sm">
      <input type="hidden" {...staffCatalog.intent("import")} />
      <label className="flex flex-col">
        Catalogue file (.json or .csv)
        <input type="file" name={staffCatalog.field("import", "file")} accept=".json,.csv,application/json,text/csv" required className="mt-1" />
      </label>
      <button type="submit" className="rounded-md bg-brand-700 px-3 py-1.5 font-semibold text-white hover:bg-brand-800">
        Import
      </button>
    </Form>
  );
}

/** A top-level category's status, with the button that flips it. */
export function CategoryStatus({ category }: { category: { slug: string; name: string; status: "active" | "coming_soon" } }) {
  const next = category.status === "active" ? "coming_soon" : "active";
  return (
    <Form method="post" action={staffCatalog.action} className="flex items-center justify-between gap-3 p-2 text-sm">
      <input type="hidden" {...staffCatalog.intent("category")} />
      <input type="hidden" name={staffCatalog.field("category", "slug")} value={category.slug} />
      <input type="hidden" name={staffCatalog.field("category", "status")} value={next} />
      <span>
        <span className="font-medium">{category.name}</span> <span className="text-stone-600">{category.status === "active" ? "Active" : "Coming soon"}</span>
      </span>
      <button
        type="submit"
        className="rounded-md border border-brand-700 px-3 py-1 font-semibold text-brand-800 hover:bg-brand-50"
        aria-label={`${next === "active" ? "Mark active" : "Mark coming soon"}: ${category.name}`}
      >
        {next === "active" ? "Mark active" : "Mark coming soon"}
      </button>
    </Form>
  );
}
