// 'Notify Me' (issue 29, decision 057): shoppers waiting for an out-of-stock variant, and the one
// mail each gets when it is back. The mail is queued in the same transaction that puts the stock
// back (the staff's save, an import), or after each copy of the ERP's catalogue for every variant
// waited for that is in stock (announceWaiting), and the request ends with it, so a shopper is
// told once and the staff member's request never waits on a mail server: the mail queue's retry
// sends it (app/server/mail/queue.server.ts).
import { and, asc, desc, eq, gt, inArray, isNull, notInArray, type SQL } from "drizzle-orm";
import { PLACEHOLDER_IMAGE } from "../../domain/catalog.ts";
import { isLocale, pathIn, type Locale } from "../../domain/i18n/locale.ts";
import { i18nFor } from "../../domain/i18n/registry.ts";
import { isAvailable } from "../../domain/stock.ts";
import { backInStockMail, NOTIFY_MESSAGES } from "../../domain/stock-request.ts";
import { store } from "../../domain/store-config.ts";
import type { Db } from "../db/client.server.ts";
import { customers, mailQueue, products, stockRequests, variants } from "../db/schema.server.ts";
import { appEnv } from "../env.server.ts";
import { keptSmsValues, smsLanguage, smsTemplatesOf } from "../../domain/sms.ts";
import type { Conn } from "./coupons.server.ts";
import { recordConsent } from "./consents.server.ts";
import { ShopError, type StockRequestsPort } from "./port.server.ts";

/**
 * The SMS's values (a DLT variable holds 30 characters): the product by its name in the SMS's
 * language, linking to its page in the shopper's (issue 41 item 12); with the SMS's language
 * beside them when not English, as the mail queue keeps it (domain/sms.ts keptSmsValues).
 */
function backInStockSms(r: { title: string; titleHi: string; productId: number }, origin: string, page: Locale, text: Locale): Record<string, string> {
  const title = text === "hi" && r.titleHi.trim() ? r.titleHi.trim() : r.title;
  const values = { item: title.length > 30 ? `${title.slice(0, 29).trimEnd()}.` : title, link: `${new URL(origin).host}${pathIn(page, `/product/${r.productId}`)}` };
  return keptSmsValues(values, text) as Record<string, string>;
}

/** isAvailable (domain/stock.ts), as the database reads it. */
const availableSql = and(eq(variants.inStock, true), gt(variants.inventoryStock, 0));

const open = and(isNull(stockRequests.notifiedAt), isNull(stockRequests.cancelledAt));

/**
 * In the caller's transaction: every open request for `variantIds` (null: for any variant) whose
 * variant is in stock now gets its mail (and SMS) queued, due at once, and ends. Answers how
 * many shoppers were told.
 */
export async function announceRestocked(tx: Conn, variantIds: readonly number[] | null, at = new Date()): Promise<number> {
  if (variantIds?.length === 0) return 0;
  const due = await tx
    .select({
      id: stockRequests.id,
      customerId: stockRequests.customerId,
      internalReference: variants.internalReference,
      language: stockRequests.language,
      email: customers.email,
      name: customers.name,
      mobile: customers.mobile,
      accountLanguage: customers.language,
      productId: products.id,
      title: products.title,
      titleHi: products.titleHi,
    })
    .from(stockRequests)
    .innerJoin(variants, eq(variants.id, stockRequests.variantId))
    .innerJoin(products, eq(products.id, variants.productId))
    .innerJoin(customers, eq(customers.id, stockRequests.customerId))
    .where(and(open, variantIds ? inArray(stockRequests.variantId, [...variantIds]) : undefined, availableSql))
    .orderBy(asc(stockRequests.id))
    .for("update", { of: stockRequests, skipLocked: true });
  if (due.length === 0) return 0;
  const env = appEnv();
  // And by SMS to the verified number, when the shop registered the template (issue 28): the request
  // is the consent to be told, whatever the account says of order updates (issue 48).
  const sender = env.sms && smsTemplatesOf(env.sms);
  const texts = sender?.sends("backInStock") ?? false;
  const messages = due.map((r) => {
    const kept = { nextAttemptAt: at, createdAt: at, updatedAt: at };
    // The language the account chose, else the page's the request was made on (the mail's and the SMS's).
    const wanted = r.accountLanguage ?? r.language;
    const language: Locale = wanted && isLocale(wanted) ? wanted : "en";
    const sms =
      sender && texts && r.mobile
        ? [
            {
              channel: "sms" as const,
              to: r.mobile,
              subject: "backInStock",
              body: JSON.stringify(backInStockSms(r, env.publicOrigin, language, smsLanguage(sender, "backInStock", language))),
              ...kept,
            },
          ]
        : [];
    // An account without an e-mail (opened with a mobile number) has nowhere to be mailed.
    if (!r.email) return sms;
    const i18n = i18nFor(language);
    const title = i18n.locale === "hi" && r.titleHi ? r.titleHi : r.title;
    const mail = backInStockMail({ name: r.name, title, productId: r.productId }, store.name, env.publicOrigin, i18n);
    return [{ channel: "mail" as const, to: r.email, subject: mail.subject, body: mail.text, ...kept }, ...sms];
  });
  // A shopper with nowhere to be told (no e-mail, no SMS to send) keeps waiting: their request stays open.
  const told = due.filter((_, i) => messages[i]!.length > 0).map((r) => r.id);
  if (told.length === 0) return 0;
  await tx.insert(mailQueue).values(messages.flat());
  await tx.update(stockRequests).set({ notifiedAt: at }).where(inArray(stockRequests.id, told));
  // Its purpose served, each request's consent ends with the message (issue 48 item 2).
  const ended = due.filter((_, i) => messages[i]!.length > 0);
  await recordConsent(tx, ...ended.map((r) => ({ purpose: "notify-me" as const, customerId: r.customerId, detail: r.internalReference, granted: false, via: "served" as const, at })));
  return told.length;
}

