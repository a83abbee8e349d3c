// The exports an instance left unmade (it stopped between the request and the file; issue 48 item
// 3): every minute, one instance at a time per export (each is claimed), makes what waits. An
// export is made beside its request first; this is the net under it. And a file nobody came for
// loses its bytes when its 24 hours are up, as the notice says.
import { errorFields, log } from "../log.server.ts";
import type { Shop } from "../shop/port.server.ts";
import { tracedJob } from "../telemetry/trace.server.ts";
import { bindUseCases } from "../use-cases/index.server.ts";

export function startExportJob(shop: Shop, { everyMs = 60_000 } = {}): () => void {
  let running = false;
  const run = () => {
    if (running) return;
    running = true;
    tracedJob("data-exports", async () => ({ made: await bindUseCases(shop).dataExport.makeDataExports(), dropped: await shop.dataExports.dropExpired() }))
      .then(({ made, dropped }) => {
        if (made > 0 || dropped > 0) log.info("data exports: made by the job, and files past their hours removed", { made, dropped });
      })
      .catch((error: unknown) => log.error("data export job failed", errorFields(error)))
      .finally(() => {
        running = false;
      });
  };
  const timer = setInterval(run, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
