// A change made once however many times its post arrives (issue 26, decision 051). A browser
// that queued a cart change offline sends it again when it is back online, and again if that
// answer is lost too; each copy carries the key the first was sent with. The first copy makes
// the change and its outcome is kept under the key; a later copy gets that outcome and changes
// nothing. A key is tied to what it was first sent for (issue 41 item 7): the same key with
// another intent or form is refused, never answered with the first one's outcome. The form
// pipeline calls this for a keyed form's post (the cart's and the hearts'); the JSON API takes no key.
import { POST_KEY_KEEP_MS } from "../domain/offline-queue.ts";
import { ShopError, type Customer, type Shop } from "./shop/port.server.ts";

export const ONCE_MESSAGES = {
  stillRunning: "Your last change is still being made. Please try again in a moment.",
  otherChange: /*i18n*/ "This change was not made: it came with the key of a different change. Please reload the page and try again.",
} as const;

/** How long a copy waits for the first one to finish before it says to try again. */
const WAIT = { tries: 20, ms: 250 };

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs `change` unless a post with `key` already made it: then answers with that post's
 * outcome (as JSON holds it). Without a key it simply runs. `intent` names the change (the
 * form's action and intent, "/addtocart add"): a key first sent for another is refused, and nothing
 * changes. A refused or failed change gives its key back, so a later copy tries again (nothing
 * was changed).
 */
export async function once<T>(shop: Shop, customer: Customer, key: string | null, intent: string, change: () => Promise<T>): Promise<T> {
  if (!key) return change();
  for (let attempt = 0; ; attempt++) {
    const claim = await shop.postKeys.claim(customer.id, key, POST_KEY_KEEP_MS, intent);
    if (claim.kind === "done") return claim.outcome as T;
    if (claim.kind === "new") break;
    if (claim.kind === "other") throw new ShopError("invalid", ONCE_MESSAGES.otherChange);
    if (attempt >= WAIT.tries) throw new ShopError("unavailable", ONCE_MESSAGES.stillRunning);
    await pause(WAIT.ms);
  }
  let outcome: T;
  try {
    outcome = await change();
  } catch (error) {
    await shop.postKeys.release(customer.id, key);
    throw error;
  }
  await shop.postKeys.finish(customer.id, key, outcome);
  return outcome;
}
