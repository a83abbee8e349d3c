// The figures a scrape reads from the Shop (issue 47): the next days' slots as the staff
// dashboard counts them (one rule: places taken ÷ capacity), the queue kept for a retry, the pool.
import { dashboardDays } from "../../domain/dashboard.ts";
import type { Shop } from "../shop/port.server.ts";
import { exposeMetrics } from "./metrics.server.ts";

export function exposeShopMetrics(shop: Shop): void {
  exposeMetrics({
    async slots() {
      const days = dashboardDays(new Date());
      const rows = await shop.staff.figures("slots", days);
      return rows.map((r) => ({ daysAhead: days.ahead.indexOf(r.date), kind: r.kind, booked: r.booked, capacity: r.capacity }));
    },
    queued: () => shop.mail.depth(),
    pool: () => shop.poolStats(),
  });
}
