// Outgoing e-mail. With SMTP_URL set it goes out through nodemailer; without, each
// message is written to DATA_DIR/outbox/ as a file (the log names it), so a demo
// shop (and the end-to-end tests) can read what would have been sent.
import { countingSends } from "../metrics/metrics.server.ts";
import { tracedCalls } from "../telemetry/trace.server.ts";
import { outsideTransaction } from "../db/transaction-scope.server.ts";
import { log } from "../log.server.ts";
import fs from "node:fs";
import path from "node:path";
import type { Env } from "../env.server.ts";

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

export function outboxDir(env: Pick<Env, "dataDir">): string {
  return path.join(env.dataDir, "outbox");
}

/** A file name that sorts by time and names the recipient without characters a file system dislikes. */
export function outboxFileName(mail: Mail, at: Date): string {
  const who = mail.to.toLowerCase().replace(/[^a-z0-9@._-]/g, "_");
  return `${at.toISOString().replace(/[:.]/g, "-")}-${who}.txt`;
}

export function createMailer(env: Env): Mailer {
  return countingSends("mail", tracedCalls(env.SMTP_URL ? "smtp" : "mail-outbox", mailerOf(env), ["send"]));
}

function mailerOf(env: Env): Mailer {
  if (env.SMTP_URL) {
    const url = env.SMTP_URL;
    let transport: Promise<{ sendMail(m: object): Promise<unknown> }> | undefined;
    return {
      async send(mail) {
        outsideTransaction("The mail server");
        // A mail server that does not answer must not hold a shopper's request for minutes
        // (nodemailer's defaults): give up in seconds; the caller keeps the mail for a retry.
        transport ??= import("nodemailer").then((n) =>
          n.default.createTransport({ url, connectionTimeout: 5_000, greetingTimeout: 5_000, socketTimeout: 10_000 } as Parameters<typeof n.default.createTransport>[0]),
        );
        await (await transport).sendMail({ from: env.MAIL_FROM, ...mail });
      },
    };
  }
  return {
    async send(mail) {
      const dir = outboxDir(env);
      await fs.promises.mkdir(dir, { recursive: true });
      const file = path.join(dir, outboxFileName(mail, new Date()));
      const body = `From: ${env.MAIL_FROM}\nTo: ${mail.to}\nSubject: ${mail.subject}\n\n${mail.text}\n`;
      await fs.promises.writeFile(file, body, { mode: 0o600 });
      // The file, not the log, holds the text: a reset code has no place in a log.
      log.info("mail kept in the outbox (no SMTP_URL set)", { to: mail.to, subject: mail.subject, file });
    },
  };
}

let shared: Mailer | undefined;
export function mailer(env: Env): Mailer {
  return (shared ??= createMailer(env));
}
