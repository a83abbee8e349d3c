// What a post does when the network is not there (issue 26 part 3, decision 051), with
// JavaScript: the clientAction of the routes whose forms post by fetcher. A small cart or
// wishlist change (app/domain/offline-queue.ts says which) is kept in the queue and sent when
// the browser is back online; anything else (a coupon, checkout, Confirm Order) is not sent and
// the page says so. Without JavaScript a post is a navigation, and the worker shows the offline page.
import { data } from "react-router";
import { notSentMessage, queueable, queuedMessage } from "../../domain/offline-queue.ts";
import type { FormReply } from "../../domain/form-reply.ts";
import { raiseToast } from "../Toaster.tsx";
import { forgetPost, keepPost, SYNC_TAG } from "./post-queue.ts";

interface ClientActionArgs {
  request: Request;
  serverAction: () => Promise<unknown>;
}

/** A fetch that got no answer: the browser is offline, or the answer was lost on the way. */
function noAnswer(error: unknown): boolean {
  return error instanceof TypeError;
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

/** The clientAction of a route whose form `action` is posted to by fetchers. */
export function sendOrKeep(action: string) {
  return async function clientAction({ request, serverAction }: ClientActionArgs) {
    const fields: Record<string, string> = {};
    for (const [name, value] of await request.clone().formData()) if (typeof value === "string") fields[name] = value;
    const post = queueable(action, fields, Date.now());
    try {
      if (navigator.onLine === false) throw new TypeError("offline");
      const answer = await serverAction();
      // Answered (done or refused): a replay of it no longer waits.
      if (post) await forgetPost(post.key).catch(() => undefined);
      return answer;
    } catch (error) {
      if (!noAnswer(error)) throw error;
      const intent = fields.intent ?? null;
      const kept = post ? await keepPost(post).catch(() => null) : null;
      if (post && kept !== null) {
        void askForSync().catch(() => undefined);
        // Said once, when it is first kept: a replay that got no answer stays quiet.
        if (kept) raiseToast(queuedMessage(post), "info");
        return data<FormReply>({ ok: true, intent, message: queuedMessage(post), data: { queued: true } }, { status: NO_NETWORK });
      }
      const notSent = notSentMessage(action, intent);
      return data<FormReply>({ ok: false, intent, error: notSent, toasted: false, result: { status: "error", error: { "": [notSent] } } }, { status: NO_NETWORK });
    }
  };
}
