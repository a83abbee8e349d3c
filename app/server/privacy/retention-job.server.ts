// The daily retention pass (issue 48 item 5): a minute after the server starts, then once a day,
// one instance of a cluster at a time (the Shop's lease) removes what has outlived its period.
// A pass finds done what an earlier one removed, so a restart that runs it again changes nothing.
import { errorFields, log } from "../log.server.ts";
import type { Shop } from "../shop/port.server.ts";
import { tracedJob } from "../telemetry/trace.server.ts";

const DAY_MS = 86_400_000;

export function startRetentionJob(shop: Pick<Shop, "privacy">, { firstMs = 60_000, everyMs = DAY_MS } = {}): () => void {
  let running = false;
  const run = () => {
    if (running) return;
    running = true;
    tracedJob("retention", () => shop.privacy.removeExpired())
      .then((removed) => {
        const any = removed && Object.values(removed).some((n) => n > 0);
        if (any) log.info("retention: expired personal data removed", removed);
      })
      .catch((error: unknown) => log.error("retention pass failed", errorFields(error)))
      .finally(() => {
        running = false;
      });
  };
  const first = setTimeout(run, firstMs);
  const timer = setInterval(run, everyMs);
  first.unref();
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
