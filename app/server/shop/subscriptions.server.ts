// Standing orders (issue 45, decision 076): a shopper's subscriptions, their pauses and skips,
// and the cut-off's work. Each day of each subscription is made once: its subscription_days row
// is written in the transaction that places its order, so a second instance (or the same job run
// again after kill -9) finds the day done; a day that cannot be made is recorded as skipped in
// the transaction that queues the shopper's SMS and mail. The rules are domain/subscription.ts's.
import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, lte, sql } from "drizzle-orm";
import { addressLine } from "../../domain/address.ts";
import { PLACEHOLDER_IMAGE } from "../../domain/catalog.ts";
import { isLocale, pathIn, type Locale } from "../../domain/i18n/locale.ts";
import { i18nFor } from "../../domain/i18n/registry.ts";
import { keptSmsValues, smsLanguage, smsTemplatesOf } from "../../domain/sms.ts";
import { store } from "../../domain/store-config.ts";
import {
  addDays,
  changeable,
  daysToMake,
  checkPause,
  checkSkip,
  cutoffOf,
  deliveryItems,
  heldMail,
  deliversOn,
  firstOpenDay,
  MAX_SUBSCRIPTION_QUANTITY,
  reminderMail,
  scheduleStatus,
  skippedMail,
  smsValue,
  SUBSCRIPTION_MESSAGES,
  type Schedule,
} from "../../domain/subscription.ts";
import { formatRupees } from "../../domain/money.ts";
import { prepaidDiscountPaise } from "../../domain/pricing.ts";
import { dayText, shopDate } from "../../domain/delivery.ts";
import { DEFAULT_HOLD_MINUTES } from "../../domain/payment.ts";
import { AUTOPAY_CEILING_PAISE, AUTOPAY_MESSAGES, autopayCeiling, autopayRefusal } from "../../domain/autopay.ts";
import type { Autopay } from "./autopay.server.ts";
import type { Db } from "../db/client.server.ts";
import {
  addresses,
  customers,
  mailQueue,
  orderLines,
  orders,
  products,
  subscriptionDays,
  subscriptionPauses,
  subscriptionReminders,
  subscriptionSkips,
  subscriptions,
  variants,
} from "../db/schema.server.ts";
import { appEnv } from "../env.server.ts";
import { cookieSecret } from "../security/secret.server.ts";
import { skipLinkPath } from "../subscriptions/skip-link.server.ts";
import type { Conn } from "./coupons.server.ts";
import { checkServiceable, readSettings } from "./delivery.server.ts";
import { audit } from "./audit.server.ts";
import { leaseHolder, underLease } from "./leases.server.ts";
import { placeIn } from "./orders.server.ts";
import { ShopError, type Customer, type CutoffRun, type MadeDay, type SubscriptionsOverview, type SubscriptionsPort, type SubscriptionView } from "./port.server.ts";

type SubscriptionRow = typeof subscriptions.$inferSelect;

export interface SubscriptionsOptions {
  now?: () => Date;
  prepaidPercent?: number;
  holdMinutes?: number;
  /** How many days' orders are made at once: PostgreSQL takes several connections; PGlite has one. */
  concurrency?: number;
  /** Signs the reminder's skip links: the cookie secret, read when the first reminder goes. */
  linkSecret?: () => string;
  /** Autopay's mandates and charges (decision 078); absent, only cash on delivery is offered. */
  autopay?: Autopay;
}

/** Long enough for 10,000 subscriptions' pass; a holder that died loses it after this. */
const LEASE_MS = 10 * 60_000;

/** How many of a subscription's past days its page shows. */
const DAYS_SHOWN = 10;

function checkQuantity(quantity: number): void {
  if (!Number.isInteger(quantity) || quantity < 1 || quantity > MAX_SUBSCRIPTION_QUANTITY) throw new ShopError("invalid", SUBSCRIPTION_MESSAGES.quantity(MAX_SUBSCRIPTION_QUANTITY));
}

