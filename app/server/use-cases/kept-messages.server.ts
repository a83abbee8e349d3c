// The server's retry of kept mail and SMS (issue 28: SMS ride the mail queue), through the
// mailer and SMS provider the configuration names. A kept one-time code is sent afresh.
import type { Env } from "../env.server.ts";
import { mailer } from "../mail/mailer.server.ts";
import { startMailRetry } from "../mail/queue.server.ts";
import type { Shop } from "../shop/port.server.ts";
import { smsSender } from "../sms/sms.server.ts";
import { resendKeptCode } from "./mobile-sign-in.server.ts";

export function startKeptMailRetry(shop: Shop, env: Env): () => void {
  const sender = smsSender(env);
  return startMailRetry(shop, mailer(env), 60_000, sender ? { sender, resendCode: (id, language) => resendKeptCode(shop, sender, id, language) } : null);
}
