// The evening reminder's skip link (issue 45 item 3): one delivery of one subscription skipped
// without signing in, from an SMS. The link carries its own proof, an HMAC of the subscription
// and the day keyed by the cookie secret, so it skips that day of that subscription and nothing
// else. It is bound to its day: the use case refuses it once the day's cut-off has passed
// (domain/subscription.ts `changeable`). It is single-use in effect: a skip is recorded once,
// and the link used again says the day is already skipped.
import { createHmac, timingSafeEqual } from "node:crypto";

function mac(secret: string, subscriptionId: number, date: string): string {
  return createHmac("sha256", `subscription-skip:${secret}`).update(`${subscriptionId}.${date}`).digest("base64url");
}

/** `/subscriptions/skip/{id}/{date}/{mac}`: the path the reminder links to. */
export function skipLinkPath(secret: string, subscriptionId: number, date: string): string {
  return `/subscriptions/skip/${subscriptionId}/${date}/${mac(secret, subscriptionId, date)}`;
}

/** The subscription and day a link's parts were made for, when genuine; else null. */
export function readSkipLink(secret: string, parts: { id: string | undefined; date: string | undefined; mac: string | undefined }): { subscriptionId: number; date: string } | null {
  if (!/^\d{1,10}$/.test(parts.id ?? "") || !/^\d{4}-\d{2}-\d{2}$/.test(parts.date ?? "") || !/^[\w-]{43}$/.test(parts.mac ?? "")) return null;
  const subscriptionId = Number(parts.id);
  const date = parts.date!;
  if (Number.isNaN(Date.parse(`${date}T00:00:00Z`))) return null;
  const want = Buffer.from(mac(secret, subscriptionId, date));
  const got = Buffer.from(parts.mac!);
  return want.length === got.length && timingSafeEqual(want, got) ? { subscriptionId, date } : null;
}
