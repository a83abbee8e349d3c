// The signed-in shopper as every page sees them (the root loader's `viewer`), and the
// optimistic views of their cart and wishlist while fetcher posts are in flight.
import { useFetchers, useLocation, useRouteLoaderData } from "react-router";
import { applyPendingCartChange, entriesCount, type CartEntries } from "../domain/cart.ts";
import type { FormReply } from "../domain/form-reply.ts";
import type { Viewer } from "../domain/viewer.ts";
import type { Locale } from "../domain/i18n/locale.ts";
import type { HindiFont } from "../domain/i18n/devanagari-font.ts";
import type { LiteMode } from "../domain/lite-mode.ts";
import { applyPendingWishlistChange } from "../domain/wishlist.ts";
import { cart, wishlist, type FormHandle } from "./forms.ts";
import { POST_KEY_FIELD, withQueuedCart, withQueuedWishlist } from "../domain/offline-queue.ts";
import { useQueuedPosts } from "./offline/QueuedPosts.tsx";
import { useDocumentPersonal } from "./splice-protocol.tsx";

export type { Viewer };

export interface RootData {
  /** The page's language (issue 27): Hindi under /hi. */
  locale: Locale;
  /** Hindi pages' font (domain/i18n/devanagari-font.ts); null on English pages. */
  font: HindiFont | null;
  /** Hindi pages' compiled messages (a fingerprinted asset) for the page's script; null on English pages. */
  catalogue: string | null;
  /** Hindi pages' script that reads the messages (its chunk's URL, preloaded beside the page's own); null on English pages. */
  reader: string | null;
  /** Only in a data load's answer: a document's viewer is in its own script (components/splice-protocol.tsx). */
  viewer?: Viewer | null;
  toast: { id: string; message: string; type: "success" | "error" | "info" | "warning" } | null;
  /** The request's origin, for absolute links in meta tags. */
  origin: string;
  /** The honeypot fields of the contact and newsletter forms (remix-utils). */
  honeypot: { nameFieldName: string; validFromFieldName: string | null; encryptedValidFrom: string };
  /** A layout form's refused plain post, answered on the page it came from (the footer's newsletter). */
  flashed: { form: string; reply: FormReply } | null;
  /** Whether card and UPI are offered (Razorpay's keys are set) and the prepaid discount they get (decision 031). */
  payments: { online: boolean; prepaidPercent: number };
  /** Whether 'Use my location' can name a place (GEOCODER_URL is set). */
  geocoder: boolean;
  /** The map for picking a new address's point (MAP_TILES_URL with GEOCODER_URL), or null for plain fields. */
  map: { tiles: string; attribution: string } | null;
  /** Lite mode (issue 26): Save-Data, or the footer's choice. */
  lite: LiteMode;
}

/** The honeypot's fields where no loader gave any (an error page; a part rendered on its own): the field, no time. */
export const NO_HONEYPOT: RootData["honeypot"] = { nameFieldName: "website_url", validFromFieldName: null, encryptedValidFrom: "" };

type Matches = readonly ({ id: string; loaderData?: unknown } | undefined)[];

/** The page's language, from the root loader's data (for `meta`). */
export function localeOfMatches(matches: Matches): Locale {
  return (matches.find((m) => m?.id === "root")?.loaderData as Partial<RootData> | undefined)?.locale ?? "en";
}

/** The request's origin, from the root loader's data (for `meta`): no page's own loader needs to return it. */
export function originOf(matches: Matches): string {
  return (matches.find((m) => m?.id === "root")?.loaderData as Partial<RootData> | undefined)?.origin ?? "";
}

export function useRootData(): RootData {
  return useRouteLoaderData("root") as RootData;
}

/** Whether card and UPI are offered, and their prepaid discount. */
export function usePaymentOffer(): RootData["payments"] {
  return useRootData()?.payments ?? { online: false, prepaidPercent: 0 };
}

/** Whether the page is in Lite mode: smaller pictures, nothing that moves or loads by itself. */
export function useLiteMode(): LiteMode {
  return useRootData()?.lite ?? { on: false, why: null };
}

/** The signed-in shopper: from the root's latest data load, else as the document was rendered. */
export function useViewer(): Viewer | null {
  const root = useRootData();
  const document = useDocumentPersonal();
  return root && "viewer" in root ? (root.viewer ?? null) : document.viewer;
}

/** The pending posts of one form, read through its declaration's types, and the keys of those being sent. */
function usePending<F>(form: FormHandle<F>) {
  const fetchers = useFetchers().filter((f) => f.formData && f.formAction === form.action);
  const sending = new Set(fetchers.map((f) => String(f.formData!.get(POST_KEY_FIELD) ?? "")));
  return { changes: fetchers.map((f) => form.read(f.formData!)).filter((p) => p !== null), sending };
}

/** The cart as it will be once queued and pending posts land: what badges and steppers show. */
export function useCartEntries(): CartEntries {
  const viewer = useViewer();
  const pending = usePending(cart);
  const queued = useQueuedPosts();
  let entries = viewer?.cart ?? {};
  if (!viewer) return entries;
  entries = withQueuedCart(entries, queued, pending.sending);
  for (const change of pending.changes) entries = applyPendingCartChange(entries, change);
  return entries;
}

export function useCartCount(): number {
  return entriesCount(useCartEntries());
}

export function useWishlistRefs(): Set<string> {
  const viewer = useViewer();
  const pending = usePending(wishlist);
  const queued = useQueuedPosts();
  let refs = new Set(Object.keys(viewer?.wishlist ?? {}));
  if (!viewer) return refs;
  refs = withQueuedWishlist(refs, queued, pending.sending);
  for (const change of pending.changes) refs = applyPendingWishlistChange(refs, change);
  return refs;
}

/** Where a form should send the shopper back to: this page, at `anchor` when given (a card's id). */
export function useHere(anchor?: string): string {
  const location = useLocation();
  return location.pathname + location.search + (anchor ? `#${anchor}` : "");
}