function scheduleOf(row: SubscriptionRow, pauses: readonly { fromDate: string; toDate: string }[], skips: readonly string[]): Schedule {
  return {
    start: row.startDate,
    frequency: row.frequency,
    status: scheduleStatus(row),
    pauses: pauses.map((p) => ({ from: p.fromDate, to: p.toDate })),
    skips,
  };
}

/** The language a shopper is told in: the account's choice, else the page's they subscribed on. */
export function languageOf(account: string | null, page: string | null): Locale {
  const wanted = account ?? page;
  return wanted && isLocale(wanted) ? wanted : "en";
}

export function createSubscriptions(
  db: Db,
  { now = () => new Date(), prepaidPercent = 0, holdMinutes = DEFAULT_HOLD_MINUTES, concurrency = 1, linkSecret = () => cookieSecret(appEnv()), autopay }: SubscriptionsOptions = {},
): SubscriptionsPort {
  const holder = leaseHolder();
  const cutoffHour = async (conn: Conn) => (await readSettings(conn)).subscriptionCutoffHour;

  /** The customer's subscription (any, when `customer` is null), locked for the transaction. */
  async function lockOwn(tx: Conn, customer: Customer | null, id: number): Promise<SubscriptionRow> {
    if (!Number.isSafeInteger(id) || id <= 0) throw new ShopError("not_found", SUBSCRIPTION_MESSAGES.notFound);
    const [row] = await tx
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.id, id), customer ? eq(subscriptions.customerId, customer.id) : undefined))
      .for("update");
    if (!row) throw new ShopError("not_found", SUBSCRIPTION_MESSAGES.notFound);
    return row;
  }

  async function scheduleFor(tx: Conn, row: SubscriptionRow, from?: string): Promise<Schedule> {
    const [pauses, skips] = await Promise.all([
      tx.select().from(subscriptionPauses).where(eq(subscriptionPauses.subscriptionId, row.id)),
      tx
        .select({ date: subscriptionSkips.date })
        .from(subscriptionSkips)
        .where(and(eq(subscriptionSkips.subscriptionId, row.id), from ? gte(subscriptionSkips.date, from) : undefined)),
    ]);
    return scheduleOf(
      row,
      pauses,
      skips.map((s) => s.date),
    );
  }

  /** Every view of `where`'s subscriptions, in four queries however many there are. */
  async function views(conn: Conn, where: ReturnType<typeof eq>): Promise<SubscriptionView[]> {
    const rows = await conn
      .select({ s: subscriptions, v: variants, p: products, a: addresses })
      .from(subscriptions)
      .innerJoin(variants, eq(variants.id, subscriptions.variantId))
      .innerJoin(products, eq(products.id, variants.productId))
      .leftJoin(addresses, eq(addresses.id, subscriptions.addressId))
      .where(where)
      .orderBy(asc(subscriptions.status), desc(subscriptions.id));
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.s.id);
    const [pauses, skips, days] = await Promise.all([
      conn.select().from(subscriptionPauses).where(inArray(subscriptionPauses.subscriptionId, ids)).orderBy(asc(subscriptionPauses.fromDate)),
      conn.select().from(subscriptionSkips).where(inArray(subscriptionSkips.subscriptionId, ids)).orderBy(asc(subscriptionSkips.date)),
      conn
        .select({ d: subscriptionDays, number: orders.orderNumber })
        .from(subscriptionDays)
        .leftJoin(orders, eq(orders.id, subscriptionDays.orderId))
        .where(inArray(subscriptionDays.subscriptionId, ids))
        .orderBy(desc(subscriptionDays.date)),
    ]);
    return rows.map(({ s, v, p, a }) => ({
      id: s.id,
      productId: p.id,
      title: p.title,
      ...(p.titleHi ? { titleHi: p.titleHi } : {}),
      attribute: v.attribute,
      internalReference: v.internalReference,
      image: v.images[0] ?? PLACEHOLDER_IMAGE,
      pricePaise: v.pricePaise,
      quantity: s.quantity,
      frequency: s.frequency,
      startDate: s.startDate,
      slotKind: s.slotKind,
      addressId: s.addressId,
      address: a ? `${a.name}, ${addressLine(a)}` : null,
      paymentMethod: s.paymentMethod,
      autopay: s.paymentMethod === "razorpay" && s.autopayMethod && s.autopayStatus ? { method: s.autopayMethod, status: s.autopayStatus, maxPaise: s.autopayMaxPaise ?? 0 } : null,
      status: s.status,
      heldReason: s.heldReason,
      pauses: pauses.filter((x) => x.subscriptionId === s.id).map((x) => ({ from: x.fromDate, to: x.toDate })),
      skips: skips.filter((x) => x.subscriptionId === s.id).map((x) => x.date),
      days: days
        .filter((x) => x.d.subscriptionId === s.id)
        .slice(0, DAYS_SHOWN)
        .map((x) => ({ date: x.d.date, outcome: x.d.outcome, orderId: x.d.orderId, orderNumber: x.number, reason: x.d.reason })),
    }));
  }

  async function ownAddress(tx: Conn, customer: Customer, addressId: number) {
    const [address] = await tx
      .select()
      .from(addresses)
      .where(and(eq(addresses.id, addressId), eq(addresses.customerId, customer.id)));
    if (!address) throw new ShopError("invalid", "Choose a delivery address.");
    // An address outside the PINs served takes no deliveries (issue 14): said now, not at the cut-off.
    await checkServiceable(tx, address.zip);
    return address;
  }

  /** Records a day the cut-off could not make, once, and tells the shopper why, in one transaction. */
  async function recordSkipped(row: SubscriptionRow, date: string, reason: string, at: Date): Promise<boolean> {
    return db.transaction(async (tx) => {
      const [recorded] = await tx
        .insert(subscriptionDays)
        .values({ subscriptionId: row.id, date, outcome: "skipped", reason, at })
        .onConflictDoNothing()
        .returning({ date: subscriptionDays.date });
      if (!recorded) return false;
      await tellSkipped(tx, row, date, reason, at);
      return true;
    });
  }

  return {
    create: (customer, input) =>
      db.transaction(async (tx) => {
        checkQuantity(input.quantity);
        const [item] = await tx
          .select({ variantId: variants.id, subscribable: products.subscribable, pricePaise: variants.pricePaise })
          .from(variants)
          .innerJoin(products, eq(products.id, variants.productId))
          .where(eq(variants.internalReference, input.internalReference));
        if (!item?.subscribable) throw new ShopError("invalid", SUBSCRIPTION_MESSAGES.notSubscribable);
        await ownAddress(tx, customer, input.addressId);
        const open = firstOpenDay(now(), await cutoffHour(tx));
        if (input.startDate < open) throw new ShopError("invalid", SUBSCRIPTION_MESSAGES.startTooSoon(open));
        let ceiling: number | null = null;
        if (input.paymentMethod === "razorpay") {
          if (!autopay?.available) throw new ShopError("unavailable", AUTOPAY_MESSAGES.unavailable);
          ceiling = autopayCeiling(item.pricePaise * input.quantity);
          if (ceiling === null) throw new ShopError("invalid", AUTOPAY_MESSAGES.tooMuch(AUTOPAY_CEILING_PAISE));
        }
        const at = now();
        const [made] = await tx
          .insert(subscriptions)
          .values({
            customerId: customer.id,
            variantId: item.variantId,
            quantity: input.quantity,
            frequency: input.frequency,
            startDate: input.startDate,
            slotKind: input.slotKind,
            addressId: input.addressId,
            paymentMethod: input.paymentMethod,
            ...(input.paymentMethod === "razorpay" ? { autopayMethod: input.instrument, autopayStatus: "created" as const, autopayMaxPaise: ceiling } : {}),
            language: input.language,
            createdAt: at,
            updatedAt: at,
          })
          .returning({ id: subscriptions.id });
        return { id: made!.id };
      }),

    list: (customer) => views(db, eq(subscriptions.customerId, customer.id)),

    async get(customer, id) {
      if (!Number.isSafeInteger(id) || id <= 0) return null;
      const [view] = await views(db, and(eq(subscriptions.id, id), eq(subscriptions.customerId, customer.id)) as ReturnType<typeof eq>);
      return view ?? null;
    },

    async linked(id) {
      if (!Number.isSafeInteger(id) || id <= 0) return null;
      const [view] = await views(db, eq(subscriptions.id, id));
      return view ?? null;
    },

    change: (customer, id, change) =>
      db.transaction(async (tx) => {
        const row = await lockOwn(tx, customer, id);
        if (row.status !== "active") throw new ShopError("conflict", SUBSCRIPTION_MESSAGES.ended);
        if (change.quantity !== undefined) checkQuantity(change.quantity);
        if (change.addressId !== undefined) await ownAddress(tx, customer, change.addressId);
        const open = firstOpenDay(now(), await cutoffHour(tx));
        await tx
          .update(subscriptions)
          .set({
            ...(change.quantity !== undefined ? { quantity: change.quantity } : {}),
            ...(change.slotKind !== undefined ? { slotKind: change.slotKind } : {}),
            ...(change.addressId !== undefined ? { addressId: change.addressId } : {}),
            // A new rhythm counts from the first day it can touch; days already made keep theirs.
            ...(change.frequency !== undefined ? { frequency: change.frequency, startDate: row.startDate > open ? row.startDate : open } : {}),
            updatedAt: now(),
          })
          .where(eq(subscriptions.id, row.id));
      }),

    pause: (customer, id, pause) =>
      db.transaction(async (tx) => {
        const row = await lockOwn(tx, customer, id);
        if (row.status !== "active") throw new ShopError("conflict", SUBSCRIPTION_MESSAGES.ended);
        const refused = checkPause(pause, now(), await cutoffHour(tx));
        if (refused) throw new ShopError("invalid", refused);
        await tx.insert(subscriptionPauses).values({ subscriptionId: row.id, fromDate: pause.from, toDate: pause.to, createdAt: now() });
      }),

    resume: (customer, id) =>
      db.transaction(async (tx) => {
        const row = await lockOwn(tx, customer, id);
        if (row.status !== "active") throw new ShopError("conflict", SUBSCRIPTION_MESSAGES.ended);
        const open = firstOpenDay(now(), await cutoffHour(tx));
        // Pauses wholly ahead go; one under way ends the day before the first open day.
        await tx.delete(subscriptionPauses).where(and(eq(subscriptionPauses.subscriptionId, row.id), gte(subscriptionPauses.fromDate, open)));
        await tx
          .update(subscriptionPauses)
          .set({ toDate: addDays(open, -1) })
          .where(and(eq(subscriptionPauses.subscriptionId, row.id), gte(subscriptionPauses.toDate, open)));
      }),

    skip: (customer, id, date, via) =>
      db.transaction(async (tx) => {
        const row = await lockOwn(tx, customer, id);
        const [already] = await tx
          .select()
          .from(subscriptionSkips)
          .where(and(eq(subscriptionSkips.subscriptionId, row.id), eq(subscriptionSkips.date, date)));
        let skipped = false;
        if (!already) {
          if (row.status !== "active") throw new ShopError("conflict", SUBSCRIPTION_MESSAGES.ended);
          const refused = checkSkip(await scheduleFor(tx, row, date), date, now(), await cutoffHour(tx));
          if (refused) throw new ShopError("conflict", refused);
          await tx.insert(subscriptionSkips).values({ subscriptionId: row.id, date, via, createdAt: now() });
          skipped = true;
        }
        const [view] = await views(tx, eq(subscriptions.id, row.id));
        return { skipped, view: view! };
      }),

    cancel: (customer, id) =>
      db.transaction(async (tx) => {
        const row = await lockOwn(tx, customer, id);
        if (row.status !== "active") throw new ShopError("conflict", SUBSCRIPTION_MESSAGES.ended);
        await tx.update(subscriptions).set({ status: "cancelled", cancelledAt: now(), updatedAt: now() }).where(eq(subscriptions.id, row.id));
      }),

    async due(date) {
      // Every active subscription begun by `date` and not yet made for it, with its pauses over
      // the day and its skip of it; the frequency is read here (domain/subscription.ts).
      const rows = await db
        .select({ s: subscriptions, skipped: subscriptionSkips.date })
        .from(subscriptions)
        .leftJoin(subscriptionDays, and(eq(subscriptionDays.subscriptionId, subscriptions.id), eq(subscriptionDays.date, date)))
        .leftJoin(subscriptionSkips, and(eq(subscriptionSkips.subscriptionId, subscriptions.id), eq(subscriptionSkips.date, date)))
        .where(and(eq(subscriptions.status, "active"), isNull(subscriptions.heldReason), lte(subscriptions.startDate, date), isNull(subscriptionDays.date)))
        .orderBy(asc(subscriptions.id));
      if (rows.length === 0) return [];
      const paused = new Set(
        (
          await db
            .select({ id: subscriptionPauses.subscriptionId })
            .from(subscriptionPauses)
            .where(and(lte(subscriptionPauses.fromDate, date), gte(subscriptionPauses.toDate, date)))
        ).map((p) => p.id),
      );
      return rows.filter((r) => !paused.has(r.s.id) && deliversOn(scheduleOf(r.s, [], r.skipped ? [r.skipped] : []), date)).map((r) => r.s.id);
    },

    async make(id, date) {
      const at = now();
      try {
        return await db.transaction(async (tx): Promise<MadeDay> => {
          // The day is claimed first: a second maker waits here for this one's commit, then finds it done.
          const [claimed] = await tx.insert(subscriptionDays).values({ subscriptionId: id, date, outcome: "made", at }).onConflictDoNothing().returning({ date: subscriptionDays.date });
          if (!claimed) return { outcome: "done" };
          const locked = await lockOwn(tx, null, id);
          // Skipped, paused or cancelled since `due` read it: nothing is made, and the claim goes with this transaction.
          // Asked after the lock, in a statement of its own: its snapshot then sees a skip that committed while this waited.
          if (!deliversOn(scheduleOf(locked, [], []), date) || (await leftOut(tx, id, date))) throw new NotDue();
          if (!locked.addressId) throw new ShopError("conflict", SUBSCRIPTION_MESSAGES.addressGone);
          const mandate = locked.paymentMethod === "razorpay" ? { status: locked.autopayStatus, maxPaise: locked.autopayMaxPaise } : null;
          const unapproved = mandate && autopayRefusal(mandate, 0);
          if (unapproved) throw new ShopError("conflict", unapproved);
          const [draft] = await tx
            .insert(orders)
            .values({ customerId: locked.customerId, subscriptionId: id, createdAt: at, updatedAt: at })
            .returning({ id: orders.id, couponId: orders.couponId, paymentInstrument: orders.paymentInstrument });
          await tx.insert(orderLines).values({ orderId: draft!.id, variantId: locked.variantId, quantity: locked.quantity, createdAt: at, updatedAt: at });
          const placed = await placeIn(
            tx,
            { id: locked.customerId },
            draft!,
            {
              addressId: locked.addressId,
              paymentMethod: mandate ? "razorpay" : "cod",
              slot: { date, kind: locked.slotKind },
              standing: true,
              ...(mandate ? { mandate: { instrument: locked.autopayMethod ?? "upi" } } : {}),
            },
            { at, prepaidPercent, holdMinutes },
          );
          if (mandate) {
            // What the order came to (a price may have risen since the mandate was approved): over its ceiling, nothing is made.
            const [total] = await tx.select({ paise: orders.totalPaise }).from(orders).where(eq(orders.id, placed.orderId));
            const over = autopayRefusal(mandate, total!.paise ?? 0);
            if (over) throw new ShopError("conflict", over);
          }
          await tx
            .update(subscriptionDays)
            .set({ orderId: placed.orderId })
            .where(and(eq(subscriptionDays.subscriptionId, id), eq(subscriptionDays.date, date)));
          return { outcome: "made", orderId: placed.orderId };
        });
      } catch (error) {
        if (error instanceof NotDue) return { outcome: "not_due" };
        if (!(error instanceof ShopError)) throw error;
        const reason = error.message.replace(/\.$/, "");
        const [row] = await db.select().from(subscriptions).where(eq(subscriptions.id, id));
        if (!row) return { outcome: "not_due" };
        return (await recordSkipped(row, date, reason, at)) ? { outcome: "skipped", reason } : { outcome: "done" };
      }
    },

    async runCutoff() {
      return underLease(db, { name: "subscriptions.cutoff", holder, ms: LEASE_MS }, now(), async () => {
        const at = now();
        const hour = await cutoffHour(db);
        const run: CutoffRun = { reminded: 0, made: 0, skipped: 0, charged: 0, chargeFailed: 0, days: daysToMake(at, hour) };
        const tomorrow = addDays(shopDate(at), 1);
        if (at >= reminderTime(tomorrow, hour) && changeable(tomorrow, at, hour)) run.reminded = await this.remind(tomorrow);
        for (const date of run.days) {
          const due = await this.due(date);
          // A few makers side by side on PostgreSQL: each order locks its variant, slot and number in
          // that order (placeIn), so they wait on one another at worst, and never deadlock.
          const maker = async () => {
            for (let id = due.shift(); id !== undefined; id = due.shift()) {
              const made = await this.make(id, date);
              if (made.outcome === "made") run.made++;
              else if (made.outcome === "skipped") run.skipped++;
            }
          };
          await Promise.all(Array.from({ length: Math.max(1, concurrency) }, maker));
        }
        // Charged after the orders are made and committed: Razorpay is never called inside a transaction.
        if (autopay) {
          const charges = await autopay.charge();
          run.charged = charges.charged;
          run.chargeFailed = charges.failed;
        }
        return run;
      });
    },

    async overview(date) {
      const rows = await db
        .select({ s: subscriptions, v: variants, p: products })
        .from(subscriptions)
        .innerJoin(variants, eq(variants.id, subscriptions.variantId))
        .innerJoin(products, eq(products.id, variants.productId))
        .where(eq(subscriptions.status, "active"))
        .orderBy(asc(products.title), asc(variants.id));
      const [due, paused, skipped] = await Promise.all([
        this.due(date).then((ids) => new Set(ids)),
        db
          .select({ id: subscriptionPauses.subscriptionId })
          .from(subscriptionPauses)
          .where(and(lte(subscriptionPauses.fromDate, date), gte(subscriptionPauses.toDate, date)))
          .then((r) => new Set(r.map((x) => x.id))),
        db
          .select({ id: subscriptionSkips.subscriptionId })
          .from(subscriptionSkips)
          .where(eq(subscriptionSkips.date, date))
          .then((r) => new Set(r.map((x) => x.id))),
      ]);
      const byVariant = new Map<number, SubscriptionsOverview["variants"][number]>();
      for (const { s, v, p } of rows) {
        let line = byVariant.get(v.id);
        if (!line)
          byVariant.set(
            v.id,
            (line = { variantId: v.id, productId: p.id, title: p.title, attribute: v.attribute, internalReference: v.internalReference, active: 0, held: 0, dueOn: 0, unitsOn: 0 }),
          );
        if (s.heldReason) line.held++;
        else line.active++;
        if (due.has(s.id)) {
          line.dueOn++;
          line.unitsOn += s.quantity;
        }
      }
      const live = rows.filter((r) => !r.s.heldReason);
      return {
        date,
        active: live.length,
        pausedOn: live.filter((r) => paused.has(r.s.id)).length,
        skippedOn: live.filter((r) => skipped.has(r.s.id)).length,
        held: rows.length - live.length,
        variants: [...byVariant.values()],
      };
    },

    hold: (staffId, variantId, reason) =>
      db.transaction(async (tx) => {
        const at = now();
        const changed = await tx
          .update(subscriptions)
          .set({ heldReason: reason, updatedAt: at })
          .where(
            and(eq(subscriptions.variantId, variantId), eq(subscriptions.status, "active"), reason === null ? isNotNull(subscriptions.heldReason) : isNull(subscriptions.heldReason)),
          )
          .returning();
        await audit(tx, {
          staffId,
          action: reason === null ? "subscriptions_released" : "subscriptions_held",
          entity: "variant",
          entityId: variantId,
          after: { reason, count: changed.length },
        });
        if (reason === null || changed.length === 0) return changed.length;
        const [item] = await tx.select({ p: products, v: variants }).from(variants).innerJoin(products, eq(products.id, variants.productId)).where(eq(variants.id, variantId));
        const env = appEnv();
        // Each shopper is told by mail, in their language, why nothing more will come.
        for (const row of changed) {
          const who = await shopperOf(tx, row);
          if (!who.email) continue;
          const language = languageOf(who.language, row.language);
          const items = itemsOf(row, item!.p, item!.v, language);
          const mail = heldMail(who, { items, reason }, store.name, env.publicOrigin, i18nFor(language));
          await tx.insert(mailQueue).values({ channel: "mail", to: who.email, subject: mail.subject, body: mail.text, nextAttemptAt: at, createdAt: at, updatedAt: at });
        }
        return changed.length;
      }),

    autopayAvailable: Boolean(autopay?.available),
    autopay: (customer, id) => (autopay ? autopay.start(customer, id) : Promise.reject(new ShopError("unavailable", AUTOPAY_MESSAGES.unavailable))),
    autopayReturn: (fields) => (autopay ? autopay.complete(fields) : Promise.reject(new ShopError("unavailable", AUTOPAY_MESSAGES.unavailable))),
    autopayRefresh: async (customer) => autopay?.refresh(customer),
    autopayStop: async (id) => autopay?.stop(id),

    async remind(date) {
      const at = now();
      const env = appEnv();
      const ids = await this.due(date);
      let queued = 0;
      for (const id of ids) {
        const sent = await db.transaction(async (tx) => {
          const [claimed] = await tx.insert(subscriptionReminders).values({ subscriptionId: id, date, at }).onConflictDoNothing().returning({ date: subscriptionReminders.date });
          if (!claimed) return false;
          const [found] = await tx
            .select({ s: subscriptions, v: variants, p: products })
            .from(subscriptions)
            .innerJoin(variants, eq(variants.id, subscriptions.variantId))
            .innerJoin(products, eq(products.id, variants.productId))
            .where(eq(subscriptions.id, id));
          const { s, v, p } = found!;
          const who = await shopperOf(tx, s);
          const language = languageOf(who.language, s.language);
          const items = itemsOf(s, p, v, language);
          // What the order will come to: paid by Autopay, less the prepaid discount as placing gives it.
          const gross = v.pricePaise * s.quantity;
          const totalPaise = gross - (s.paymentMethod === "razorpay" ? prepaidDiscountPaise(gross, prepaidPercent) : 0);
          const path = pathIn(language, skipLinkPath(linkSecret(), id, date));
          const host = new URL(env.publicOrigin).host;
          await tell(
            tx,
            who,
            language,
            "subscriptionReminder",
            { items: smsValue(items), total: formatRupees(totalPaise), link: `${host}${path}` },
            (i18n) =>
              reminderMail(
                who,
                { items, totalPaise, date: dayLabel(date, language), skipUrl: env.publicOrigin + path, autopay: s.paymentMethod === "razorpay" },
                store.name,
                env.publicOrigin,
                i18n,
              ),
            at,
          );
          return true;
        });
        if (sent) queued++;
      }
      return queued;
    },
  };
}

