// The ERP's bearer for each customer (issue 17, decision 043). With local accounts: what
// `/api/auth/token` of the ERP gave when they signed in, kept encrypted in Haat's database (AES-256-GCM, the key made
// from the cookie secret) so every instance can act for them. An expired access token is
// renewed with the refresh token; when that fails too, the customer's Haat sessions end and
// they sign in again. With Clerk: a token of the customer's Clerk session, minted for the calls.
import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";
import { and, eq, isNull, lt, or } from "drizzle-orm";
import { ACCOUNT_MESSAGES } from "../../../domain/account.ts";
import type { Db } from "../../db/client.server.ts";
import { erpCustomers, sessions } from "../../db/schema.server.ts";
import { ShopError } from "../port.server.ts";
import { ErpUnauthorized, type ErpClient } from "./client.server.ts";

/** What the ERP's token calls answer (decision 042's shape). */
export interface ErpTokenAnswer {
  access_token: string;
  refresh_token: string;
  expires_in: number;
}

// Renewed a little before it expires, so a call does not go out with a token about to die.
const EARLY_MS = 30_000;
// How long one instance may take to renew a customer's tokens before another may try; how often
// (and how many times) another waits for its answer.
const RENEW_LEASE_MS = 15_000;
const RENEW_WAIT_MS = 100;
const RENEW_WAIT_TRIES = 200;

/**
 * With Clerk (AUTH_PROVIDER=clerk): a fresh session token of the customer's Clerk session, from
 * Clerk's Backend API (`POST /v1/sessions/{id}/tokens`), which the ERP verifies as Haat's API does.
 * Throws ErpUnauthorized when Clerk says the session is over.
 */
export type ClerkTokenMint = (sessionId: string) => Promise<string>;

export interface ErpCredentials {
  save(customerId: number, answer: ErpTokenAnswer): Promise<void>;
  /** With Clerk: the session the customer signed in with. */
  saveClerkSession(customerId: number, sessionId: string): Promise<void>;
  /** Runs `fn` with the customer's ERP bearer; a 401 renews it once. */
  withBearer<T>(customerId: number, fn: (token: string) => Promise<T>): Promise<T>;
  /** One of the ERP's calls for the customer, with their bearer (`idempotent`: a read, retried). */
  callAs<T>(customer: { id: number }, path: string, params?: Record<string, unknown>, idempotent?: boolean): Promise<T>;
  paymentChoice(customerId: number): Promise<string | null>;
  setPaymentChoice(customerId: number, choice: string | null): Promise<void>;
  chosenAddress(customerId: number): Promise<{ id: number; at: Date } | null>;
  setChosenAddress(customerId: number, id: number, at: Date): Promise<void>;
}

