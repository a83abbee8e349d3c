// The queue of changes made offline (issue 26 part 3, decision 051): kept in IndexedDB so they
// outlive the tab, read by the page (to show them and replay them) and by the service worker
// (to replay them by Background Sync when no page is open, and to drop them at sign-out).
// No React here: the worker imports it. The rules are app/domain/offline-queue.ts.
import { CLEARED_MARK, inReplayOrder, isWaiting, keepDecision, markExpired, type KeepOutcome, type QueuedPost, type StoredPost } from "../domain/offline-queue.ts";

const DB = "haat";
const STORE = "queued-posts";
/** The Background Sync tag the page registers and the worker answers. */
export const SYNC_TAG = "haat-queued-posts";
/** Every page and the worker hear of a change to the queue on this channel. */
const CHANNEL = "haat-queued-posts";

let opening: Promise<IDBDatabase> | null = null;
function database(): Promise<IDBDatabase> {
  opening ??= new Promise((resolve, reject) => {
    const request = indexedDB.open(DB, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE, { keyPath: "key" });
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => {
      opening = null;
      reject(request.error ?? new Error("IndexedDB could not be opened"));
    };
  });
  return opening;
}

/** One transaction: `work` may chain requests on the store; resolves with what it returns once the transaction commits. */
async function inStore<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore, done: (value: T) => void) => void): Promise<T> {
  const db = await database();
  return new Promise((resolve, reject) => {
    const transaction = db.transaction(STORE, mode);
    let result: T;
    work(transaction.objectStore(STORE), (value) => (result = value));
    transaction.oncomplete = () => resolve(result);
    transaction.onerror = () => reject(transaction.error ?? new Error("IndexedDB failed"));
    transaction.onabort = () => reject(transaction.error ?? new Error("IndexedDB aborted"));
  });
}

// The keys answered in this page or worker, known before the store says so: a list read a
// moment before the answer never sends such a post again (issue 41 item 5).
const answeredHere = new Set<string>();

const listeners = new Set<() => void>();
let channel: BroadcastChannel | null = null;
function changed() {
  for (const listener of listeners) listener();
  channel?.postMessage("changed");
}

/** Calls `listener` when the queue changes here, in another tab or in the worker. */
export function onQueueChange(listener: () => void): () => void {
  if (!channel && typeof BroadcastChannel === "function") {
    channel = new BroadcastChannel(CHANNEL);
    channel.onmessage = () => {
      for (const l of listeners) l();
    };
  }
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The queued posts, oldest first. */
export async function queuedPosts(): Promise<QueuedPost[]> {
  const stored = await inStore<StoredPost[]>("readonly", (store, done) => {
    const request = store.getAll() as IDBRequest<StoredPost[]>;
    request.onsuccess = () => done(request.result);
  });
  return withoutAnswered(inReplayOrder(stored.filter(isWaiting)));
}

/** `posts` without those answered here since they were read. */
export function withoutAnswered(posts: QueuedPost[]): QueuedPost[] {
  return posts.some((post) => answeredHere.has(post.key)) ? posts.filter((post) => !answeredHere.has(post.key)) : posts;
}

/**
 * Keeps a post that got no answer, in one transaction: new (first kept), again (a replay, in
 * its first place), or not at all when the server already answered a copy of it (the mark
 * forgetPost leaves), so a lost duplicate never puts back a change already made.
 */
export async function keepPost(post: QueuedPost): Promise<KeepOutcome> {
  if (answeredHere.has(post.key)) return "dropped";
  const outcome = await inStore<KeepOutcome>("readwrite", (store, done) => {
    const cleared = store.get(CLEARED_MARK) as IDBRequest<StoredPost | undefined>;
    cleared.onsuccess = () => {
      const read = store.get(post.key) as IDBRequest<StoredPost | undefined>;
      read.onsuccess = () => {
        const mark = cleared.result;
        const decision = keepDecision(read.result, post, mark && !isWaiting(mark) ? mark.answeredAt : 0);
        if (decision.store) store.put(decision.store);
        done(decision.outcome);
      };
    };
  });
  if (outcome !== "dropped") changed();
  return outcome;
}

/** Marks a post the server answered: it leaves the queue and is never kept again. Old marks go. */
export async function forgetPost(key: string): Promise<void> {
  answeredHere.add(key);
  changed();
  const now = Date.now();
  await inStore<void>("readwrite", (store, done) => {
    store.put({ key, answeredAt: now } satisfies StoredPost);
    const all = store.openCursor();
    all.onsuccess = () => {
      const cursor = all.result;
      if (!cursor) return done(undefined);
      if (markExpired(cursor.value as StoredPost, now)) cursor.delete();
      cursor.continue();
    };
  });
  changed();
}

/** Drops every queued post: the person at the browser changed (sign-out, sign-in). A post made before now is never kept after. */
export async function forgetAllPosts(): Promise<void> {
  await inStore<void>("readwrite", (store, done) => {
    store.clear();
    store.put({ key: CLEARED_MARK, answeredAt: Date.now() } satisfies StoredPost);
    done(undefined);
  });
  changed();
}
