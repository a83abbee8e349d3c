// One-time codes sent by SMS (issue 28, decision 053): kept as digests only. The rules' numbers
// and the verdicts are domain/mobile-sign-in.ts's; this keeps them true under parallel requests
// and several instances: codes for one number are issued one at a time (a transaction-scoped
// advisory lock), and a try is counted before the code is compared, in one statement.
import { and, desc, eq, gt, inArray, isNull, lt, sql } from "drizzle-orm";
import { checkCode, OTP_LIFETIME_MS, OTP_PER_HOUR, secondsBeforeResend, type CodeCheck, type CodePurpose } from "../../domain/mobile-sign-in.ts";
import type { Db } from "../db/client.server.ts";
import { oneTimeCodes } from "../db/schema.server.ts";
import type { CodesPort } from "./port.server.ts";

const HOUR = 60 * 60 * 1000;
/** A kept code is sent afresh by the queue's first retry only. */
const RESEND_WITHIN_MS = 3 * 60 * 1000;

export function createCodes(db: Db, now: () => number = Date.now): CodesPort {
  const forNumber = (mobile: string, purpose: CodePurpose, customerId: number | null) =>
    and(eq(oneTimeCodes.mobile, mobile), eq(oneTimeCodes.purpose, purpose), customerId === null ? isNull(oneTimeCodes.customerId) : eq(oneTimeCodes.customerId, customerId));

  return {
    async issue({ mobile, purpose, customerId, digest }) {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`one-time-code:${mobile}`}))`);
        const at = now();
        // Every code sent to the number counts, whatever it was for: each is an SMS to someone.
        const recent = await tx
          .select({ createdAt: oneTimeCodes.createdAt, usedAt: oneTimeCodes.usedAt })
          .from(oneTimeCodes)
          .where(and(eq(oneTimeCodes.mobile, mobile), gt(oneTimeCodes.createdAt, new Date(at - HOUR))))
          .orderBy(desc(oneTimeCodes.createdAt));
        // The 30 seconds are between a code and another one asked for while it waits: a code that
        // was used (the owner signed in) does not hold back the next sign-in.
        const wait = recent[0]?.usedAt ? 0 : secondsBeforeResend(recent[0]?.createdAt ?? null, at);
        if (wait > 0) return { ok: false as const, waitSeconds: wait, tooMany: false };
        if (recent.length >= OTP_PER_HOUR) return { ok: false as const, waitSeconds: 0, tooMany: true };
        // A new code ends the number's earlier ones.
        await tx
          .update(oneTimeCodes)
          .set({ expiresAt: new Date(at) })
          .where(and(forNumber(mobile, purpose, customerId), isNull(oneTimeCodes.usedAt), gt(oneTimeCodes.expiresAt, new Date(at))));
        const [row] = await tx
          .insert(oneTimeCodes)
          .values({ mobile, purpose, customerId, codeDigest: digest, expiresAt: new Date(at + OTP_LIFETIME_MS), createdAt: new Date(at) })
          .returning({ id: oneTimeCodes.id });
        // Codes older than a day are of no use, not even to the hourly count.
        if (Math.random() < 0.05) await tx.delete(oneTimeCodes).where(lt(oneTimeCodes.createdAt, new Date(at - 24 * HOUR)));
        return { ok: true as const, id: row!.id };
      });
    },

    async check({ mobile, purpose, customerId, digest, use }): Promise<CodeCheck> {
      const at = now();
      const newest = db
        .select({ id: oneTimeCodes.id })
        .from(oneTimeCodes)
        .where(and(forNumber(mobile, purpose, customerId), isNull(oneTimeCodes.usedAt), gt(oneTimeCodes.expiresAt, new Date(at))))
        .orderBy(desc(oneTimeCodes.createdAt))
        .limit(1);
      // The try is taken before the code is compared: parallel guesses cannot share the last try.
      const [kept] = await db
        .update(oneTimeCodes)
        .set({ attempts: sql`${oneTimeCodes.attempts} + 1` })
        .where(inArray(oneTimeCodes.id, newest))
        .returning();
      const checked = checkCode(kept ? { digest: kept.codeDigest, expiresAt: kept.expiresAt, attempts: kept.attempts, usedAt: kept.usedAt } : null, digest, at);
      if (checked.verdict !== "ok" || !use) return checked;
      // Used once: of two submits at once, one signs in.
      const used = await db
        .update(oneTimeCodes)
        .set({ usedAt: new Date(at) })
        .where(and(eq(oneTimeCodes.id, kept!.id), isNull(oneTimeCodes.usedAt)))
        .returning({ id: oneTimeCodes.id });
      return used.length ? checked : { verdict: "expired", triesLeft: 0 };
    },

    async reissue(id, digestFor) {
      const at = now();
      const [kept] = await db.select({ mobile: oneTimeCodes.mobile }).from(oneTimeCodes).where(eq(oneTimeCodes.id, id)).limit(1);
      if (!kept) return null;
      const digest = digestFor(kept.mobile);
      // Only the number's newest code, still unused and live, and once: within minutes of the
      // request (the queue's first retry comes a minute later), so an outage gives no extra tries.
      const [row] = await db
        .update(oneTimeCodes)
        .set({ codeDigest: digest, attempts: 0, expiresAt: new Date(at + OTP_LIFETIME_MS) })
        .where(
          and(
            eq(oneTimeCodes.id, id),
            isNull(oneTimeCodes.usedAt),
            gt(oneTimeCodes.expiresAt, new Date(at)),
            gt(oneTimeCodes.createdAt, new Date(at - RESEND_WITHIN_MS)),
            sql`not exists (select 1 from ${oneTimeCodes} newer where newer.mobile = ${oneTimeCodes.mobile} and newer.id > ${oneTimeCodes.id})`,
          ),
        )
        .returning({ mobile: oneTimeCodes.mobile });
      return row?.mobile ?? null;
    },
  };
}