/** Who to tell about one day of one subscription, and in which language. */
async function shopperOf(tx: Conn, row: SubscriptionRow) {
  const [who] = await tx
    .select({ name: customers.name, email: customers.email, mobile: customers.mobile, smsUpdates: customers.smsUpdates, language: customers.language })
    .from(customers)
    .where(eq(customers.id, row.customerId));
  return who!;
}

/** Queues a shopper's mail and (when the shop sends that SMS, to a verified number taking updates) SMS, in the caller's transaction. */
async function tell(
  tx: Conn,
  who: Awaited<ReturnType<typeof shopperOf>>,
  language: Locale,
  template: "subscriptionReminder" | "subscriptionSkipped",
  sms: Record<string, string>,
  mail: (i18n: ReturnType<typeof i18nFor>) => { subject: string; text: string },
  at: Date,
): Promise<void> {
  const env = appEnv();
  const kept = { nextAttemptAt: at, createdAt: at, updatedAt: at };
  const rows: (typeof mailQueue.$inferInsert)[] = [];
  const sender = env.sms && smsTemplatesOf(env.sms);
  if (sender && sender.sends(template) && who.mobile && who.smsUpdates) {
    const smsIn = smsLanguage(sender, template, language);
    rows.push({ channel: "sms", to: who.mobile, subject: template, body: JSON.stringify(keptSmsValues(sms, smsIn)), ...kept });
  }
  if (who.email) {
    const written = mail(i18nFor(language));
    rows.push({ channel: "mail", to: who.email, subject: written.subject, body: written.text, ...kept });
  }
  if (rows.length) await tx.insert(mailQueue).values(rows);
}

