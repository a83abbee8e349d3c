// Reading a scrape as Prometheus would: one series' value (issue 47's tests).
import { metricsText } from "../app/server/metrics/metrics.server.ts";

/** One series' value in the current scrape, 0 when the series is not there. */
export async function sample(name: string, labels: Record<string, string> = {}): Promise<number> {
  const wanted = Object.entries(labels)
    .map(([k, v]) => `${k}="${v}"`)
    .join(",");
  const line = (await metricsText()).body.split("\n").find((l) => l.startsWith(wanted ? `${name}{${wanted}}` : `${name} `));
  return line ? Number(line.slice(line.lastIndexOf(" ") + 1)) : 0;
}
