// The server's background passes (payments, mail, standing orders, retention, privacy): each every
// `everyMs` (the first after `firstMs`, when given), never two of one job at once in this process,
// traced, what it did told by `done`, its failure logged and never thrown. The timers do not keep
// the process alive. Across a cluster each pass takes its own lease or claims its own rows.
import { errorFields, log } from "./log.server.ts";
import { tracedJob } from "./telemetry/trace.server.ts";

export function startJob<T>(name: string, pass: () => Promise<T>, options: { everyMs: number; firstMs?: number; failed: string; done?: (result: T) => void }): () => void {
  let running = false;
  const run = () => {
    if (running) return;
    running = true;
    tracedJob(name, pass)
      .then((result) => options.done?.(result))
      .catch((error: unknown) => log.error(options.failed, errorFields(error)))
      .finally(() => {
        running = false;
      });
  };
  const first = options.firstMs === undefined ? null : setTimeout(run, options.firstMs);
  const timer = setInterval(run, options.everyMs);
  first?.unref();
  timer.unref();
  return () => {
    if (first) clearTimeout(first);
    clearInterval(timer);
  };
}
