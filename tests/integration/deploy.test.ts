// The deployer's files in deploy/ (issue 47): HAProxy's configuration is valid as HAProxy reads
// it, sends shoppers only to instances whose /readyz answers 200, and is the one the cluster and
// the load test run.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { haproxyConfig } from "../../bench/lib/cluster.ts";

const DEPLOYED = path.resolve(import.meta.dirname, "../../deploy/haproxy.cfg");
const haproxy = ["/usr/sbin/haproxy", "/usr/bin/haproxy"].find((p) => fs.existsSync(p));

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
