// Mail that must not be lost when the mail server is down: try to send it now, and when that
// fails keep it in the Shop's mail queue for a retry. The shopper's request answers either way.
import { errorFields, log } from "../log.server.ts";
import type { Env } from "../env.server.ts";
import type { Shop } from "../shop/port.server.ts";
import { mailer as configuredMailer, type Mail, type Mailer } from "./mailer.server.ts";

type WithMail = Pick<Shop, "mail">;

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
export async function retryKeptMail(shop: WithMail, mailer: Mailer, limit = 20): Promise<{ sent: number; failed: number }> {
  let sent = 0;
  let failed = 0;
  for (const { id, mail } of await shop.mail.due(limit)) {
    try {
      await mailer.send(mail);
    } catch (error) {
      failed++;
      const { givenUp } = await shop.mail.failed(id, reason(error));
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
export function startMailRetry(shop: WithMail, mailer: Mailer, everyMs = 60_000): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    retryKeptMail(shop, mailer)
      .catch((error: unknown) => log.error("retrying kept mail failed", errorFields(error)))
      .finally(() => {
        running = false;
      });
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}

/** The server's retry of kept mail, through the mailer the configuration names. */
export function startKeptMailRetry(shop: WithMail, env: Env): () => void {
  return startMailRetry(shop, configuredMailer(env));
}
