// Instances that start together on one PostgreSQL (a cluster's deploy): one migrates and seeds
// at a time, so every instance starts and the demo data is there once (issue 16).
import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { openShop } from "../../app/server/open-shop.server.ts";

const url = process.env.DATABASE_URL;

describe.skipIf(!url)("starting several instances at once on a fresh PostgreSQL", () => {
  const name = `haat_it_start_${randomBytes(6).toString("hex")}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      return await client.query(sql);
    } finally {
      await client.end();
    }
  };
  afterAll(() => admin(`drop database if exists ${name}`));

  it("migrates and seeds once: every instance starts and nothing is doubled", async () => {
    await admin(`create database ${name}`);
    const target = new URL(url!);
    target.pathname = `/${name}`;
    const shops = await Promise.all([1, 2, 3].map(() => openShop({ target: { kind: "postgres", url: target.toString(), poolSize: 2 }, seedDemo: true, refreshMs: 0 })));
    try {
      const counts = await Promise.all(shops.map(async (shop) => (await shop.catalog.productIds()).length));
      expect(new Set(counts).size).toBe(1);
      expect(counts[0]).toBeGreaterThan(0);
      const client = new pg.Client({ connectionString: target.toString() });
      await client.connect();
      try {
        const { rows } = await client.query<{ products: string; customers: string; migrations: string }>(
          `select (select count(*) from products) as products, (select count(*) from customers where email = 'demo@haat.example') as customers, (select count(*) from drizzle.__drizzle_migrations) as migrations`,
        );
        expect(Number(rows[0]!.products)).toBe(counts[0]);
        expect(Number(rows[0]!.customers)).toBe(1);
        expect(Number(rows[0]!.migrations)).toBeGreaterThan(0);
      } finally {
        await client.end();
      }
    } finally {
      await Promise.all(shops.map((shop) => shop.close()));
    }
  });
});
