// The server's pass over online payments (decision 030): holds that ran out are checked with
// Razorpay and released, and refunds Razorpay has not accepted yet are asked for again.
// Instances side by side take turns: payments.sweep runs under a lease, one instance at a
// time (issue 24); every change also locks its payment's row, and a refund is sent with its
// own idempotency key, so even a second pass would change nothing.
import { log } from "../log.server.ts";
import { startJob } from "../jobs.server.ts";
import type { Shop } from "../shop/port.server.ts";

export function startPaymentSweep(shop: Pick<Shop, "payments">, everyMs = 60_000): () => void {
  if (!shop.payments.available) return () => {};
  return startJob("payment-sweep", () => shop.payments.sweep(), {
    everyMs,
    failed: "payment sweep failed",
    done: ({ confirmed, released }) => {
      if (confirmed || released) log.info("payment holds swept", { confirmed, released });
    },
  });
}
