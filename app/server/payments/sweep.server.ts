// The server's pass over online payments (decision 030): holds that ran out are checked with
// Razorpay and released, and refunds Razorpay has not accepted yet are asked for again.
// Instances side by side take turns: payments.sweep runs under a lease, one instance at a
// time (issue 24); every change also locks its payment's row, and a refund is sent with its
// own idempotency key, so even a second pass would change nothing.
import { errorFields, log } from "../log.server.ts";
import type { Shop } from "../shop/port.server.ts";
import { tracedJob } from "../telemetry/trace.server.ts";

export function startPaymentSweep(shop: Pick<Shop, "payments">, everyMs = 60_000): () => void {
  if (!shop.payments.available) return () => {};
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    tracedJob("payment-sweep", () => shop.payments.sweep())
      .then(({ confirmed, released }) => {
        if (confirmed || released) log.info("payment holds swept", { confirmed, released });
      })
      .catch((error: unknown) => log.error("payment sweep failed", errorFields(error)))
      .finally(() => {
        running = false;
      });
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
