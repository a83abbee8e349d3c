// Work that one instance at a time may do across a cluster (issue 24): a lease row taken by one
// statement and given up when the work is done, so no transaction stays open while the work
// calls out. An instance that dies holding it loses it when `until` passes.
import { randomUUID } from "node:crypto";
import { and, eq, lt, or } from "drizzle-orm";
import type { Db } from "../db/client.server.ts";
import { leases } from "../db/schema.server.ts";

/** This process, as a lease's holder. */
const HOLDER = `${process.pid}-${randomUUID()}`;

/** Takes (or renews) the lease `name` for `ms`; false while another instance holds it. */
export async function takeLease(db: Db, name: string, ms: number, now: Date): Promise<boolean> {
  const until = new Date(now.getTime() + ms);
  const taken = await db
    .insert(leases)
    .values({ name, holder: HOLDER, until })
    .onConflictDoUpdate({ target: leases.name, set: { holder: HOLDER, until }, setWhere: or(lt(leases.until, now), eq(leases.holder, HOLDER)) })
    .returning({ name: leases.name });
  return taken.length > 0;
}

/** Gives the lease up for the next instance (only if this process still holds it). */
export async function giveUpLease(db: Db, name: string): Promise<void> {
  await db.delete(leases).where(and(eq(leases.name, name), eq(leases.holder, HOLDER)));
}

/** Runs `work` under the lease `name`; null, without running it, while another instance holds it. */
export async function underLease<T>(db: Db, name: string, ms: number, now: Date, work: () => Promise<T>): Promise<T | null> {
  if (!(await takeLease(db, name, ms, now))) return null;
  try {
    return await work();
  } finally {
    await giveUpLease(db, name).catch(() => undefined);
  }
}
