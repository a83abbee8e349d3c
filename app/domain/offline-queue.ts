// Cart and wishlist changes made offline (issue 26 part 3, decision 051), as rules with no
// browser API so they are unit-tested here: which posts may wait for the network, what the page
// says of one waiting, how the waiting ones show in the cart, and what a replay's answer means.
// The queue itself (IndexedDB) is app/offline/post-queue.ts; the server's side of
// the key is app/server/idempotency.server.ts.
import { applyPendingCartChange, type CartEntries, type PendingCartChange } from "./cart.ts";
import { applyPendingWishlistChange, type PendingWishlistChange } from "./wishlist.ts";
import { withoutLocale } from "./i18n/locale.ts";

/** The form field a keyed post carries its key in (the browser fills it as the form is sent). */
export const POST_KEY_FIELD = "idempotency_key";
/** How long the server remembers a key: a queued change older than this is a new change. */
export const POST_KEY_KEEP_MS = 24 * 60 * 60 * 1000;
/** What a key looks like: the browser's random UUID, or any 16 to 64 letters, digits and dashes. */
const KEY = /^[A-Za-z0-9-]{16,64}$/;

/** The key a post carries, or null when it has none (a post without JavaScript) or a malformed one. */
export function postKeyOf(value: unknown): string | null {
  return typeof value === "string" && KEY.test(value) ? value : null;
}

export const CART_ACTION = "/addtocart";
export const WISHLIST_ACTION = "/wishlist";

/** The posts that may wait for the network: small changes whose outcome the shopper sees at once. */
const QUEUEABLE: Readonly<Record<string, readonly string[]>> = {
  [CART_ACTION]: ["add", "increment", "decrement", "remove"],
  [WISHLIST_ACTION]: ["add", "toggle", "remove"],
};

/**
 * The form a post's address names, whatever the page's language: a Hindi page posts to
 * `/hi/addtocart`, the same form as `/addtocart` (issue 41 item 5). The post keeps its own
 * address, so its replay answers in its language.
 */
export function formOf(action: string): string {
  return withoutLocale(action.split("?")[0]!);
}

/** A change kept while the network is away: the form's fields as sent, key included. */
export interface QueuedPost {
  key: string;
  action: string;
  intent: string;
  fields: Record<string, string>;
  /** When it was queued (ms since the epoch): replayed oldest first. */
  queuedAt: number;
}

/**
 * The post as it will be queued, or null when it may not wait: another form, an intent that
 * is not a small cart or wishlist change (a coupon, checkout, an order), or no key (nothing
 * could make its replay happen once only).
 */
export function queueable(action: string, fields: Record<string, string>, now: number): QueuedPost | null {
  const intent = fields.intent ?? "";
  const key = postKeyOf(fields[POST_KEY_FIELD]);
  if (!key || !QUEUEABLE[formOf(action)]?.includes(intent)) return null;
  return { key, action, intent, fields, queuedAt: now };
}

export const QUEUE_MESSAGES = {
  /** On an add waiting for the network (issue 26's words). */
  add: /*i18n*/ "Will be added when you are back online",
  change: /*i18n*/ "Will be changed when you are back online",
  wishlist: /*i18n*/ "Will be saved when you are back online",
  /** A post that may not wait (a coupon, checkout): nothing was sent. */
  notSent: /*i18n*/ "You are offline, so this was not sent. Please try again when you are back online.",
  /** Confirm Order offline: never queued. */
  orderNotPlaced: /*i18n*/ "Your order was not placed: you are offline. Nothing was charged. Please confirm it again when you are back online.",
} as const;

export const REVIEW_ORDER_ACTION = "/revieworder";

/** What the page says of a post that was not sent: an order is never queued, and says so. */
export function notSentMessage(action: string, intent: string | null): string {
  return formOf(action) === REVIEW_ORDER_ACTION && (intent === "place" || intent === "pay") ? QUEUE_MESSAGES.orderNotPlaced : QUEUE_MESSAGES.notSent;
}

/** What the page says of a queued post. */
export function queuedMessage(post: Pick<QueuedPost, "action" | "intent">): string {
  if (formOf(post.action) === WISHLIST_ACTION) return QUEUE_MESSAGES.wishlist;
  return post.intent === "add" ? QUEUE_MESSAGES.add : QUEUE_MESSAGES.change;
}

