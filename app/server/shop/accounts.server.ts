// Customers, their sessions and password resets (embedded Shop).
import { isLocale } from "../../domain/i18n/locale.ts";
import type { ReviewStanding } from "../../domain/review.ts";
import { slotDates } from "../../domain/delivery.ts";
import { and, desc, eq, gt, inArray, isNotNull, isNull, lt, sql } from "drizzle-orm";
import {
  ACCOUNT_MESSAGES,
  DEVICE_LIFETIME_MS,
  EMAIL_CONFIRMATION_LIFETIME_MS,
  normalizeEmail,
  RESET_CODE_LIFETIME_MS,
  RESET_CODE_TRIES,
  SESSION_LIFETIME_MS,
  SESSION_RENEW_AFTER_MS,
} from "../../domain/account.ts";
import { digest, hashPassword, newResetCode, newToken, verifyPassword } from "../security/tokens.server.ts";
import type { Db } from "../db/client.server.ts";
import { apiTokens, customers, emailConfirmations, knownDevices, passwordResets, sessions, type CustomerRow } from "../db/schema.server.ts";
import { recordConsent } from "./consents.server.ts";
import { SMS_ACCOUNT_FIELD, SMS_PURPOSES } from "../../domain/privacy/consent.ts";
import { ShopError, type AccountsPort, type Customer, type ResetOutcome } from "./port.server.ts";
import { freshChoiceSince, jsonColumn, sessionReadOf, toViewerFacts, type ViewerJson } from "./header-facts.server.ts";

function toCustomer(row: CustomerRow): Customer {
  return { id: row.id, email: row.email, name: row.name, phone: row.phone, language: isLocale(row.language) ? row.language : null, mobile: row.mobile };
}