/**
 * Every open request whose variant is in stock now gets its mail, whatever put the stock back:
 * the ERP's catalogue copy calls it after each copy, so a copy that failed half way (its writes
 * kept, its notices not sent) is made good by the next one. Answers how many shoppers were told.
 */
export function announceWaiting(db: Db, at = new Date()): Promise<number> {
  return db.transaction((tx) => announceRestocked(tx, null, at));
}

/**
 * The open requests on the variants of `references` other than `keptIds`, which are about to be
 * deleted (the ERP re-created them under new ids): carryRequests puts them on the new ones.
 */
export function requestsOnReplaced(conn: Conn, references: readonly string[], keptIds: readonly number[]) {
  return conn
    .select({ customerId: stockRequests.customerId, language: stockRequests.language, createdAt: stockRequests.createdAt, internalReference: variants.internalReference })
    .from(stockRequests)
    .innerJoin(variants, eq(variants.id, stockRequests.variantId))
    .where(and(open, inArray(variants.internalReference, [...references]), notInArray(variants.id, [...keptIds])));
}

/**
 * The open requests on the variants `which` names, read before those variants are deleted (the
 * ERP dropped them): each one's consent ends with its item, in the ledger (endRequests).
 */
export function requestsOnDropped(conn: Conn, which: SQL) {
  return conn
    .select({ customerId: stockRequests.customerId, internalReference: variants.internalReference })
    .from(stockRequests)
    .innerJoin(variants, eq(variants.id, stockRequests.variantId))
    .where(and(open, which));
}

/** Records the end of requests whose variants were deleted (the rows went with them, on delete cascade). */
export function endRequests(conn: Conn, requests: Awaited<ReturnType<typeof requestsOnDropped>>): Promise<void> {
  return recordConsent(
    conn,
    ...requests.map((r) => ({ purpose: "notify-me" as const, customerId: r.customerId, detail: r.internalReference, granted: false, via: "item-removed" as const })),
  );
}

/** Puts requests read by requestsOnReplaced on the variants now holding their references. */
export async function carryRequests(conn: Conn, requests: Awaited<ReturnType<typeof requestsOnReplaced>>, idByReference: ReadonlyMap<string, number>): Promise<void> {
  const rows = requests.flatMap((r) => {
    const variantId = idByReference.get(r.internalReference);
    return variantId === undefined ? [] : [{ customerId: r.customerId, variantId, language: r.language, createdAt: r.createdAt }];
  });
  if (rows.length) await conn.insert(stockRequests).values(rows).onConflictDoNothing();
}

export function createStockRequests(db: Db): StockRequestsPort {
  return {
    async request(customer, internalReference, language, via = "product-page") {
      const [v] = await db
        .select({ id: variants.id, inStock: variants.inStock, inventoryStock: variants.inventoryStock, title: products.title })
        .from(variants)
        .innerJoin(products, eq(products.id, variants.productId))
        .where(eq(variants.internalReference, internalReference));
      if (!v) throw new ShopError("not_found", NOTIFY_MESSAGES.notFound);
      if (isAvailable(v)) throw new ShopError("conflict", NOTIFY_MESSAGES.inStock);
      // Asked again while waiting: the one open request stands (stock_requests_one_open), and its one grant.
      await db.transaction(async (tx) => {
        const [made] = await tx.insert(stockRequests).values({ customerId: customer.id, variantId: v.id, language }).onConflictDoNothing().returning({ id: stockRequests.id });
        if (made) await recordConsent(tx, { purpose: "notify-me", customerId: customer.id, detail: internalReference, granted: true, via });
      });
      return { title: v.title };
    },

    async list(customer) {
      const rows = await db
        .select({
          id: stockRequests.id,
          createdAt: stockRequests.createdAt,
          productId: products.id,
          title: products.title,
          titleHi: products.titleHi,
          attribute: variants.attribute,
          internalReference: variants.internalReference,
          images: variants.images,
        })
        .from(stockRequests)
        .innerJoin(variants, eq(variants.id, stockRequests.variantId))
        .innerJoin(products, eq(products.id, variants.productId))
        .where(and(eq(stockRequests.customerId, customer.id), open))
        .orderBy(desc(stockRequests.createdAt), desc(stockRequests.id));
      return rows.map(({ images, titleHi, ...r }) => ({ ...r, ...(titleHi ? { titleHi } : {}), image: images[0] ?? PLACEHOLDER_IMAGE }));
    },

    async cancel(customer, id, via = "my-account") {
      const ended = await db.transaction(async (tx) => {
        const [row] = await tx
          .update(stockRequests)
          .set({ cancelledAt: new Date() })
          .where(and(eq(stockRequests.id, id), eq(stockRequests.customerId, customer.id), open))
          .returning({ variantId: stockRequests.variantId });
        if (!row) return false;
        const [v] = await tx.select({ internalReference: variants.internalReference }).from(variants).where(eq(variants.id, row.variantId));
        await recordConsent(tx, { purpose: "notify-me", customerId: customer.id, detail: v?.internalReference ?? null, granted: false, via });
        return true;
      });
      if (!ended) throw new ShopError("not_found", NOTIFY_MESSAGES.noRequest);
    },
  };
}
