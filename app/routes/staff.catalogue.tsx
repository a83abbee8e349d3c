// /staff/catalogue: find products and change each variant's price, MRP, stock on hand, in-stock
// flag and low-stock threshold (issue 46), or give it a photo (decision 041); mark a category
// coming soon or active; import a catalogue file (issue 14).
// Every form works without JavaScript; every change is audited and reaches every instance.
import { waysIn } from "../server/ways-in.server.ts";
import { Form } from "react-router";
import { ElsewhereNote } from "../components/staff/ElsewhereNote.tsx";
import { ELSEWHERE_MESSAGES } from "../domain/capabilities.ts";
import { CatalogueImport, CategoryStatus } from "../components/staff/CatalogueImport.tsx";
import { VariantForm, VariantPhotoForm } from "../components/staff/VariantForm.tsx";
import { RefusalNotice } from "../components/ui/RefusalNotice.tsx";
import { staffCatalogForm } from "../server/forms/staff-catalog.server.ts";
import type { Route } from "./+types/staff.catalogue";

const RESULTS = 20;

export async function loader({ context, url }: Route.LoaderArgs) {
  const reads = waysIn(context).reads;
  // With the ERP the catalogue is its: the page says so instead of offering forms it would refuse.
  if (!reads.capabilities.staffEditsCatalogue) return { editable: false as const };
  const q = (url.searchParams.get("q") ?? "").slice(0, 100);
  const [products, categories] = await Promise.all([reads.staffCatalog.search(q, RESULTS), reads.staffCatalog.topCategories()]);
  return { editable: true as const, q, products, categories, here: url.pathname + url.search };
}

export const action = staffCatalogForm.run;

export default function StaffCatalogue({ loaderData, actionData }: Route.ComponentProps) {
  if (!loaderData.editable) return <ElsewhereNote title="Catalogue" note={ELSEWHERE_MESSAGES.catalogue} />;
  const { q, products, categories, here } = loaderData;
  return (
    <div className="mt-6 space-y-8">
      <h1 className="text-2xl font-semibold">Catalogue</h1>
      <RefusalNotice reply={actionData} />
      <section aria-labelledby="products-title">
        <h2 id="products-title" className="text-lg font-semibold">
          Products
        </h2>
        <Form method="get" role="search" className="mt-2 flex gap-2 text-sm">
          <label htmlFor="catalogue-q" className="sr-only">
            Find products by name or internal reference
          </label>
          <input id="catalogue-q" name="q" type="search" defaultValue={q} placeholder="Name or internal reference" className="w-72 rounded-md border border-stone-300 px-2 py-1" />
          <button type="submit" className="rounded-md border border-stone-400 px-3 py-1 font-semibold">
            Find
          </button>
        </Form>
        {products.length === 0 ? (
          <p className="mt-3 text-stone-700">No products match “{q}”.</p>
        ) : (
          <ul aria-label="Products" className="mt-3 divide-y divide-stone-200 rounded-lg border border-stone-200">
            {products.map((p) => (
              <li key={p.id} className="space-y-2 p-3">
                <h3 className="font-semibold">
                  {p.title} <span className="text-sm font-normal text-stone-600">{p.categoryPath}</span>
                </h3>
                {p.variants.map((v) => (
                  <div key={v.id} className="space-y-2">
                    <VariantForm
                      key={`${v.id}-${v.pricePaise}-${v.mrpPaise}-${v.available}-${v.held}-${v.inStock}-${v.byWeight?.unitGrams}-${v.byWeight?.tolerancePercent}-${v.lowStockBelow}`}
                      variant={v}
                      back={here}
                    />
                    <VariantPhotoForm key={`${v.id}-${v.image}`} variant={v} back={here} />
                  </div>
                ))}
              </li>
            ))}
          </ul>
        )}
        {products.length === RESULTS && <p className="mt-2 text-sm text-stone-600">The first {RESULTS} matches: narrow the search to find others.</p>}
      </section>
      <section aria-labelledby="categories-title">
        <h2 id="categories-title" className="text-lg font-semibold">
          Categories
        </h2>
        <ul aria-label="Categories" className="mt-2 divide-y divide-stone-200 rounded-lg border border-stone-200">
          {categories.map((c) => (
            <li key={c.slug}>
              <CategoryStatus category={c} />
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="import-title">
        <h2 id="import-title" className="text-lg font-semibold">
          Import a catalogue file
        </h2>
        <p className="text-sm text-stone-600">
          The same file and rules as npm run catalog:import: products and variants by internal_reference; a bad row names its line, and nothing of the file is written.
        </p>
        <CatalogueImport />
      </section>
    </div>
  );
}
