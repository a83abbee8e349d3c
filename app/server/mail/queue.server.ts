// Mail that must not be lost when the mail server is down: try to send it now, and when that
// fails keep it in the Shop's mail queue for a retry. The shopper's request answers either way.
import { metrics } from "../metrics/metrics.server.ts";
import { errorFields, log } from "../log.server.ts";
import type { KeptMail, Shop } from "../shop/port.server.ts";
import { isSmsTemplate } from "../../domain/sms.ts";
import { isLocale, type Locale } from "../../domain/i18n/locale.ts";
import type { SmsSender } from "../sms/sms.server.ts";
import type { Mail, Mailer } from "./mailer.server.ts";
import { startJob } from "../jobs.server.ts";

type WithMail = Pick<Shop, "mail">;

/** What a kept SMS's retry needs (issue 28): its sender, and for a one-time code, how to send a fresh one. */
export interface SmsRetry {
  sender: SmsSender;
  /** A kept one-time code: a new code for the same request (in the language it was asked in), or nothing when it was used, lapsed or replaced. */
  resendCode(codeId: number, language: Locale): Promise<void>;
}

/** A kept SMS, sent again in its language: its values were kept, except a code's, which is made afresh. */
async function sendKeptSms(kept: KeptMail, sms: SmsRetry | null): Promise<void> {
  if (!sms) throw new Error("No SMS provider is configured");
  const { language: keptIn, ...values } = JSON.parse(kept.text) as Record<string, unknown>;
  const language = isLocale(keptIn) ? keptIn : "en";
  if (kept.subject === "otp") return sms.resendCode(Number(values.codeId), language);
  if (!isSmsTemplate(kept.subject)) throw new Error(`Unknown SMS template ${kept.subject}`);
  await sms.sender.send({ to: kept.to, template: kept.subject, values: values as Record<string, string>, ...(language !== "en" && { language }) });
}

function reason(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Sends the mail, or keeps it for `retryKeptMail` when sending fails. Throws only when it can do neither. */
export async function sendOrKeep(shop: WithMail, mailer: Mailer, mail: Mail): Promise<"sent" | "kept"> {
  try {
    await mailer.send(mail);
    return "sent";
  } catch (error) {
    const { id } = await shop.mail.enqueue(mail, reason(error));
    log.warn("mail kept for a retry", { mail_queue_id: id, reason: reason(error) });
    return "kept";
  }
}

/**
 * Sends or keeps the mail without holding up the request that asked for it: a caller that
 * must answer the same whether or not there was a mail (a reset for an unknown e-mail, the
 * notice of a sign-in pause) does not await it, so neither its answer nor its time says
 * whether an account exists or how the mail server is (issue 25). Never rejects.
 */
export function sendInBackground(shop: WithMail, mailer: Mailer, mail: Mail): Promise<"sent" | "kept" | "lost"> {
  return sendOrKeep(shop, mailer, mail).catch((error: unknown) => {
    log.error("mail could be neither sent nor kept", errorFields(error));
    return "lost" as const;
  });
}

/**
 * One pass over the kept mail that is due: each is sent, or backs off (given up after the
 * last attempt). Safe to run on several instances at once: each due mail is claimed by one.
 */
export async function retryKeptMail(shop: WithMail, mailer: Mailer, limit = 20, sms: SmsRetry | null = null): Promise<{ sent: number; failed: number }> {
  let sent = 0;
  let failed = 0;
  for (const { id, mail } of await shop.mail.due(limit)) {
    try {
      if (mail.channel === "sms") await sendKeptSms(mail, sms);
      else await mailer.send(mail);
    } catch (error) {
      failed++;
      const { givenUp } = await shop.mail.failed(id, reason(error));
      if (givenUp) metrics.message(mail.channel === "sms" ? "sms" : "mail", "given_up");
      log.warn(givenUp ? "kept mail given up" : "kept mail failed again", { mail_queue_id: id, reason: reason(error) });
      continue;
    }
    sent++;
    await shop.mail.sent(id);
  }
  return { sent, failed };
}

/**
 * Runs `retryKeptMail` every `everyMs` (default a minute) until the returned stop is called.
 * A pass never overlaps the previous one in this process, and its errors (a lost database,
 * say) are logged, never thrown: the timer does not keep the process alive.
 */
export function startMailRetry(shop: WithMail, mailer: Mailer, everyMs = 60_000, sms: SmsRetry | null = null): () => void {
  return startJob("mail-retry", () => retryKeptMail(shop, mailer, 20, sms), { everyMs, failed: "retrying kept mail failed" });
}
