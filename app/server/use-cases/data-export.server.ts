// 'Download my data' (issue 48 item 3, decision 085): asked for in My Account, made in the
// background (beside the request, and by the job for one an instance left), mailed as a link that
// works once, for 24 hours, to the signed-in owner.
import { isLocale, type Locale } from "../../domain/i18n/locale.ts";
import { i18nFor } from "../../domain/i18n/registry.ts";
import { exportReadme, exportZip } from "../../domain/privacy/export.ts";
import { NOTICE_VERSION } from "../../domain/privacy/personal-data.ts";
import { EXPORT_MESSAGES } from "../../domain/privacy/rights.ts";
import { exportKeyFits, exportLink } from "../privacy/export-link.server.ts";
import { store } from "../../domain/store-config.ts";
import { appEnv } from "../env.server.ts";
import { errorFields, log } from "../log.server.ts";
import type { Mailer } from "../mail/mailer.server.ts";
import { sendOrKeep } from "../mail/queue.server.ts";
import { ShopError, type Customer, type Shop } from "../shop/port.server.ts";

const WHEN: Intl.DateTimeFormatOptions = { day: "numeric", month: "short", hour: "numeric", minute: "2-digit", timeZone: "Asia/Kolkata", timeZoneName: "short" };

/** Asks for the file: one at a time; made at once, beside this request. */
export async function requestDataExport(shop: Shop, mail: Mailer, customer: Customer, language: Locale): Promise<{ message: string }> {
  const asked = await shop.dataExports.request(customer.id, language);
  if (asked.status === "ready") return { message: EXPORT_MESSAGES.alreadyReady };
  if (!asked.fresh) return { message: EXPORT_MESSAGES.alreadyMaking };
  // Not awaited: the shopper is answered now, and mailed when it is done. One an instance left
  // behind (a restart) is claimed by the job (startExportJob) a few minutes later. A failure here
  // (the database gone) is logged, never the process's end.
  makeDataExports(shop, mail).catch((error: unknown) => log.error("data exports could not be made now; the job will", errorFields(error)));
  return { message: customer.email ? EXPORT_MESSAGES.requested : EXPORT_MESSAGES.requestedNoEmail };
}

/** Makes the exports waiting, each claimed by this instance alone; how many were made. */
export async function makeDataExports(shop: Shop, mail: Mailer, limit = 20): Promise<number> {
  let made = 0;
  while (made < limit) {
    const job = await shop.dataExports.claim();
    if (!job) break;
    try {
      const tables = await shop.dataExports.personalData(job.customerId);
      const locale: Locale = isLocale(job.language) ? job.language : "en";
      const exportedAt = new Date();
      const file = exportZip(tables, { readme: exportReadme(locale, tables, { shop: store.name, exportedAt }), exportedAt, noticeVersion: NOTICE_VERSION });
      const done = await shop.dataExports.finish(job.id, file);
      made++;
      const email = tables.customers?.[0]?.email;
      if (done?.expiresAt && typeof email === "string") await mailLink(shop, mail, email, job, locale, done.expiresAt);
      // Logged once made and mailed: a failure here costs the log line, not the shopper's file.
      await shop.processingLog
        .record([{ customerId: job.customerId, system: "data-export", action: "read", what: "everything", detail: `export ${job.id}` }])
        .catch((error: unknown) => log.error("data export made but not logged", { exportId: job.id, ...errorFields(error) }));
    } catch (error) {
      log.error("data export could not be made", { exportId: job.id, ...errorFields(error) });
      await shop.dataExports.finish(job.id, null).catch(() => undefined);
    }
  }
  return made;
}

async function mailLink(shop: Shop, mail: Mailer, to: string, job: { id: number; customerId: number }, locale: Locale, expiresAt: Date): Promise<void> {
  const i18n = i18nFor(locale);
  const link = `${appEnv().publicOrigin}${exportLink(job.id, job.customerId, locale)}`;
  await sendOrKeep(shop, mail, {
    to,
    subject: i18n._(EXPORT_MESSAGES.mailSubject, { shop: store.name }),
    text: `${i18n._(EXPORT_MESSAGES.mailBody, { link })}\n\n${i18n._(EXPORT_MESSAGES.mailOnce, { time: i18n.date(expiresAt, WHEN), support: store.support.email })}\n`,
  });
}

const REFUSED = { "not-found": EXPORT_MESSAGES.notFound, pending: EXPORT_MESSAGES.pending, used: EXPORT_MESSAGES.used, expired: EXPORT_MESSAGES.linkExpired } as const;

/** The file, once, to its signed-in owner holding the link's key, within its hours (ShopError "not_found" with the reason otherwise). */
export async function downloadDataExport(shop: Shop, customer: Customer, id: number | null, key: string | null): Promise<{ file: Uint8Array; filename: string }> {
  if (id === null || !exportKeyFits(id, customer.id, key)) throw new ShopError("not_found", EXPORT_MESSAGES.notFound);
  const taken = await shop.dataExports.take(customer.id, id);
  if ("refused" in taken) throw new ShopError("not_found", REFUSED[taken.refused]);
  return { file: taken.file, filename: `haat-my-data-${id}.zip` };
}
