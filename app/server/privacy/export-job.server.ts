// The privacy job (issue 48 items 3 and 6), every minute, each piece of work claimed by one
// instance at a time:
// - the exports an instance left unmade (it stopped between the request and the file): an export
//   is made beside its request first; this is the net under it. And a file nobody came for loses
//   its bytes when its 24 hours are up, as the notice says.
// - the breach notices an instance left unsent (sent beside the staff's press first).
import { log } from "../log.server.ts";
import { startJob } from "../jobs.server.ts";
import type { Shop } from "../shop/port.server.ts";
import { bindUseCases } from "../use-cases/index.server.ts";

export function startExportJob(shop: Shop, { everyMs = 60_000 } = {}): () => void {
  const useCases = bindUseCases(shop);
  return startJob(
    "privacy",
    async () => ({ made: await useCases.dataExport.makeDataExports(), dropped: await shop.dataExports.dropExpired(), notices: await useCases.breaches.sendBreachNotices() }),
    {
      everyMs,
      failed: "privacy job failed",
      done: ({ made, dropped, notices }) => {
        if (made > 0 || dropped > 0 || notices > 0) log.info("privacy job: exports made, files past their hours removed, breach notices sent", { made, dropped, notices });
      },
    },
  );
}