/**
 * What the queue's store holds under a key: a post waiting, or the mark of one the server
 * answered (`answeredAt`), kept as long as the server remembers the key. The mark is what stops
 * a copy whose answer was lost (a duplicate replay cut off by the network going away) from
 * putting back in the queue a change that was already made (issue 41 item 5).
 */
export type StoredPost = QueuedPost | { key: string; answeredAt: number };

export function isWaiting(stored: StoredPost): stored is QueuedPost {
  return !("answeredAt" in stored);
}

/**
 * How a post that got no answer is kept: new (first kept), again (a replay, in its place), or
 * not at all: already answered, or made before the queue was emptied for a change of who is
 * signed in (its answer lost after that, it is the last person's).
 */
export type KeepOutcome = "new" | "again" | "dropped";

/** The key of the mark that says when the queue was last emptied (shorter than any post's key). */
export const CLEARED_MARK = "cleared";

/** What to store for a post that got no answer, given what the store holds under its key and when the queue was last emptied. */
export function keepDecision(known: StoredPost | undefined, post: QueuedPost, clearedAt = 0): { outcome: KeepOutcome; store: QueuedPost | null } {
  if (post.queuedAt <= clearedAt) return { outcome: "dropped", store: null };
  if (!known) return { outcome: "new", store: post };
  if (!isWaiting(known)) return { outcome: "dropped", store: null };
  return { outcome: "again", store: { ...post, queuedAt: known.queuedAt } };
}

/** A mark of an answered post the store may drop: the server has forgotten its key too. */
export function markExpired(stored: StoredPost, now: number): boolean {
  return !isWaiting(stored) && stored.key !== CLEARED_MARK && now - stored.answeredAt > POST_KEY_KEEP_MS;
}

/** Oldest first: the order the shopper made them in. */
export function inReplayOrder(posts: readonly QueuedPost[]): QueuedPost[] {
  return [...posts].sort((a, b) => a.queuedAt - b.queuedAt || a.key.localeCompare(b.key));
}

/**
 * The cart as the page shows it with the queued changes made: each line a queued post touched
 * is marked `queued` (its stepper waits, and it says so). Posts also in flight (`sending`, by
 * key) count once.
 */
export function withQueuedCart(entries: CartEntries, posts: readonly QueuedPost[], sending: ReadonlySet<string> = new Set()): CartEntries {
  let next = entries;
  for (const post of inReplayOrder(posts)) {
    if (formOf(post.action) !== CART_ACTION || sending.has(post.key)) continue;
    const ref = post.fields.internal_reference;
    next = applyPendingCartChange(next, { intent: post.intent, fields: post.fields } as PendingCartChange);
    if (ref && next[ref]) next = { ...next, [ref]: { ...next[ref], queued: true } };
  }
  return next;
}

/** The wishlist as the page shows it with the queued changes made. */
export function withQueuedWishlist(refs: ReadonlySet<string>, posts: readonly QueuedPost[], sending: ReadonlySet<string> = new Set()): Set<string> {
  let next = new Set(refs);
  for (const post of inReplayOrder(posts)) {
    if (formOf(post.action) !== WISHLIST_ACTION || sending.has(post.key)) continue;
    next = applyPendingWishlistChange(next, { intent: post.intent, fields: post.fields } as PendingWishlistChange);
  }
  return next;
}

/**
 * What a replay's answer means for the queued post: any answer from the server ends it (done,
 * or refused and said in a toast: a refusal would be the same next time); no answer at all (the
 * network, or an answer lost on the way) keeps it for the next time the browser is online, and
 * its key makes that copy change nothing twice. A server that is down (503) is asked again too.
 */
export type ReplayVerdict = "done" | "refused" | "keep";
export function replayVerdict(answer: { status: number } | "no-answer"): ReplayVerdict {
  if (answer === "no-answer") return "keep";
  if (answer.status === 503 || answer.status === 502 || answer.status === 504) return "keep";
  if (answer.status >= 200 && answer.status < 400) return "done";
  return "refused";
}

/** How long the page waits before sending again a queued post that got no answer: 1 s, doubling, at most 30 s. */
export function replayBackoffMs(attempt: number): number {
  return Math.min(30_000, 1000 * 2 ** Math.max(0, attempt));
}
