// The page's side of the offline queue (issue 26 part 3, decision 051): the queued posts as a
// React store, the key each cart and wishlist post carries and the hidden field that holds it,
// and the replay of the queue when the browser is back online.
import { useEffect, useRef, useState, useSyncExternalStore } from "react";
import { useFetcher } from "react-router";
import { formOf, POST_KEY_FIELD, replayBackoffMs, type QueuedPost } from "../../domain/offline-queue.ts";
import type { FormReply } from "../../domain/form-reply.ts";
import { useRefusalToast } from "../forms.ts";
import { onQueueChange, queuedPosts, withoutAnswered } from "../../offline/post-queue.ts";

const NONE: QueuedPost[] = [];
let snapshot: QueuedPost[] = NONE;
const listeners = new Set<() => void>();
let unsubscribe: (() => void) | null = null;

function publish(posts: QueuedPost[]) {
  if (posts === snapshot) return;
  snapshot = posts;
  for (const listener of listeners) listener();
}

function refresh() {
  // A post answered in this page leaves at once, before the store is read again: a list read a
  // moment earlier must not send it a second time (issue 41 item 5).
  publish(withoutAnswered(snapshot));
  queuedPosts().then(
    (posts) => publish(posts.length ? withoutAnswered(posts) : NONE),
    // No IndexedDB (a private window of an old browser): nothing is ever queued either.
    () => undefined,
  );
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (!unsubscribe) {
    unsubscribe = onQueueChange(refresh);
    refresh();
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      unsubscribe?.();
      unsubscribe = null;
    }
  };
}

/** The posts waiting for the network, oldest first (none on the server and while hydrating). */
export function useQueuedPosts(): QueuedPost[] {
  return useSyncExternalStore(
    subscribe,
    () => snapshot,
    () => NONE,
  );
}

function newKey(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  // randomUUID needs a secure context; a shop on a plain-HTTP address still gets 128 random bits.
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * Gives every form with a key field a new key as it is sent, before React Router reads the
 * form (a capture listener on the document runs before React's own submit handler). One key per
 * press: a replay of that press carries the same one, a second press a new one.
 */
export function stampPostKeys(): () => void {
  const onSubmit = (event: SubmitEvent) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement)) return;
    const field = form.elements.namedItem(POST_KEY_FIELD);
    if (field instanceof HTMLInputElement) field.value = newKey();
  };
  document.addEventListener("submit", onSubmit, true);
  return () => document.removeEventListener("submit", onSubmit, true);
}

/** The hidden field a cart or wishlist form carries its key in: empty without JavaScript (no key, no queue). */
export function PostKeyField() {
  return <input type="hidden" name={POST_KEY_FIELD} defaultValue="" />;
}

/** The fetcher that replays the queue: its pending post counts in the cart as any other (and once). */
export const REPLAY_FETCHER = "queued-post";

/**
 * Sends the queued posts one at a time, oldest first, each through the route's own action
 * (so the cart, the badge and the toasts follow as for any post): when the page opens, when the
 * browser says it is back online, and when the worker's Background Sync asks. A post that gets
 * no answer stays queued (offline-posts.ts) and is sent again after a growing pause.
 */
export function ReplayQueuedPosts() {
  const posts = useQueuedPosts();
  const fetcher = useFetcher<FormReply>({ key: REPLAY_FETCHER });
  useRefusalToast(fetcher);
  const [round, setRound] = useState(0);
  const sent = useRef<{ key: string; round: number } | null>(null);
  // A replay on its way: nothing else is sent until it ends. Not fetcher.state, which says so a
  // render late: two rounds in a row (the browser's 'online' and the worker's sync) sent the same
  // post twice, and the router cut off the first (issue 41 item 5).
  const busy = useRef(false);
  const [ended, setEnded] = useState(0);
  // How many times the first queued post was sent without an answer.
  const attempts = useRef(0);

  useEffect(() => {
    const again = () => setRound((r) => r + 1);
    const onMessage = (event: MessageEvent<{ type?: string }>) => {
      if (event.data?.type === "haat-replay") again();
    };
    window.addEventListener("online", again);
    navigator.serviceWorker?.addEventListener("message", onMessage);
    return () => {
      window.removeEventListener("online", again);
      navigator.serviceWorker?.removeEventListener("message", onMessage);
    };
  }, []);

  useEffect(() => {
    const next = posts[0];
    if (!next || busy.current || navigator.onLine === false) return;
    // Sent in this round and still queued: it got no answer; the next round tries again.
    if (sent.current?.key === next.key && sent.current.round === round) return;
    // Another post first in the queue: the last one was answered, so the pauses start again.
    if (sent.current?.key !== next.key) attempts.current = 0;
    sent.current = { key: next.key, round };
    busy.current = true;
    // The form's route, under this page's language: the router adds its own prefix (/hi), so a
    // Hindi page's change is not sent to /hi/hi/addtocart (issue 41 item 5). The promise ends
    // with the answer, or with none (the router resolves it when it gives up too).
    void fetcher.submit(next.fields, { method: "post", action: formOf(next.action) }).finally(() => {
      busy.current = false;
      setEnded((n) => n + 1);
    });
  }, [posts, fetcher, round, ended]);

  // A replay that got no answer (the network not quite back when the browser said 'online') is
  // sent again after a pause that grows, while the page is open, not left for the next page
  // load (issue 41 item 5). Its key makes a copy that did arrive change nothing twice.
  useEffect(() => {
    const next = posts[0];
    if (!next || busy.current || sent.current?.key !== next.key || sent.current.round !== round) return;
    const timer = setTimeout(() => {
      attempts.current += 1;
      setRound((r) => r + 1);
    }, replayBackoffMs(attempts.current));
    return () => clearTimeout(timer);
  }, [posts, round, ended]);

  return null;
}
