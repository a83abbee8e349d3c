// What a page's document says of the signed-in shopper: the viewer (header badges, hearts,
// cart controls, deliver-to line) and, on a product page, their review standing. A document
// carries them in one JSON script of their own, not in the loader data (issue 30): the rest of
// a catalogue page is then the same for every shopper, so the page cache's copy can be served
// with only these parts put in (server/splice). Data loads of client-side navigation and
// revalidation still carry them in the loader data, which wins once present.
import { createContext, use } from "react";
import type { ReviewStanding } from "../domain/review.ts";
import type { Viewer } from "../domain/viewer.ts";
import type { AddressView, DeliveryAccount } from "../domain/address.ts";
import type { SlotOffer } from "../domain/delivery.ts";
import type { CartView, PendingPayment } from "../server/shop/port.server.ts";

/** The cart page's own facts: the cart with its totals, and an order waiting for its payment. */
export interface CartPageFacts {
  view: CartView;
  pendingOrder: number | null;
}

/** Review Order's own facts: the cart, the address book, the slots, an order waiting for its payment. */
export interface ReviewOrderFacts {
  cart: CartView;
  addresses: AddressView[];
  deliverTo: AddressView | null;
  selectedId: number | null;
  /** The delivery form's start and e-mail rule for this account (issue 41 item 11). */
  account: DeliveryAccount;
  /** An order waiting for its online payment, and when the page was made (for its time left). */
  pending: (Omit<PendingPayment, "expiresAt"> & { expiresAt: string; now: string }) | null;
  slots: SlotOffer[];
  /** The chosen address's PIN when the shop does not deliver there. */
  unservedPin: string | null;
}

export interface DocumentPersonal {
  viewer: Viewer | null;
  /** On a product page: the shopper's review standing for that product. */
  standing: { productId: number; standing: ReviewStanding } | null;
  /** On the cart page. */
  cart: CartPageFacts | null;
  /** On Review Order. */
  review: ReviewOrderFacts | null;
}

/** A signed-out shopper's personal facts: none (a blank signed-in shopper's are the splice's blankShopper). */
export const SIGNED_OUT: DocumentPersonal = { viewer: null, standing: null, cart: null, review: null };

export const PersonalContext = createContext<DocumentPersonal>(SIGNED_OUT);

export const PERSONAL_SCRIPT_ID = "haat-personal";

/** The script's text: JSON that cannot close the script element. */
export function personalJson(personal: DocumentPersonal): string {
  return JSON.stringify(personal).replace(/</g, "\\u003c");
}

/** In the page's body: the document's personal facts, for the browser to hydrate with. */
export function PersonalScript() {
  const personal = use(PersonalContext);
  return <script type="application/json" id={PERSONAL_SCRIPT_ID} dangerouslySetInnerHTML={{ __html: personalJson(personal) }} />;
}

/** In the browser, before hydration: what the server rendered the page with. */
export function readDocumentPersonal(): DocumentPersonal {
  const text = document.getElementById(PERSONAL_SCRIPT_ID)?.textContent;
  if (!text) return SIGNED_OUT;
  try {
    return { ...SIGNED_OUT, ...(JSON.parse(text) as Partial<DocumentPersonal>) };
  } catch {
    return SIGNED_OUT;
  }
}

/** The document's facts: for a hook to fall back on when the loader data does not carry them. */
export function useDocumentPersonal(): DocumentPersonal {
  return use(PersonalContext);
}

/**
 * A product page's review standing: the loader's when it sent one (a data load), else the
 * document's for this product.
 */
export function useReviewStanding(productId: number, fromLoader: ReviewStanding | null | undefined): ReviewStanding | null {
  const { standing } = useDocumentPersonal();
  if (fromLoader !== undefined) return fromLoader;
  return standing?.productId === productId ? standing.standing : null;
}

/** The cart page's facts: the loader's when it sent them (a data load), else the document's. */
export function useCartPageFacts(fromLoader: CartPageFacts | undefined): CartPageFacts {
  const { cart } = useDocumentPersonal();
  // One or the other is always there: the loader documentCarries() them.
  return (fromLoader ?? cart)!;
}

/** Review Order's facts: the loader's when it sent them (a data load), else the document's. */
export function useReviewOrderFacts(fromLoader: ReviewOrderFacts | undefined): ReviewOrderFacts {
  const { review } = useDocumentPersonal();
  return (fromLoader ?? review)!;
}

// The personal parts of a page: the few places a page differs between shoppers. A render the
// page cache keeps (or a cart page's shell) notes each part's kind and props in page order, so
// a signed-in shopper's page can be that copy with their own parts put in (server/splice). In
// the browser, and in any other render, nothing is noted.
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
