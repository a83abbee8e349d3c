// Work that one instance at a time may do across a cluster (issue 24): a lease row taken by one
// statement and given up when the work is done, so no transaction stays open while the work
// calls out. An instance that dies holding it loses it when `until` passes.
import { randomUUID } from "node:crypto";
import { and, eq, lt, or } from "drizzle-orm";
import type { Db } from "../db/client.server.ts";
import { leases } from "../db/schema.server.ts";

/** Who holds a lease: one per Shop instance (a process may run several, as tests do). */
export function leaseHolder(): string {
  return `${process.pid}-${randomUUID()}`;
}

/** Takes (or renews) the lease `name` for `ms`; false while another holder has it. */
export async function takeLease(db: Db, name: string, holder: string, ms: number, now: Date): Promise<boolean> {
  const until = new Date(now.getTime() + ms);
  const taken = await db
    .insert(leases)
    .values({ name, holder, until })
    .onConflictDoUpdate({ target: leases.name, set: { holder, until }, setWhere: or(lt(leases.until, now), eq(leases.holder, holder)) })
    .returning({ name: leases.name });
  return taken.length > 0;
}

/** Gives the lease up for the next holder (only if `holder` still has it). */
export async function giveUpLease(db: Db, name: string, holder: string): Promise<void> {
  await db.delete(leases).where(and(eq(leases.name, name), eq(leases.holder, holder)));
}

/** Runs `work` under the lease `name`; null, without running it, while another holder has it. */
export async function underLease<T>(db: Db, lease: { name: string; holder: string; ms: number }, now: Date, work: () => Promise<T>): Promise<T | null> {
  if (!(await takeLease(db, lease.name, lease.holder, lease.ms, now))) return null;
  try {
    return await work();
  } finally {
    await giveUpLease(db, lease.name, lease.holder).catch(() => undefined);
  }
}