const itemsOf = (row: { quantity: number }, product: { title: string; titleHi: string }, variant: { attribute: string }, language: Locale) =>
  deliveryItems({ quantity: row.quantity, title: language === "hi" && product.titleHi.trim() ? product.titleHi.trim() : product.title, attribute: variant.attribute });

const dayLabel = (date: string, language: Locale) => dayText(i18nFor(language), date);

/** Tells the shopper, in their language, that `date`'s delivery was not made and why: SMS and mail, queued in `tx`. */
async function tellSkipped(tx: Conn, row: SubscriptionRow, date: string, reason: string, at: Date): Promise<void> {
  const [item] = await tx.select({ p: products, v: variants }).from(variants).innerJoin(products, eq(products.id, variants.productId)).where(eq(variants.id, row.variantId));
  const who = await shopperOf(tx, row);
  const language = languageOf(who.language, row.language);
  const env = appEnv();
  const items = itemsOf(row, item!.p, item!.v, language);
  const said = i18nFor(language)._(reason);
  const link = `${new URL(env.publicOrigin).host}${pathIn(language, "/myaccount/subscriptions")}`;
  await tell(
    tx,
    who,
    language,
    "subscriptionSkipped",
    { items: smsValue(items), date: dayLabel(date, language), reason: smsValue(said), link },
    (i18n) => skippedMail(who, { items, date: dayLabel(date, language), reason: said }, store.name, env.publicOrigin, i18n),
    at,
  );
}

