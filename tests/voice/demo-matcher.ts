// The voice matcher on the demo catalogue, indexed as the shop indexes it (with the Hindi names;
// server/shop/catalog.server.ts): the judged phrases' test and `npm run bench:voice` both use it.
import fs from "node:fs";
import { parseCatalogFile } from "../../app/domain/catalog-file.ts";
import { createSearchIndex, searchIds } from "../../app/domain/search.ts";
import { nameMatch } from "../../app/domain/voice-names.ts";
import { matchItems, parseOrderText, type MatchedItem, type VoiceProduct } from "../../app/domain/voice-order.ts";
import { projectPath } from "../../app/server/project-root.server.ts";

const parsed = parseCatalogFile(fs.readFileSync(projectPath("scripts", "demo-catalog.json"), "utf8"), "json");
if (!parsed.ok) throw new Error("the demo catalogue does not parse");

export const demoProducts: VoiceProduct[] = parsed.file.products.map((p, i) => ({
  id: i + 1,
  title: p.title,
  variants: p.variants.map((v) => ({
    internalReference: v.internalReference,
    attribute: v.attribute,
    pricePaise: v.pricePaise,
    images: v.images,
    inStock: v.inStock,
    inventoryStock: v.inventoryStock,
  })),
}));

export const demoIndex = createSearchIndex(
  parsed.file.products.map((p, i) => ({
    id: i + 1,
    title: p.title,
    ...(p.titleHi ? { titleHi: p.titleHi } : {}),
    description: p.shortDesc,
    category: p.categoryPath,
    attributes: p.variants.map((v) => v.attribute),
  })),
);

const byId = new Map(demoProducts.map((p) => [p.id, p]));

/** A list's items as /voicesearch finds them in the demo catalogue. */
export function demoOrder(text: string): MatchedItem[] {
  return matchItems(
    parseOrderText(text),
    (name) => searchIds(demoIndex, name, 5),
    (id) => byId.get(id),
    (name, product) => nameMatch(demoIndex, name, product),
  );
}
