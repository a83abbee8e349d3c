// The deployer's files in deploy/ (issue 47): HAProxy's configuration is valid as HAProxy reads
// it, sends shoppers only to instances whose /readyz answers 200, and is the one the cluster and
// the load test run.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { haproxyConfig } from "../../bench/lib/cluster.ts";
import { exposeMetrics, metricsText } from "../../app/server/metrics/metrics.server.ts";

const DEPLOYED = path.resolve(import.meta.dirname, "../../deploy/haproxy.cfg");
const haproxy = ["/usr/sbin/haproxy", "/usr/bin/haproxy"].find((p) => fs.existsSync(p));
const promtool = ["/usr/bin/promtool", "/usr/local/bin/promtool"].find((p) => fs.existsSync(p));
const ALERTS = path.resolve(import.meta.dirname, "../../deploy/prometheus/haat-alerts.yml");
const DASHBOARD = path.resolve(import.meta.dirname, "../../deploy/grafana/haat-dashboard.json");

/** HAProxy's own check of a configuration: its verdict, or its complaint. */
function check(text: string): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "haat-haproxy-")), "haproxy.cfg");
  fs.writeFileSync(file, text);
  try {
    return execFileSync(haproxy!, ["-c", "-f", file], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
  } catch (error) {
    return String((error as { stderr?: string }).stderr ?? error);
  }
}

describe("deploy/haproxy.cfg", () => {
  it("checks each instance's /readyz every second and sends shoppers only where it answers 200", () => {
    const text = fs.readFileSync(DEPLOYED, "utf8");
    expect(text).toMatch(/^\s*http-check send meth GET uri \/readyz$/m);
    expect(text).toMatch(/^\s*http-check expect status 200$/m);
    expect(text).toMatch(/^\s*default-server inter 1s fall 2 rise 2 /m);
    // Never a form post sent twice.
    expect(text).toMatch(/^\s*http-request disable-l7-retry if !METH_GET !METH_HEAD$/m);
  });

  it.runIf(haproxy)("is valid as HAProxy reads it, and so is the cluster's, made from it", () => {
    expect(check(fs.readFileSync(DEPLOYED, "utf8"))).toContain("Configuration file is valid");
    const cluster = haproxyConfig(8080, [
      { name: "a", port: 3101 },
      { name: "b", port: 3102 },
    ]);
    expect(check(cluster)).toContain("Configuration file is valid");
    expect(cluster).toMatch(/^\s*bind 127\.0\.0\.1:8080$/m);
    expect(cluster.match(/^\s*server /gm)).toHaveLength(2);
    expect(cluster).toContain("http-check send meth GET uri /readyz");
  });
});

/** Every metric a PromQL expression names (Prometheus' own `up` aside), a histogram's series by its own name. */
function metricsIn(expression: string): string[] {
  const names = expression.match(/\b(?:haat|nodejs|process)_[a-z0-9_]+/g) ?? [];
  return [...new Set(names.map((n) => n.replace(/_(bucket|sum|count)$/, "")))];
}

describe("the alert rules and the dashboard", () => {
  it("name only metrics the shop's /metrics has", async () => {
    exposeMetrics({ slots: async () => [], queued: async () => [], pool: () => null });
    const exposed = new Set([...(await metricsText()).body.matchAll(/^# TYPE (\S+) /gm)].map((m) => m[1]!));
    const alerts = fs.readFileSync(ALERTS, "utf8");
    const dashboard = JSON.parse(fs.readFileSync(DASHBOARD, "utf8")) as { panels: { title: string; targets?: { expr: string }[] }[] };
    const named = [
      ...[...alerts.matchAll(/^\s+expr: (\|[\s\S]*?)(?=^\s+(?:for|labels):)/gm)].flatMap((m) => metricsIn(m[1]!)),
      ...alerts.split("\n").flatMap((line) => (/^\s+expr: [^|]/.test(line) ? metricsIn(line) : [])),
      ...dashboard.panels.flatMap((p) => (p.targets ?? []).flatMap((t) => metricsIn(t.expr))),
    ];
    expect(named.length).toBeGreaterThan(20);
    expect([...new Set(named)].filter((n) => !exposed.has(n))).toEqual([]);
    // Each dashboard panel but a row asks something.
    expect(dashboard.panels.filter((p) => (p as { type?: string }).type !== "row" && !p.targets?.length)).toEqual([]);
  });

  it.runIf(promtool)("are valid as Prometheus reads them, and each alert fires when it should and not when it should not", () => {
    const run = (...args: string[]) => execFileSync(promtool!, args, { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"], cwd: path.dirname(ALERTS) });
    expect(run("check", "rules", ALERTS)).toContain("SUCCESS: 6 rules found");
    // The tests beside the rules: each alert at its threshold and below it (deploy/prometheus/haat-alerts.test.yml).
    expect(run("test", "rules", "haat-alerts.test.yml")).toContain("SUCCESS");
  });
});
