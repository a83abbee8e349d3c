// The staff's catalogue forms (issue 14): a variant's figures, a category's status, a file
// import, and a variant's photo (decision 041). Prices, stock and the low-stock threshold are
// checked by the same zod rules as a catalogue file (app/domain/catalog-file.ts); an import by
// the same parser and writer as `npm run catalog:import`.
import { z } from "zod";
import { lowStockThreshold, MRP_BELOW_PRICE, parseCatalogFile, rupees, stockCount } from "../../domain/catalog-file.ts";
import { recordId } from "../../domain/form-fields.ts";
import { count } from "../../domain/plural.ts";
import { catalogueFormat, CATALOGUE_MESSAGES } from "../../domain/staff-catalog.ts";
import { rupeesToPaise } from "../../domain/money.ts";
import { PHOTO_MESSAGES } from "../../domain/photo.ts";
import { DEFAULT_WEIGHT_TOLERANCE, soldByWeightOf, validTolerance, validUnitGrams, WEIGHT_MESSAGES } from "../../domain/weight.ts";
import { CatalogImportError, importSummaryText } from "../catalog/import.server.ts";
import { staffOf } from "../access.server.ts";
import { defineForm, intent, Refused } from "./pipeline.server.ts";

/** A typed number checked by one of the catalogue file's rules, its message named by `label`; blank reaches the rule as undefined. */
function figure<T>(schema: z.ZodType<T>, label: string) {
  return z.string({ error: `${label}: required` }).transform((raw, ctx) => {
    const text = raw.trim();
    const parsed = schema.safeParse(text === "" ? undefined : Number(text));
    if (parsed.success) return parsed.data;
    ctx.addIssue({ code: "custom", message: `${label}: ${parsed.error.issues[0]?.message ?? "is not valid"}` });
    return z.NEVER;
  });
}

/** A variant's low-stock threshold (issue 46); blank is null, the shop's default. */
const threshold = figure(lowStockThreshold.optional(), "Low stock below")
  .optional()
  .transform((n) => n ?? null);

const checkbox = z
  .string()
  .optional()
  .transform((v) => v === "on" || v === "true");

/** Grams per pack, blank for a variant sold by the pack. */
const grams = z
  .string()
  .optional()
  .transform((v, ctx) => {
    const text = (v ?? "").trim();
    if (text === "") return null;
    const n = Number(text);
    if (!validUnitGrams(n)) {
      ctx.addIssue({ code: "custom", message: WEIGHT_MESSAGES.badUnit });
      return z.NEVER;
    }
    return n;
  });

const tolerance = z
  .string()
  .optional()
  .transform((v, ctx) => {
    const text = (v ?? "").trim();
    const n = text === "" ? DEFAULT_WEIGHT_TOLERANCE : Number(text);
    if (!validTolerance(n)) {
      ctx.addIssue({ code: "custom", message: WEIGHT_MESSAGES.badTolerance });
      return z.NEVER;
    }
    return n;
  });

const variantFields = z
  .object({
    variant: recordId(CATALOGUE_MESSAGES.noVariant),
    price: figure(rupees, "Price"),
    mrp: figure(rupees, "MRP"),
    on_hand: figure(stockCount, "Stock on hand"),
    in_stock: checkbox,
    weight_grams: grams,
    weight_tolerance: tolerance,
    low_stock_below: threshold,
    seen_price: figure(rupees, "Price"),
    seen_mrp: figure(rupees, "MRP"),
    seen_on_hand: figure(stockCount, "Stock on hand"),
    seen_in_stock: checkbox,
    seen_weight_grams: grams,
    seen_weight_tolerance: tolerance,
    seen_low_stock_below: threshold,
  })
  .refine((v) => v.mrp >= v.price, { message: `MRP: ${MRP_BELOW_PRICE}`, path: ["mrp"] });

const MAX_ERRORS_SHOWN = 10;

export const staffCatalogForm = defineForm({
  action: "/staff/catalogue",
  intents: {
    variant: intent(variantFields, async ({ useCases, context, value }) => {
      const staff = staffOf(context);
      const edit = (price: number, mrp: number, onHand: number, inStock: boolean, unitGrams: number | null, tolerancePercent: number, lowStockBelow: number | null) => ({
        pricePaise: rupeesToPaise(price),
        mrpPaise: rupeesToPaise(mrp),
        onHand,
        inStock,
        byWeight: soldByWeightOf(unitGrams, tolerancePercent),
        lowStockBelow,
      });
      const saved = await useCases.staffCatalog.updateVariant(
        staff.id,
        value.variant,
        edit(value.seen_price, value.seen_mrp, value.seen_on_hand, value.seen_in_stock, value.seen_weight_grams, value.seen_weight_tolerance, value.seen_low_stock_below),
        edit(value.price, value.mrp, value.on_hand, value.in_stock, value.weight_grams, value.weight_tolerance, value.low_stock_below),
      );
      return { toast: { type: "success", message: CATALOGUE_MESSAGES.saved(saved.internalReference) } };
    }),
    // The photo is checked by its content, never by its name or the browser's type (decision 041).
    photo: intent(
      z.object({ variant: recordId(CATALOGUE_MESSAGES.noVariant), photo: z.file({ error: PHOTO_MESSAGES.choose }) }),
      async ({ useCases, context, value }) => {
        const staff = staffOf(context);
        const saved = await useCases.staffCatalog.addVariantPhoto(staff.id, value.variant, new Uint8Array(await value.photo.arrayBuffer()));
        return { toast: { type: "success", message: PHOTO_MESSAGES.saved(saved.internalReference) } };
      },
      // Said beside the file field it is about.
      { onField: { invalid: "photo" } },
    ),
    category: intent(
      z.object({ slug: z.string().trim().min(1, CATALOGUE_MESSAGES.noCategory).max(100, CATALOGUE_MESSAGES.noCategory), status: z.enum(["active", "coming_soon"]) }),
      async ({ useCases, context, value }) => {
        const staff = staffOf(context);
        await useCases.staffCatalog.setCategoryStatus(staff.id, value.slug, value.status);
        return { toast: { type: "success", message: value.status === "coming_soon" ? "The category is now coming soon." : "The category is now active." } };
      },
    ),
    import: intent(z.object({ file: z.file({ error: CATALOGUE_MESSAGES.chooseFile }) }), async ({ useCases, context, value }) => {
      const staff = staffOf(context);
      const format = catalogueFormat(value.file.name);
      if (!format) throw new Refused(CATALOGUE_MESSAGES.fileType, 400, "file");
      if (value.file.size === 0) throw new Refused(CATALOGUE_MESSAGES.chooseFile, 400, "file");
      const parsed = parseCatalogFile(await value.file.text(), format);
      const refuse = (errors: { line: number; reason: string }[]) => {
        const shown = errors.slice(0, MAX_ERRORS_SHOWN).map((e) => `line ${e.line}: ${e.reason}`);
        const more = errors.length > MAX_ERRORS_SHOWN ? ` (and ${errors.length - MAX_ERRORS_SHOWN} more)` : "";
        return new Refused(`${count(errors.length, "problem")} found in ${value.file.name}; nothing was imported. ${shown.join("; ")}${more}`, 400, "file");
      };
      if (!parsed.ok) throw refuse(parsed.errors);
      try {
        const s = await useCases.staffCatalog.importCatalogFile(staff.id, parsed.file, value.file.name);
        return {
          toast: {
            type: "success",
            message: `Imported ${value.file.name}: ${importSummaryText(s)}`,
          },
        };
      } catch (error) {
        if (error instanceof CatalogImportError) throw refuse(error.errors);
        throw error;
      }
    }),
  },
});
