// The queue of changes made offline (issue 26 part 3, decision 051): kept in IndexedDB so they
// outlive the tab, read by the page (to show them and replay them) and by the service worker
// (to replay them by Background Sync when no page is open, and to drop them at sign-out).
// No React here: the worker imports it. The rules are app/domain/offline-queue.ts.
import { inReplayOrder, type QueuedPost } from "../../domain/offline-queue.ts";

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

async function inStore<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await database();
  return new Promise((resolve, reject) => {
    const transaction = db.transaction(STORE, mode);
    const request = work(transaction.objectStore(STORE));
    transaction.oncomplete = () => resolve(request.result);
    transaction.onerror = () => reject(transaction.error ?? new Error("IndexedDB failed"));
    transaction.onabort = () => reject(transaction.error ?? new Error("IndexedDB aborted"));
  });
}

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
  return inReplayOrder(await inStore("readonly", (store) => store.getAll() as IDBRequest<QueuedPost[]>));
}

/** Keeps a post; true when it is new (a replay that got no answer is kept again under its key, in its place). */
export async function keepPost(post: QueuedPost): Promise<boolean> {
  const known = await inStore("readonly", (store) => store.get(post.key) as IDBRequest<QueuedPost | undefined>);
  await inStore("readwrite", (store) => store.put(known ? { ...post, queuedAt: known.queuedAt } : post));
  changed();
  return !known;
}

/** Drops a post the server answered. */
export async function forgetPost(key: string): Promise<void> {
  await inStore("readwrite", (store) => store.delete(key));
  changed();
}

/** Drops every queued post: the person at the browser changed (sign-out, sign-in). */
export async function forgetAllPosts(): Promise<void> {
  await inStore("readwrite", (store) => store.clear());
  changed();
}
