// The cluster of issue 16, for real: instances on one PostgreSQL behind HAProxy, started all at
// once; a killed instance is routed around without a failed page, an order placed through the
// balancer is in the database, terminated database connections are served again within seconds,
// and the killed instance rejoins. Runs in CI's PostgreSQL pass (needs the build and HAProxy).
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startCluster, type Cluster } from "../../bench/lib/cluster.ts";
import { Browser, checkOut, readCatalogue, Recorder } from "../../bench/lib/shoppers.ts";

const repo = path.resolve(import.meta.dirname, "../..");
const url = process.env.DATABASE_URL;
const haproxy = ["/usr/sbin/haproxy", "/usr/bin/haproxy"].some((f) => fs.existsSync(f));
const built = fs.existsSync(path.join(repo, "build/server/index.js"));

describe.skipIf(!url || !haproxy || !built)("a cluster behind HAProxy on one PostgreSQL", () => {
  let cluster: Cluster;
  const database = `haat_it_cluster_${crypto.randomBytes(4).toString("hex")}`;
  const gets = async (n: number) => {
    const statuses: number[] = [];
    for (let i = 0; i < n; i++) {
      const res = await fetch(`${cluster.origin}/products?page=${1 + (i % 3)}`, { signal: AbortSignal.timeout(30_000) });
      await res.arrayBuffer();
      statuses.push(res.status);
    }
    return statuses;
  };

  beforeAll(async () => {
    cluster = await startCluster({ repo, size: 3, databaseUrl: url!, database, fresh: true, port: 0, sessionSecret: crypto.randomBytes(32).toString("hex") });
  }, 180_000);
  afterAll(async () => {
    await cluster?.stop();
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop database if exists ${database} with (force)`);
    await admin.end();
  });

  it("routes around a killed instance, keeps orders, survives lost connections, and takes the instance back", async () => {
    expect(new Set(await gets(9))).toEqual(new Set([200]));

    // kill -9: the next pages are all served, by the others.
    await cluster.instances[0]!.kill9();
    expect(new Set(await gets(12))).toEqual(new Set([200]));

    // An order placed through the balancer is in the database, confirmed.
    const recorder = new Recorder();
    const catalogue = await readCatalogue(cluster.origin);
    await checkOut(new Browser(cluster.origin, recorder), catalogue, recorder, () => recorder.confirmedOrders.size > 0 || recorder.seconds() > 30);
    expect(recorder.confirmedOrders.size).toBe(1);
    const db = new pg.Client({ connectionString: cluster.databaseUrl! });
    await db.connect();
    try {
      const [order] = [...recorder.confirmedOrders];
      expect((await db.query("select state from orders where id = $1", [order])).rows).toEqual([{ state: "confirmed" }]);

      // Every connection of the shop's database terminated: pages are served again within seconds, no restart.
      const { rows } = await db.query<{ n: number }>(
        "select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()",
      );
      expect(rows[0]!.n).toBeGreaterThan(0);
    } finally {
      await db.end();
    }
    const cut = performance.now();
    let served = false;
    while (!served && performance.now() - cut < 10_000) served = (await gets(1))[0] === 200;
    expect(served).toBe(true);
    expect(new Set(await gets(6))).toEqual(new Set([200]));

    // It rejoins: ready again, and answering pages itself.
    await cluster.instances[0]!.restart();
    const direct = await fetch(`http://127.0.0.1:${cluster.instances[0]!.port}/readyz`);
    expect(direct.status).toBe(200);
    expect(new Set(await gets(9))).toEqual(new Set([200]));
    expect(recorder.samples.filter((s) => s.outcome === "error")).toEqual([]);
  }, 180_000);
});
