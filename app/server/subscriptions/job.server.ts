// The standing orders' cut-off job (issue 45): every minute, one instance of the cluster (the
// Shop's lease) sends tomorrow's reminders after the reminder hour and makes each day's orders
// after its cut-off. A pass finds done what an earlier pass (or a killed one) made, so it is
// safe to run at any time, as often as wanted.
import { log } from "../log.server.ts";
import { startJob } from "../jobs.server.ts";
import type { Shop } from "../shop/port.server.ts";

export function startSubscriptionJob(shop: Pick<Shop, "subscriptions" | "capabilities">, everyMs = 60_000): () => void {
  if (!shop.capabilities.subscriptions) return () => {};
  return startJob("standing-orders", () => shop.subscriptions.runCutoff(), {
    everyMs,
    failed: "standing orders' cut-off failed",
    done: (run) => {
      if (run && (run.made || run.skipped || run.reminded)) log.info("standing orders' cut-off", { ...run, days: run.days.join(",") });
    },
  });
}
