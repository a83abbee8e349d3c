// What a post does when the network is not there (issue 26 part 3, decision 051), with
// JavaScript: the root route's client middleware, around every post the page sends. A small
// cart or wishlist change (app/domain/offline-queue.ts says which) that gets no answer is kept
// in the queue and sent when the browser is back online; anything else (a coupon, checkout,
// Confirm Order) is not sent, and the page says so. Middleware on the root rather than a
// clientAction on each route: the root is always loaded, so a post goes out at once and never
// waits for the action route's module. Without JavaScript a post is a navigation, and the
// worker shows the offline page.
import { data, type DataStrategyResult, type MiddlewareFunction } from "react-router";
import { notSentMessage, queueable, queuedMessage, type QueuedPost } from "../../domain/offline-queue.ts";
import { isNoAnswer } from "../../domain/offline.ts";
import type { FormReply } from "../../domain/form-reply.ts";
import { raiseToast } from "../raise-toast.ts";
import { forgetPost, keepPost, SYNC_TAG } from "../../offline/post-queue.ts";

type Results = Record<string, DataStrategyResult>;

/** A fetch that got no answer: the browser is offline, or the answer was lost on the way. */
function noAnswer(result: DataStrategyResult): boolean {
  if (result.type !== "error") return false;
  // Single fetch hands an action's error on inside data(), with the answer's status (none here).
  const error = (result.result as { type?: string; data?: unknown } | null)?.type === "DataWithResponseInit" ? (result.result as { data: unknown }).data : result.result;
  return isNoAnswer(error);
}

/** Background Sync where the browser has it: the worker replays when the network is back, even with the page closed. */
async function askForSync(): Promise<void> {
  const registration = await navigator.serviceWorker?.getRegistration();
  const sync = (registration as (ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }) | undefined)?.sync;
  await sync?.register(SYNC_TAG);
}

// Never on the wire: a status of 400 or more keeps React Router from reloading the page's data
// after the post, which the network could not bring either.
const NO_NETWORK = 503;

/** What the page gets for a post that got no answer: kept in the queue, not sent, or (a copy of one already answered) nothing. */
async function unanswered(action: string, fields: Record<string, string>, post: QueuedPost | null): Promise<DataStrategyResult> {
  const intent = fields.intent ?? null;
  const kept = post ? await keepPost(post).catch(() => null) : null;
  // A copy of a change the shop already made (or one made before the person signed in changed):
  // nothing waits and nothing is said; the page's data is brought up to date.
  if (kept === "dropped") return { type: "data", result: data<FormReply>({ ok: true, intent: intent ?? "", message: null, data: { queued: false } }) };
  if (post && kept !== null) {
    void askForSync().catch(() => undefined);
    // Said once, when it is first kept: a replay that got no answer stays quiet.
    if (kept === "new") raiseToast(queuedMessage(post), "info");
    return { type: "data", result: data<FormReply>({ ok: true, intent, message: queuedMessage(post), data: { queued: true } }, { status: NO_NETWORK }) };
  }
  const notSent = notSentMessage(action, intent);
  return { type: "data", result: data<FormReply>({ ok: false, intent, error: notSent, toasted: false, result: { status: "error", error: { "": [notSent] } } }, { status: NO_NETWORK }) };
}

export const offlinePosts: MiddlewareFunction<Results> = async ({ request }, next) => {
  if (request.method !== "POST") return next();
  // Read before the action sends the body; only a plain form's (the cart's, the hearts',
  // Review Order's): an upload is never queued and is not read twice.
  const fields: Record<string, string> = {};
  if ((request.headers.get("content-type") ?? "").includes("application/x-www-form-urlencoded"))
    for (const [name, value] of new URLSearchParams(await request.clone().text())) fields[name] = value;
  const action = new URL(request.url).pathname;
  const post = queueable(action, fields, Date.now());
  const results = await next();
  // The page itself gave up on this post (the router interrupted it for another): neither an
  // answer nor a loss, so the queue stays as it was. Taken for an answer, it ended a queued
  // change whose copy then got no answer (issue 41 item 5).
  if (request.signal.aborted) return results;
  const lost = Object.entries(results).filter(([, result]) => noAnswer(result));
  if (lost.length === 0) {
    // Answered (done or refused): a replay of it no longer waits.
    if (post) void forgetPost(post.key).catch(() => undefined);
    return results;
  }
  const answer = await unanswered(action, fields, post);
  return { ...results, ...Object.fromEntries(lost.map(([id]) => [id, answer])) };
};