export function createErpCredentials(db: Db, erp: ErpClient, secret: string, now: () => number = Date.now, clerk: ClerkTokenMint | null = null): ErpCredentials {
  const key = createHash("sha256").update(`erp-credentials:${secret}`).digest();
  const seal = (plain: string) => {
    const iv = randomBytes(12);
    const cipher = createCipheriv("aes-256-gcm", key, iv);
    const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
    return `${iv.toString("base64url")}.${body.toString("base64url")}.${cipher.getAuthTag().toString("base64url")}`;
  };
  const open = (sealed: string | null): string | null => {
    if (!sealed) return null;
    const [iv, body, tag] = sealed.split(".");
    try {
      const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv!, "base64url"));
      decipher.setAuthTag(Buffer.from(tag!, "base64url"));
      return Buffer.concat([decipher.update(Buffer.from(body!, "base64url")), decipher.final()]).toString("utf8");
    } catch {
      // Sealed with another secret: as good as none.
      return null;
    }
  };

  async function upsert(customerId: number, values: Partial<typeof erpCustomers.$inferInsert>) {
    await db
      .insert(erpCustomers)
      .values({ customerId, ...values, updatedAt: new Date(now()) })
      .onConflictDoUpdate({ target: erpCustomers.customerId, set: { ...values, updatedAt: new Date(now()) } });
  }

  async function save(customerId: number, answer: ErpTokenAnswer) {
    await upsert(customerId, { accessToken: seal(answer.access_token), refreshToken: seal(answer.refresh_token), accessExpiresAt: new Date(now() + answer.expires_in * 1000) });
  }

  /** Signs the customer out of Haat: the ERP no longer knows them by the tokens kept. */
  async function lost(customerId: number): Promise<never> {
    minted.delete(customerId);
    await db.update(erpCustomers).set({ accessToken: null, refreshToken: null, accessExpiresAt: null, clerkSessionId: null }).where(eq(erpCustomers.customerId, customerId));
    await db.delete(sessions).where(eq(sessions.customerId, customerId));
    throw new ShopError("invalid", ACCOUNT_MESSAGES.signInFirst);
  }

  // Clerk's session tokens live a minute: each instance keeps the last one per customer until then.
  const minted = new Map<number, { token: string; expiresAt: number }>();
  async function mint(customerId: number): Promise<string> {
    const [row] = await db.select({ sid: erpCustomers.clerkSessionId }).from(erpCustomers).where(eq(erpCustomers.customerId, customerId));
    if (!row?.sid) return lost(customerId);
    let token: string;
    try {
      token = await clerk!(row.sid);
    } catch (error) {
      if (error instanceof ErpUnauthorized) return lost(customerId);
      throw error;
    }
    const exp = Number((JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString() || "{}") as { exp?: unknown }).exp);
    minted.set(customerId, { token, expiresAt: Number.isFinite(exp) ? exp * 1000 : now() + 30_000 });
    if (minted.size > 10_000) minted.delete(minted.keys().next().value!);
    return token;
  }

  // One renewal per customer at a time: in this process by the promise, across instances by
  // a lease on the customer's row. A refresh token is spent by its first use, and a second use of
  // it makes the ERP end the whole family (decision 042), so parallel calls must never both send
  // it. A lease, not a row lock: the ERP is never called with a transaction open (issue 24).
  const renewing = new Map<number, Promise<string>>();
  function renew(customerId: number, stale: string | null): Promise<string> {
    if (clerk) return mint(customerId);
    const pending = renewing.get(customerId);
    if (pending) return pending;
    const run = renewUnderLease(customerId, stale).finally(() => renewing.delete(customerId));
    renewing.set(customerId, run);
    return run;
  }

  /** The access token kept for the customer, when it is another than `stale` and still good. */
  const fresh = (row: typeof erpCustomers.$inferSelect | undefined, stale: string | null): string | null => {
    const access = open(row?.accessToken ?? null);
    return access && access !== stale && row?.accessExpiresAt && row.accessExpiresAt.getTime() - EARLY_MS > now() ? access : null;
  };

  async function renewUnderLease(customerId: number, stale: string | null): Promise<string> {
    for (let tries = 0; tries < RENEW_WAIT_TRIES; tries++) {
      const until = new Date(now() + RENEW_LEASE_MS);
      const [row] = await db
        .update(erpCustomers)
        .set({ renewingUntil: until })
        .where(and(eq(erpCustomers.customerId, customerId), or(isNull(erpCustomers.renewingUntil), lt(erpCustomers.renewingUntil, new Date(now())))))
        .returning();
      if (!row) {
        // Another instance is renewing: its new token is what this call wants.
        await new Promise((r) => setTimeout(r, RENEW_WAIT_MS));
        const [latest] = await db.select().from(erpCustomers).where(eq(erpCustomers.customerId, customerId));
        if (!latest) return lost(customerId);
        const token = fresh(latest, stale);
        if (token) return token;
        continue;
      }
      try {
        // Renewed by another request (or instance) just before this one took the lease.
        const token = fresh(row, stale);
        if (token) return token;
        const refresh = open(row.refreshToken);
        if (!refresh) return await lost(customerId);
        let answer: ErpTokenAnswer;
        try {
          answer = await erp.call<ErpTokenAnswer>("/api/auth/refresh", { refresh_token: refresh });
        } catch (error) {
          if (error instanceof ErpUnauthorized || (error instanceof ShopError && error.code !== "unavailable")) return await lost(customerId);
          throw error;
        }
        await save(customerId, answer);
        return answer.access_token;
      } finally {
        await db
          .update(erpCustomers)
          .set({ renewingUntil: null })
          .where(and(eq(erpCustomers.customerId, customerId), eq(erpCustomers.renewingUntil, until)))
          .catch(() => undefined);
      }
    }
    throw new ShopError("unavailable", "Something went wrong. Please try again.");
  }

  async function current(customerId: number): Promise<string> {
    if (clerk) {
      const kept = minted.get(customerId);
      return kept && kept.expiresAt - EARLY_MS / 3 > now() ? kept.token : mint(customerId);
    }
    const [row] = await db.select().from(erpCustomers).where(eq(erpCustomers.customerId, customerId));
    const access = open(row?.accessToken ?? null);
    if (access && row?.accessExpiresAt && row.accessExpiresAt.getTime() - EARLY_MS > now()) return access;
    return renew(customerId, access);
  }

  async function withBearer<T>(customerId: number, fn: (token: string) => Promise<T>): Promise<T> {
    const token = await current(customerId);
    try {
      return await fn(token);
    } catch (error) {
      if (!(error instanceof ErpUnauthorized)) throw error;
      // Revoked or expired early at the ERP: renewed once, then tried again.
      minted.delete(customerId);
      const fresh = await renew(customerId, token);
      try {
        return await fn(fresh);
      } catch (again) {
        if (again instanceof ErpUnauthorized) return lost(customerId);
        throw again;
      }
    }
  }

  return {
    save,
    withBearer,
    callAs: (customer, path, params = {}, idempotent = false) => withBearer(customer.id, (token) => erp.call(path, params, { token, idempotent })),
    async saveClerkSession(customerId, sessionId) {
      // The same session as before (every API call of an app names it): nothing to change.
      const [row] = await db.select({ sid: erpCustomers.clerkSessionId }).from(erpCustomers).where(eq(erpCustomers.customerId, customerId));
      if (row?.sid === sessionId) return;
      minted.delete(customerId);
      await upsert(customerId, { clerkSessionId: sessionId });
    },
    async paymentChoice(customerId) {
      const [row] = await db.select({ choice: erpCustomers.paymentChoice }).from(erpCustomers).where(eq(erpCustomers.customerId, customerId));
      return row?.choice ?? null;
    },
    async setPaymentChoice(customerId, choice) {
      await upsert(customerId, { paymentChoice: choice });
    },
    async chosenAddress(customerId) {
      const [row] = await db.select({ id: erpCustomers.chosenAddressId, at: erpCustomers.chosenAt }).from(erpCustomers).where(eq(erpCustomers.customerId, customerId));
      return row?.id && row.at ? { id: row.id, at: row.at } : null;
    },
    async setChosenAddress(customerId, id, at) {
      await upsert(customerId, { chosenAddressId: id, chosenAt: at });
    },
  };
}
