// The daily retention pass (issue 48 item 5): a minute after the server starts, then once a day,
// one instance of a cluster at a time (the Shop's lease) removes what has outlived its period.
// A pass finds done what an earlier one removed, so a restart that runs it again changes nothing.
import { log } from "../log.server.ts";
import { startJob } from "../jobs.server.ts";
import type { Shop } from "../shop/port.server.ts";

const DAY_MS = 86_400_000;

export function startRetentionJob(shop: Pick<Shop, "privacy">, { firstMs = 60_000, everyMs = DAY_MS } = {}): () => void {
  return startJob("retention", () => shop.privacy.removeExpired(), {
    firstMs,
    everyMs,
    failed: "retention pass failed",
    done: (removed) => {
      if (removed && Object.values(removed).some((n) => n > 0)) log.info("retention: expired personal data removed", removed);
    },
  });
}
