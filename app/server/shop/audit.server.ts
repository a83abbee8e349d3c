// The staff audit trail: every change staff make writes one row, in the same transaction as
// the change. Its own module, so every part that staff change can write it without importing
// the staff side (issue 42).
import { staffAudit } from "../db/schema.server.ts";
import type { Conn } from "./coupons.server.ts";

/** Writes one audit row in the caller's transaction. */
export async function audit(tx: Conn, entry: { staffId: number | null; action: string; entity: string; entityId: string | number; before?: unknown; after?: unknown }): Promise<void> {
  await tx
    .insert(staffAudit)
    .values({ staffId: entry.staffId, action: entry.action, entity: entry.entity, entityId: String(entry.entityId), before: entry.before ?? null, after: entry.after ?? null });
}