/**
 * A standing order whose Autopay charge failed (decision 078), in the caller's transaction, its
 * order already cancelled: its day is recorded as skipped with Razorpay's reason and the shopper
 * told, as for any day the cut-off could not make. False when the order was not a standing one.
 */
export async function unmakeDay(tx: Conn, orderId: number, reason: string, at: Date): Promise<boolean> {
  const [day] = await tx
    .update(subscriptionDays)
    .set({ outcome: "skipped", reason, at })
    .where(and(eq(subscriptionDays.orderId, orderId), eq(subscriptionDays.outcome, "made")))
    .returning();
  if (!day) return false;
  const [row] = await tx.select().from(subscriptions).where(eq(subscriptions.id, day.subscriptionId));
  await tellSkipped(tx, row!, day.date, reason, at);
  return true;
}

/** Whether a pause or a skip leaves `date` out of a subscription: one query, in the making transaction. */
async function leftOut(tx: Conn, id: number, date: string): Promise<boolean> {
  const result = await tx.execute(
    sql`select exists(select 1 from subscription_pauses where subscription_id = ${id} and from_date <= ${date} and to_date >= ${date})
        or exists(select 1 from subscription_skips where subscription_id = ${id} and date = ${date}) as out`,
  );
  const rows = (Array.isArray(result) ? result : (result as { rows: { out: boolean }[] }).rows) as { out: boolean }[];
  return rows[0]!.out;
}

/** A day `due` listed that is no longer due when made (skipped or paused since): its claim rolls back. */
class NotDue extends Error {}

/** The instant the reminders of `date` go out: four hours before its cut-off. */
export function reminderTime(date: string, cutoffHour: number): Date {
  return new Date(cutoffOf(date, cutoffHour).getTime() - 4 * 3_600_000);
}
