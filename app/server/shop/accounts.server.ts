// Customers, their sessions and password resets (embedded Shop).
import { and, desc, eq, gt, isNull, lt, sql } from "drizzle-orm";
import { ACCOUNT_MESSAGES, normalizeEmail, RESET_CODE_LIFETIME_MS, RESET_CODE_TRIES, SESSION_LIFETIME_MS, SESSION_RENEW_AFTER_MS } from "../../domain/account.ts";
import { digest, hashPassword, newResetCode, newToken, verifyPassword } from "../auth/password.server.ts";
import type { Db } from "../db/client.server.ts";
import { customers, passwordResets, sessions, type CustomerRow } from "../db/schema.server.ts";
import { ShopError, type AccountsPort, type Customer } from "./port.server.ts";

function toCustomer(row: CustomerRow): Customer {
  return { id: row.id, email: row.email, name: row.name, phone: row.phone };
}

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.code === "23505" || e?.cause?.code === "23505";
}

export function createAccounts(db: Db, now: () => number = Date.now): AccountsPort {
  return {
    async register(input) {
      const passwordHash = await hashPassword(input.password);
      try {
        const [row] = await db
          .insert(customers)
          .values({ name: input.name.trim(), email: normalizeEmail(input.email), phone: input.phone.trim(), passwordHash })
          .returning();
        return toCustomer(row!);
      } catch (error) {
        if (isUniqueViolation(error)) throw new ShopError("conflict", ACCOUNT_MESSAGES.emailTaken);
        throw error;
      }
    },

    async authenticate(email, password) {
      const [row] = await db
        .select()
        .from(customers)
        .where(eq(customers.email, normalizeEmail(email)))
        .limit(1);
      const ok = await verifyPassword(password, row?.passwordHash ?? null);
      return ok && row ? toCustomer(row) : null;
    },

    async startSession(customerId) {
      const token = newToken();
      const expiresAt = new Date(now() + SESSION_LIFETIME_MS);
      await db.insert(sessions).values({ id: digest(token), customerId, expiresAt, renewedAt: new Date(now()) });
      // Expired rows of anyone are swept now and then, so the table does not grow forever.
      if (Math.random() < 0.05) await db.delete(sessions).where(lt(sessions.expiresAt, new Date(now())));
      return { token, expiresAt };
    },

    async resumeSession(token) {
      if (!token) return null;
      const id = digest(token);
      const [row] = await db
        .select({ session: sessions, customer: customers })
        .from(sessions)
        .innerJoin(customers, eq(customers.id, sessions.customerId))
        .where(and(eq(sessions.id, id), gt(sessions.expiresAt, new Date(now()))))
        .limit(1);
      if (!row) return null;
      let expiresAt = row.session.expiresAt;
      let renewed = false;
      if (now() - row.session.renewedAt.getTime() > SESSION_RENEW_AFTER_MS) {
        expiresAt = new Date(now() + SESSION_LIFETIME_MS);
        await db
          .update(sessions)
          .set({ expiresAt, renewedAt: new Date(now()) })
          .where(eq(sessions.id, id));
        renewed = true;
      }
      return { customer: toCustomer(row.customer), expiresAt, renewed };
    },

    async endSession(token) {
      if (token) await db.delete(sessions).where(eq(sessions.id, digest(token)));
    },

    async requestPasswordReset(email) {
      const [row] = await db
        .select()
        .from(customers)
        .where(eq(customers.email, normalizeEmail(email)))
        .limit(1);
      // Clerk's customers reset their password with Clerk.
      if (!row || !row.passwordHash) return null;
      const code = newResetCode();
      await db.transaction(async (tx) => {
        // A new code replaces any earlier one.
        await tx.delete(passwordResets).where(eq(passwordResets.customerId, row.id));
        await tx.insert(passwordResets).values({ customerId: row.id, codeHash: digest(`${row.id}:${code}`), expiresAt: new Date(now() + RESET_CODE_LIFETIME_MS) });
      });
      return { customer: toCustomer(row), code };
    },

    async resetPassword(email, code, newPassword) {
      const [row] = await db
        .select()
        .from(customers)
        .where(eq(customers.email, normalizeEmail(email)))
        .limit(1);
      if (!row || !row.passwordHash) return false;
      const [reset] = await db
        .select()
        .from(passwordResets)
        .where(and(eq(passwordResets.customerId, row.id), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, new Date(now()))))
        .orderBy(desc(passwordResets.createdAt))
        .limit(1);
      if (!reset || reset.attempts >= RESET_CODE_TRIES) return false;
      if (reset.codeHash !== digest(`${row.id}:${code}`)) {
        await db
          .update(passwordResets)
          .set({ attempts: sql`${passwordResets.attempts} + 1` })
          .where(eq(passwordResets.id, reset.id));
        return false;
      }
      const passwordHash = await hashPassword(newPassword);
      return db.transaction(async (tx) => {
        // Marking it used only if still unused makes a double submit change the password once.
        const used = await tx
          .update(passwordResets)
          .set({ usedAt: new Date(now()) })
          .where(and(eq(passwordResets.id, reset.id), isNull(passwordResets.usedAt)))
          .returning({ id: passwordResets.id });
        if (used.length === 0) return false;
        await tx
          .update(customers)
          .set({ passwordHash, updatedAt: new Date(now()) })
          .where(eq(customers.id, row.id));
        await tx.delete(sessions).where(eq(sessions.customerId, row.id));
        return true;
      });
    },

    async updateProfile(customer, profile) {
      const [row] = await db
        .update(customers)
        .set({ name: profile.name.trim(), phone: profile.phone.trim(), updatedAt: new Date(now()) })
        .where(eq(customers.id, customer.id))
        .returning();
      if (!row) throw new ShopError("not_found", "That account could not be found.");
      return toCustomer(row);
    },

    async linkClerkUser(user) {
      const email = normalizeEmail(user.email);
      const [byClerk] = await db.select().from(customers).where(eq(customers.clerkUserId, user.clerkUserId)).limit(1);
      if (byClerk) return toCustomer(byClerk);
      // Clerk verified the e-mail, so an existing account with it is this person's.
      const [linked] = await db
        .update(customers)
        .set({ clerkUserId: user.clerkUserId, updatedAt: new Date(now()) })
        .where(and(eq(customers.email, email), isNull(customers.clerkUserId)))
        .returning();
      if (linked) return toCustomer(linked);
      try {
        const [created] = await db
          .insert(customers)
          .values({ email, name: user.name.trim() || email, clerkUserId: user.clerkUserId })
          .returning();
        return toCustomer(created!);
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        // Two first requests at once: the other one created it.
        const [again] = await db.select().from(customers).where(eq(customers.clerkUserId, user.clerkUserId)).limit(1);
        if (again) return toCustomer(again);
        throw new ShopError("conflict", "This e-mail belongs to another account.");
      }
    },
  };
}
