// The exports an instance left unmade (it stopped between the request and the file; issue 48 item
// 3): every minute, one instance at a time per export (each is claimed), makes what waits. An
// export is made beside its request first; this is the net under it.
import { errorFields, log } from "../log.server.ts";
import type { Shop } from "../shop/port.server.ts";
import { tracedJob } from "../telemetry/trace.server.ts";
import { bindUseCases } from "../use-cases/index.server.ts";

export function startExportJob(shop: Shop, { everyMs = 60_000 } = {}): () => void {
  let running = false;
  const run = () => {
    if (running) return;
    running = true;
    tracedJob("data-exports", () => bindUseCases(shop).dataExport.makeDataExports())
      .then((made) => {
        if (made > 0) log.info("data exports made by the job", { made });
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
