// The standing orders' cut-off job (issue 45): every minute, one instance of the cluster (the
// Shop's lease) sends tomorrow's reminders after the reminder hour and makes each day's orders
// after its cut-off. A pass finds done what an earlier pass (or a killed one) made, so it is
// safe to run at any time, as often as wanted.
import { errorFields, log } from "../log.server.ts";
import type { Shop } from "../shop/port.server.ts";
import { tracedJob } from "../telemetry/trace.server.ts";

export function startSubscriptionJob(shop: Pick<Shop, "subscriptions" | "capabilities">, everyMs = 60_000): () => void {
  if (!shop.capabilities.subscriptions) return () => {};
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    tracedJob("standing-orders", () => shop.subscriptions.runCutoff())
      .then((run) => {
        if (run && (run.made || run.skipped || run.reminded)) log.info("standing orders' cut-off", { ...run, days: run.days.join(",") });
      })
      .catch((error: unknown) => log.error("standing orders' cut-off failed", errorFields(error)))
      .finally(() => {
        running = false;
      });
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