/** A known device's row id: the token alone never reaches the database. */
function deviceId(customerId: number, deviceToken: string): string {
  return digest(`device:${customerId}:${deviceToken}`);
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

    async resumeSession(token, { productId = null, cart = false, review = false } = {}) {
      if (!token) return null;
      const id = digest(token);
      // One call: the session, its customer, the header's facts and, on a product page, the
      // shopper's review standing, on the cart's pages the cart, on Review Order the address
      // book and the days' slots (haat_session(), plans kept).
      const at = now();
      const days = review ? slotDates(new Date(at)).join(",") : null;
      const result = await db.execute(
        sql`select haat_session(${id}, ${new Date(at).toISOString()}::timestamptz, ${freshChoiceSince(at).toISOString()}::timestamptz, ${productId}::integer, ${cart}::boolean, string_to_array(${days}::text, ',')) as session`,
      );
      const row = jsonColumn<{
        customer: Customer;
        expiresAt: string;
        renewedAt: string;
        viewer: ViewerJson;
        standing: ReviewStanding | null;
        draft: { read: unknown; held: boolean } | null;
        review: { book: unknown; slots: unknown } | null;
      }>(result, "session");
      if (!row) return null;
      let expiresAt = new Date(row.expiresAt);
      let renewed = false;
      if (at - new Date(row.renewedAt).getTime() > SESSION_RENEW_AFTER_MS) {
        expiresAt = new Date(at + SESSION_LIFETIME_MS);
        await db
          .update(sessions)
          .set({ expiresAt, renewedAt: new Date(at) })
          .where(eq(sessions.id, id));
        renewed = true;
      }
      const customer: Customer = { ...row.customer, language: isLocale(row.customer.language) ? row.customer.language : null };
      return {
        customer,
        expiresAt,
        renewed,
        viewer: toViewerFacts(row.viewer),
        ...(row.standing && { standing: row.standing }),
        // Not while an order awaits its payment: the page's check may put it back in the cart.
        ...(row.draft && !row.draft.held && { cart: sessionReadOf("cart", customer.id, row.draft.read) }),
        ...(row.review && { review: { book: sessionReadOf("book", customer.id, row.review.book), slots: { json: row.review.slots } } }),
      };
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
      // Clerk's customers reset their password with Clerk. An account opened with a mobile number
      // whose e-mail has no password yet gets one this way (decision 053).
      if (!row || (!row.passwordHash && row.clerkUserId)) return null;
      const code = newResetCode();
      await db.transaction(async (tx) => {
        // A new code replaces any earlier one.
        await tx.delete(passwordResets).where(eq(passwordResets.customerId, row.id));
        await tx.insert(passwordResets).values({ customerId: row.id, codeHash: digest(`${row.id}:${code}`), expiresAt: new Date(now() + RESET_CODE_LIFETIME_MS) });
      });
      return { customer: toCustomer(row), code };
    },

    async resetPassword(email, code, newPassword): Promise<ResetOutcome> {
      const [row] = await db
        .select()
        .from(customers)
        .where(eq(customers.email, normalizeEmail(email)))
        .limit(1);
      if (!row || (!row.passwordHash && row.clerkUserId)) return "invalid";
      const live = and(eq(passwordResets.customerId, row.id), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, new Date(now())));
      const newest = db.select({ id: passwordResets.id }).from(passwordResets).where(live).orderBy(desc(passwordResets.createdAt)).limit(1);
      // The try is taken before the code is compared, in one statement, so parallel guesses
      // cannot share the last try: a code is compared at most RESET_CODE_TRIES times.
      const [reset] = await db
        .update(passwordResets)
        .set({ attempts: sql`${passwordResets.attempts} + 1` })
        .where(and(inArray(passwordResets.id, newest), lt(passwordResets.attempts, RESET_CODE_TRIES)))
        .returning({ id: passwordResets.id, codeHash: passwordResets.codeHash, attempts: passwordResets.attempts });
      if (!reset) {
        const [spent] = await db.select({ attempts: passwordResets.attempts }).from(passwordResets).where(inArray(passwordResets.id, newest));
        return spent && spent.attempts >= RESET_CODE_TRIES ? "spent" : "invalid";
      }
      if (reset.codeHash !== digest(`${row.id}:${code}`)) return reset.attempts >= RESET_CODE_TRIES ? "spent" : "invalid";
      const passwordHash = await hashPassword(newPassword);
      return db.transaction(async (tx): Promise<ResetOutcome> => {
        // Marking it used only if still unused makes a double submit change the password once.
        const used = await tx
          .update(passwordResets)
          .set({ usedAt: new Date(now()) })
          .where(and(eq(passwordResets.id, reset.id), isNull(passwordResets.usedAt)))
          .returning({ id: passwordResets.id });
        if (used.length === 0) return "invalid";
        // The code came to the mailbox, so the mailbox is the owner's (decision 047).
        // A number verified before the mailbox was proved may be whoever typed someone else's
        // e-mail (a pre-hijack, decision 053): the mailbox's owner now holds the account, and the
        // number must be verified again.
        // The SMS consents were given with that number: they go with it (issue 48), so the owner's
        // own number, added later, starts with none.
        const unproved = !row.emailVerifiedAt;
        await tx
          .update(customers)
          .set({
            passwordHash,
            emailVerifiedAt: sql`coalesce(${customers.emailVerifiedAt}, ${new Date(now()).toISOString()}::timestamptz)`,
            ...(unproved && { mobile: null, mobileVerifiedAt: null, smsUpdates: false, smsOffers: false }),
            updatedAt: new Date(now()),
          })
          .where(eq(customers.id, row.id));
        if (unproved) {
          const ended = SMS_PURPOSES.filter((purpose) => row[SMS_ACCOUNT_FIELD[purpose]]);
          await recordConsent(tx, ...ended.map((purpose) => ({ purpose, customerId: row.id, granted: false, via: "number-removed" as const })));
        }
        await tx.delete(emailConfirmations).where(eq(emailConfirmations.customerId, row.id));
        // Whoever knew the old password may have signed in: their sessions end, and their
        // browsers no longer pass the sign-in limit as the owner's.
        await tx.delete(sessions).where(eq(sessions.customerId, row.id));
        await tx.delete(apiTokens).where(eq(apiTokens.customerId, row.id));
        await tx.delete(knownDevices).where(eq(knownDevices.customerId, row.id));
        return "changed";
      });
    },

    async emailConfirmed(customerId) {
      const [row] = await db.select({ at: customers.emailVerifiedAt }).from(customers).where(eq(customers.id, customerId)).limit(1);
      return Boolean(row?.at);
    },

    async newEmailConfirmation(customerId) {
      const [row] = await db.select({ at: customers.emailVerifiedAt }).from(customers).where(eq(customers.id, customerId)).limit(1);
      if (!row || row.at) return null;
      const token = newToken();
      const values = { tokenDigest: digest(`confirm:${customerId}:${token}`), expiresAt: new Date(now() + EMAIL_CONFIRMATION_LIFETIME_MS), createdAt: new Date(now()) };
      // One live link per account: the newest mail's.
      await db
        .insert(emailConfirmations)
        .values({ customerId, ...values })
        .onConflictDoUpdate({ target: emailConfirmations.customerId, set: values });
      return token;
    },

    async confirmEmail(customerId, token) {
      if (!token) return false;
      return db.transaction(async (tx) => {
        // Deleting the row is what uses the link: two clicks at once confirm once.
        const [used] = await tx
          .delete(emailConfirmations)
          .where(
            and(
              eq(emailConfirmations.customerId, customerId),
              eq(emailConfirmations.tokenDigest, digest(`confirm:${customerId}:${token}`)),
              gt(emailConfirmations.expiresAt, new Date(now())),
            ),
          )
          .returning({ customerId: emailConfirmations.customerId });
        if (!used) return false;
        await tx
          .update(customers)
          .set({ emailVerifiedAt: new Date(now()), updatedAt: new Date(now()) })
          .where(and(eq(customers.id, customerId), isNull(customers.emailVerifiedAt)));
        return true;
      });
    },

    async byId(id) {
      const [row] = await db.select().from(customers).where(eq(customers.id, id)).limit(1);
      return row ? toCustomer(row) : null;
    },

    async findLocal(email) {
      const [row] = await db
        .select()
        .from(customers)
        .where(and(eq(customers.email, normalizeEmail(email)), isNotNull(customers.passwordHash)))
        .limit(1);
      return row ? toCustomer(row) : null;
    },

    async knownDevice(email, deviceToken) {
      const [row] = await db
        .select({ id: customers.id })
        .from(customers)
        .where(eq(customers.email, normalizeEmail(email)))
        .limit(1);
      if (!row) return null;
      const id = deviceId(row.id, deviceToken);
      const [device] = await db
        .select({ id: knownDevices.id })
        .from(knownDevices)
        .where(and(eq(knownDevices.id, id), gt(knownDevices.lastSignedInAt, new Date(now() - DEVICE_LIFETIME_MS))))
        .limit(1);
      return device ? device.id : null;
    },

    async rememberDevice(customerId, deviceToken) {
      const at = new Date(now());
      await db
        .insert(knownDevices)
        .values({ id: deviceId(customerId, deviceToken), customerId, lastSignedInAt: at, createdAt: at })
        .onConflictDoUpdate({ target: knownDevices.id, set: { lastSignedInAt: at } });
      // Devices not seen for a year (their cookie has lapsed) are swept now and then.
      if (Math.random() < 0.05) await db.delete(knownDevices).where(lt(knownDevices.lastSignedInAt, new Date(now() - DEVICE_LIFETIME_MS)));
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

    async setLanguage(customerId, language) {
      await db
        .update(customers)
        .set({ language, updatedAt: new Date(now()) })
        .where(eq(customers.id, customerId));
    },

    async byMobile(mobile) {
      const [row] = await db.select().from(customers).where(eq(customers.mobile, mobile)).limit(1);
      return row ? toCustomer(row) : null;
    },

    async registerMobile(input) {
      const at = new Date(now());
      try {
        return await db.transaction(async (tx) => {
          const smsUpdates = input.smsUpdates === true;
          const [row] = await tx
            .insert(customers)
            // The contact phone the checkout offers is the verified number.
            .values({ name: input.name.trim(), email: input.email ? normalizeEmail(input.email) : null, phone: input.mobile, mobile: input.mobile, mobileVerifiedAt: at, smsUpdates })
            .returning();
          // Order updates by SMS only when the box was ticked (issue 48 item 2): a grant in the ledger.
          if (smsUpdates) await recordConsent(tx, { purpose: "order-sms", customerId: row!.id, granted: true, via: "sign-in", at });
          return toCustomer(row!);
        });
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        const [byNumber] = await db.select().from(customers).where(eq(customers.mobile, input.mobile)).limit(1);
        if (byNumber) return toCustomer(byNumber);
        throw new ShopError("conflict", ACCOUNT_MESSAGES.emailTaken);
      }
    },

    async setMobile(customerId, mobile, smsUpdates = false) {
      try {
        return await db.transaction(async (tx) => {
          const [before] = await tx.select({ mobile: customers.mobile, smsUpdates: customers.smsUpdates }).from(customers).where(eq(customers.id, customerId)).for("update");
          if (!before) return { set: false as const };
          // The box ticked when the number was verified gives order updates by SMS; left empty, the choice stands as it was.
          const grant = smsUpdates && !before.smsUpdates;
          await tx
            .update(customers)
            .set({
              mobile,
              ...(grant && { smsUpdates: true }),
              mobileVerifiedAt: new Date(now()),
              phone: sql`case when ${customers.phone} = '' or ${customers.phone} = ${before.mobile ?? ""} then ${mobile} else ${customers.phone} end`,
              updatedAt: new Date(now()),
            })
            .where(eq(customers.id, customerId));
          if (grant) await recordConsent(tx, { purpose: "order-sms", customerId, granted: true, via: "sign-in" });
          return { set: true as const, previous: before.mobile };
        });
      } catch (error) {
        if (isUniqueViolation(error)) return { set: false as const };
        throw error;
      }
    },

    async addEmail(customerId, email, password) {
      // Without a password (decision 066) the account keeps none: it had no e-mail, so none to sign in with.
      const passwordHash = password === null ? null : await hashPassword(password);
      try {
        const [row] = await db
          .update(customers)
          .set({ email: normalizeEmail(email), ...(passwordHash && { passwordHash }), updatedAt: new Date(now()) })
          .where(and(eq(customers.id, customerId), isNull(customers.email)))
          .returning({ id: customers.id });
        return row ? "added" : "has-one";
      } catch (error) {
        if (isUniqueViolation(error)) return "taken";
        throw error;
      }
    },

    async emailInUse(email) {
      const [row] = await db
        .select({ id: customers.id })
        .from(customers)
        .where(eq(customers.email, normalizeEmail(email)))
        .limit(1);
      return Boolean(row);
    },

    async sessionStartedAt(token) {
      if (!token) return null;
      const [row] = await db
        .select({ at: sessions.createdAt })
        .from(sessions)
        .where(eq(sessions.id, digest(token)))
        .limit(1);
      return row?.at ?? null;
    },

    async smsSettings(customerId) {
      const [row] = await db.select({ mobile: customers.mobile, updates: customers.smsUpdates }).from(customers).where(eq(customers.id, customerId)).limit(1);
      return { mobile: row?.mobile ?? null, updates: row?.updates ?? false };
    },

    async clerkCustomer(clerkUserId) {
      const [row] = await db.select().from(customers).where(eq(customers.clerkUserId, clerkUserId)).limit(1);
      return row ? toCustomer(row) : null;
    },

    async linkClerkUser(user) {
      const email = normalizeEmail(user.email);
      const [byClerk] = await db.select().from(customers).where(eq(customers.clerkUserId, user.clerkUserId)).limit(1);
      if (byClerk) return toCustomer(byClerk);
      // Clerk verified the e-mail, so an existing account with it is this person's, and its
      // mailbox is proved (decision 047).
      const [linked] = await db
        .update(customers)
        .set({ clerkUserId: user.clerkUserId, emailVerifiedAt: sql`coalesce(${customers.emailVerifiedAt}, ${new Date(now()).toISOString()}::timestamptz)`, updatedAt: new Date(now()) })
        .where(and(eq(customers.email, email), isNull(customers.clerkUserId)))
        .returning();
      if (linked) return toCustomer(linked);
      try {
        const [created] = await db
          .insert(customers)
          .values({ email, name: user.name.trim() || email, clerkUserId: user.clerkUserId, emailVerifiedAt: new Date(now()) })
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
