import { DEFAULT_WEIGHT_TOLERANCE } from "../../domain/weight.ts";
import { LOW_STOCK_THRESHOLD_DEFAULT } from "../../domain/stock.ts";
import { Form } from "react-router";
import { PHOTO_MESSAGES, PHOTO_SIZES } from "../../domain/photo.ts";
import { onHandOf, type StaffVariant } from "../../domain/staff-catalog.ts";
import { staffCatalog } from "../forms.ts";
import { ProductImage } from "../ui/ProductImage.tsx";

const box = "rounded-md border border-stone-300 px-2 py-1";
const input = `w-24 ${box}`;

/**
 * One variant's price, MRP, stock on hand, in-stock flag, whether it is sold by weight, and below how many for sale the staff
 * dashboard lists it under Low stock (blank: the shop's default). The figures shown go back as
 * `seen_*`: if someone changed the variant meanwhile, the save is refused and the page shows it anew.
 */
export function VariantForm({ variant, back }: { variant: StaffVariant; back: string }) {
  const ref = variant.internalReference;
  const onHand = onHandOf(variant);
  return (
    <Form method="post" action={staffCatalog.action} className="flex flex-wrap items-end gap-3 text-sm" aria-label={`Variant ${ref}`}>
      <input type="hidden" {...staffCatalog.intent("variant")} />
      <input type="hidden" name="redirectTo" value={back} />
      <input type="hidden" name={staffCatalog.field("variant", "variant")} value={variant.id} />
      <input type="hidden" name={staffCatalog.field("variant", "seen_price")} value={variant.pricePaise / 100} />
      <input type="hidden" name={staffCatalog.field("variant", "seen_mrp")} value={variant.mrpPaise / 100} />
      <input type="hidden" name={staffCatalog.field("variant", "seen_on_hand")} value={onHand} />
      {variant.inStock && <input type="hidden" name={staffCatalog.field("variant", "seen_in_stock")} value="on" />}
      <input type="hidden" name={staffCatalog.field("variant", "seen_weight_grams")} value={variant.byWeight?.unitGrams ?? ""} />
      <input type="hidden" name={staffCatalog.field("variant", "seen_weight_tolerance")} value={variant.byWeight?.tolerancePercent ?? ""} />
      <input type="hidden" name={staffCatalog.field("variant", "seen_low_stock_below")} value={variant.lowStockBelow ?? ""} />
      <span className="w-48">
        <span className="font-medium">{ref}</span>
        {variant.attribute && <span className="block text-stone-600">{variant.attribute}</span>}
      </span>
      <label className="flex flex-col">
        Price (₹)
        <input name={staffCatalog.field("variant", "price")} inputMode="decimal" defaultValue={variant.pricePaise / 100} className={input} aria-label={`Price (₹) of ${ref}`} />
      </label>
      <label className="flex flex-col">
        MRP (₹)
        <input name={staffCatalog.field("variant", "mrp")} inputMode="decimal" defaultValue={variant.mrpPaise / 100} className={input} aria-label={`MRP (₹) of ${ref}`} />
      </label>
      <label className="flex flex-col">
        Stock on hand
        <input
          name={staffCatalog.field("variant", "on_hand")}
          inputMode="numeric"
          defaultValue={onHand}
          className={input}
          aria-label={`Stock on hand of ${ref}`}
          aria-describedby={`held-${variant.id}`}
        />
      </label>
      <label className="flex items-center gap-1 pb-1">
        <input type="checkbox" name={staffCatalog.field("variant", "in_stock")} defaultChecked={variant.inStock} aria-label={`${ref} in stock`} />
        In stock
      </label>
      <label className="flex flex-col">
        Sold by weight (g a pack)
        <input
          name={staffCatalog.field("variant", "weight_grams")}
          inputMode="numeric"
          defaultValue={variant.byWeight?.unitGrams ?? ""}
          placeholder="by the pack"
          className={input}
          aria-label={`Grams a pack of ${ref} is sold as (blank: sold by the pack)`}
        />
      </label>
      <label className="flex flex-col">
        Tolerance (%)
        <input
          name={staffCatalog.field("variant", "weight_tolerance")}
          inputMode="numeric"
          defaultValue={variant.byWeight?.tolerancePercent ?? ""}
          placeholder={String(DEFAULT_WEIGHT_TOLERANCE)}
          className={input}
          aria-label={`Weight tolerance (%) of ${ref}`}
        />
      </label>
      <label className="flex flex-col">
        Low stock below
        <input
          name={staffCatalog.field("variant", "low_stock_below")}
          inputMode="numeric"
          defaultValue={variant.lowStockBelow ?? ""}
          placeholder={`${LOW_STOCK_THRESHOLD_DEFAULT} (the shop's default)`}
          // Wide enough to show its placeholder whole.
          className={`w-48 ${box}`}
          aria-label={`Low stock below for ${ref} (blank: the shop's default, ${LOW_STOCK_THRESHOLD_DEFAULT})`}
        />
      </label>
      <button type="submit" className="rounded-md border border-brand-700 px-3 py-1 font-semibold text-brand-800 hover:bg-brand-50" aria-label={`Save ${ref}`}>
        Save
      </button>
      <span id={`held-${variant.id}`} className="pb-1 text-stone-600">
        {variant.held} held by orders · {variant.available} for sale
      </span>
    </Form>
  );
}

/**
 * A variant's photo (decision 041): the picture shoppers see first, and a file to put before it.
 * The shop makes the sizes and formats pages use; the file itself is never shown to anyone.
 */
export function VariantPhotoForm({ variant, back }: { variant: StaffVariant; back: string }) {
  const ref = variant.internalReference;
  return (
    <Form method="post" action={staffCatalog.action} encType="multipart/form-data" className="flex flex-wrap items-end gap-3 text-sm" aria-label={`Photo of ${ref}`}>
      <input type="hidden" {...staffCatalog.intent("photo")} />
      <input type="hidden" name="redirectTo" value={back} />
      <input type="hidden" name={staffCatalog.field("photo", "variant")} value={variant.id} />
      <span className="w-48">
        {variant.image ? (
          <ProductImage
            src={variant.image}
            alt={`The first picture of ${ref}`}
            width={48}
            height={48}
            sizes={PHOTO_SIZES.px(48)}
            loading="lazy"
            className="h-12 w-12 rounded border border-stone-200 object-cover"
          />
        ) : (
          <span className="text-stone-600">No picture yet</span>
        )}
      </span>
      <label className="flex flex-col">
        {PHOTO_MESSAGES.label}
        <input type="file" name={staffCatalog.field("photo", "photo")} accept="image/jpeg,image/png,image/webp" required className="mt-1" aria-label={`Photo file of ${ref}`} />
      </label>
      <button type="submit" className="rounded-md border border-brand-700 px-3 py-1 font-semibold text-brand-800 hover:bg-brand-50" aria-label={`Upload photo of ${ref}`}>
        Upload photo
      </button>
    </Form>
  );
}
