// The personal parts of a page (issue 30): the few places a catalogue page differs between
// shoppers. A signed-out render the page cache keeps notes each part's kind and props in page
// order, so a signed-in shopper's page can be the kept copy with their own parts put in
// (server/splice). In the browser, and in any other render, nothing is noted.
import { createContext, use } from "react";

export type PartKind = "header-actions" | "location-line" | "mobile-menu" | "heart" | "cart-controls" | "review-note" | "product-price" | "quantity-note" | "cart-main" | "review-main";

export interface PartRecord {
  kind: PartKind;
  props: Record<string, unknown>;
}

export const PartRecorderContext = createContext<PartRecord[] | null>(null);

/** Notes this part of the page when the render is one the page cache may keep. */
export function useSplicePart(kind: PartKind, props: Record<string, unknown> = {}): void {
  use(PartRecorderContext)?.push({ kind, props });
}
