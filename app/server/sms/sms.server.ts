// Outgoing SMS (issue 28, decision 053), behind one small interface: SMS_PROVIDER=outbox writes
// each one to DATA_DIR/outbox/ like the shop's mail (the demo shop and the tests read it there);
// msg91 sends through MSG91's Flow API (POST /api/v5/flow, header authkey, the template's
// variables per recipient), which answers {"type":"success","message":<request id>}, or
// {"type":"error",…} sometimes with HTTP 200. A send that fails or does not answer within seconds
// throws: its caller keeps the SMS in the shop's queue for a retry.
import { countingSends } from "../metrics/metrics.server.ts";
import { tracedCalls } from "../telemetry/trace.server.ts";
import fs from "node:fs";
import path from "node:path";
import { displayMobile, internationalMobile } from "../../domain/mobile-sign-in.ts";
import type { Locale } from "../../domain/i18n/locale.ts";
import { keptSmsValues, smsTemplatesOf, smsText, smsVariables, type Sms, type SmsTemplate } from "../../domain/sms.ts";
import { outsideTransaction } from "../db/transaction-scope.server.ts";
import type { Env, SmsConfig } from "../env.server.ts";
import { log } from "../log.server.ts";
import { outboxDir } from "../mail/mailer.server.ts";
import type { Shop } from "../shop/port.server.ts";

export interface SmsSender {
  /** Who sends it (SMS_PROVIDER): the label of its counts (issue 47). */
  readonly provider: string;
  /** Whether this template can go out in the language (MSG91: a registered template id is configured for it; English when none is named). */
  sends(template: SmsTemplate, language?: Locale): boolean;
  send(sms: Sms): Promise<void>;
}

/** A shopper is never kept waiting on an SMS provider longer than this. */
const SEND_TIMEOUT_MS = 5_000;

export function createSmsSender(config: SmsConfig, dataDir: string): SmsSender {
  return countingSends("sms", tracedCalls(`sms-${config.provider}`, senderOf(config, dataDir), ["send"]));
}

function senderOf(config: SmsConfig, dataDir: string): SmsSender {
  if (config.provider === "outbox") {
    return {
      provider: config.provider,
      sends: smsTemplatesOf(config).sends,
      async send(sms) {
        const text = smsText(sms);
        const dir = outboxDir({ dataDir });
        await fs.promises.mkdir(dir, { recursive: true });
        const file = path.join(dir, `${new Date().toISOString().replace(/[:.]/g, "-")}-sms-${sms.to}.txt`);
        const language = sms.language && sms.language !== "en" ? ` (${sms.language})` : "";
        await fs.promises.writeFile(file, `SMS\nTo: ${displayMobile(sms.to)}\nTemplate: ${sms.template}${language}\n\n${text}\n`, { mode: 0o600 });
        // The file, not the log, holds the text: a code has no place in a log.
        log.info("SMS kept in the outbox (SMS_PROVIDER=outbox)", { template: sms.template, file });
      },
    };
  }
  // A Hindi SMS is a template of its own (Unicode text, registered on its own with DLT).
  const templateId = (template: SmsTemplate, language: Locale = "en") => (language === "hi" ? config.hindiTemplates[template] : config.templates[template]);
  return {
    provider: config.provider,
    sends: smsTemplatesOf(config).sends,
    async send(sms) {
      outsideTransaction("The SMS provider");
      const id = templateId(sms.template, sms.language);
      if (!id) throw new Error(`No MSG91 template is configured for ${sms.template}${sms.language === "hi" ? " in Hindi" : ""}`);
      const recipient: Record<string, string> = { mobiles: internationalMobile(sms.to) };
      for (const name of smsVariables(sms.template)) recipient[name] = sms.values[name] ?? "";
      const response = await fetch(`${config.apiBase}/api/v5/flow`, {
        method: "POST",
        headers: { authkey: config.authKey, "content-type": "application/json", accept: "application/json" },
        body: JSON.stringify({ template_id: id, short_url: "0", ...(config.senderId ? { sender: config.senderId } : {}), recipients: [recipient] }),
        signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
      });
      const answer = (await response.json().catch(() => null)) as { type?: string; message?: string; code?: string } | null;
      if (!response.ok || answer?.type !== "success") {
        throw new Error(`MSG91 refused the SMS (HTTP ${response.status}${answer?.code ? `, code ${answer.code}` : ""}): ${answer?.message ?? "no answer"}`);
      }
      log.info("SMS sent through MSG91", { template: sms.template, request_id: answer.message });
    },
  };
}

/** Sends the SMS, or keeps it for the queue's retry when sending fails. */
export async function sendSmsOrKeep(shop: Pick<Shop, "mail">, sender: SmsSender, sms: Sms): Promise<"sent" | "kept"> {
  try {
    await sender.send(sms);
    return "sent";
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    // Its language beside its values (no template has a variable of that name): the retry says it the same way.
    await shop.mail.enqueue({ channel: "sms", to: sms.to, subject: sms.template, text: JSON.stringify(keptSmsValues(sms.values, sms.language)) }, reason);
    log.warn("SMS kept for a retry", { template: sms.template, reason });
    return "kept";
  }
}

let shared: { config: SmsConfig; sender: SmsSender } | undefined;
/** The configured sender, or null when the shop sends no SMS (SMS_PROVIDER=none). */
export function smsSender(env: Env): SmsSender | null {
  if (!env.sms) return null;
  if (shared?.config !== env.sms) shared = { config: env.sms, sender: createSmsSender(env.sms, env.dataDir) };
  return shared.sender;
}
