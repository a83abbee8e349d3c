// Breaches of personal data (issue 48 item 6, decision 087): staff record one; the shop drafts the
// Board's notice and each shopper's (domain/privacy/breach.ts); staff send the shoppers' notices
// with one press, and record when they sent the Board's through its own channel. The notices go
// beside the press and, for any an instance left, from the privacy job; each outcome is logged.
import { BREACH_STAFF_MESSAGES, breachSmsValues, noticeText, peopleOf, shopperNotice, type BreachInput } from "../../domain/privacy/breach.ts";
import { isLocale, type Locale } from "../../domain/i18n/locale.ts";
import { i18nFor } from "../../domain/i18n/registry.ts";
import { say } from "../../domain/i18n/messages.ts";
import { count } from "../../domain/plural.ts";
import { smsLanguage } from "../../domain/sms.ts";
import { store } from "../../domain/store-config.ts";
import { appEnv } from "../env.server.ts";
import { errorFields, log } from "../log.server.ts";
import type { Mailer } from "../mail/mailer.server.ts";
import { sendOrKeep } from "../mail/queue.server.ts";
import { sendSmsOrKeep, type SmsSender } from "../sms/sms.server.ts";
import { ShopError, type BreachNoticeJob, type Customer, type Shop } from "../shop/port.server.ts";

/** Records the breach; a clear refusal on the field at fault, and nothing written, when the people named are not right. */
export async function recordBreach(shop: Shop, staff: Customer, value: BreachInput): Promise<{ id: number }> {
  if (value.found_at.getTime() > Date.now() + 60_000) throw new ShopError("invalid", BREACH_STAFF_MESSAGES.foundInFuture);
  const everyone = value.whose === "everyone";
  // The schema refused what is neither an e-mail nor a number; here, who has no account.
  const { emails, mobiles } = everyone ? { emails: [], mobiles: [] } : peopleOf(value.people ?? "");
  const made = await shop.breaches.record(
    staff.id,
    {
      what: value.what,
      location: value.location,
      occurredAt: value.occurred_at ?? null,
      foundAt: value.found_at,
      items: value.items,
      everyone,
      consequences: value.consequences,
      mitigation: value.mitigation,
      safety: value.safety,
      cause: value.cause ?? "",
      prevention: value.prevention ?? "",
    },
    { emails, mobiles },
  );
  if ("unknown" in made) throw new ShopError("conflict", say(BREACH_STAFF_MESSAGES.unknownPeople, { list: made.unknown.join(", ") }));
  return made;
}

/** Queues the shoppers' notices and starts sending them beside this request. */
export async function notifyShoppers(shop: Shop, mail: Mailer, sms: SmsSender | null, staff: Customer, id: number): Promise<{ message: string }> {
  const queued = await shop.breaches.queueNotices(staff.id, id);
  if (!queued) throw new ShopError("not_found", BREACH_STAFF_MESSAGES.notFound);
  if (queued.people === 0) return { message: BREACH_STAFF_MESSAGES.nobody };
  // Not awaited: thousands of notices take a while; the job sends any this instance leaves.
  sendBreachNotices(shop, mail, sms, 1_000).catch((error: unknown) => log.error("breach notices could not be sent now; the job will", errorFields(error)));
  return { message: queued.again ? BREACH_STAFF_MESSAGES.alreadyQueued : say(BREACH_STAFF_MESSAGES.queued, { people: count(queued.people, "shopper") }) };
}

export async function recordBoardNotice(shop: Shop, staff: Customer, id: number, reference: string): Promise<{ message: string }> {
  if (!(await shop.breaches.recordBoardNotice(staff.id, id, reference))) throw new ShopError("not_found", BREACH_STAFF_MESSAGES.notFound);
  return { message: BREACH_STAFF_MESSAGES.boardRecorded };
}

/** Sends the queued notices, claimed a few at a time; how many went (sent, or kept for the queue's retry). */
export async function sendBreachNotices(shop: Shop, mail: Mailer, sms: SmsSender | null, limit = 200): Promise<number> {
  let handed = 0;
  for (let done = 0; done < limit;) {
    // A few at a time: each claim lasts 5 minutes, and 5 sends at their providers' timeouts take well
    // under that, so no claim lapses mid-batch and no notice is taken (and sent) by a second sender.
    const batch = await shop.breaches.claimNotices(Math.min(5, limit - done));
    if (!batch.length) break;
    for (const job of batch) {
      done++;
      const outcome = await sendOne(shop, mail, sms, job).catch((error: unknown) => ({ status: "failed" as const, error: error instanceof Error ? error.message : String(error) }));
      await shop.breaches.noticeDone(job.id, outcome.status, outcome.error);
      if (outcome.status === "sent" || outcome.status === "kept") {
        handed++;
        await shop.processingLog.record([
          { customerId: job.customerId, system: "breach-notice", action: "read", what: job.channel === "mail" ? "e-mail" : "mobile", detail: `breach ${job.breachId}` },
        ]);
      }
    }
  }
  return handed;
}

async function sendOne(shop: Shop, mail: Mailer, sms: SmsSender | null, job: BreachNoticeJob): Promise<{ status: "sent" | "kept" | "skipped"; error?: string }> {
  if (!job.to) return { status: "skipped", error: "The account has no such address now (deleted, or changed)." };
  const locale: Locale = isLocale(job.language) ? job.language : "en";
  if (job.channel === "mail") {
    const notice = shopperNotice(job.breach, i18nFor(locale), locale, store);
    return { status: await sendOrKeep(shop, mail, { to: job.to, subject: notice.subject, text: noticeText(notice) }) };
  }
  if (!sms?.sends("breach")) return { status: "skipped", error: "The shop sends no SMS of this kind: MSG91_TEMPLATE_BREACH is not set." };
  const language = smsLanguage(sms, "breach", locale);
  // The link to the page in the shopper's language, whatever language the SMS can be said in.
  const values = breachSmsValues(new URL(appEnv().publicOrigin).host, locale);
  return { status: await sendSmsOrKeep(shop, sms, { to: job.to, template: "breach", values, ...(language !== "en" && { language }) }) };
}
