// A local stand-in for MSG91's Flow API (POST /api/v5/flow: templated SMS under India's DLT
// rules), for tests and the e2e server on machines without internet. Written from the research
// notes in /tmp/msg91.md, which cite MSG91's apidoc (control.msg91.com/apidoc/textsms/
// send-sms-flow.php), its help pages (how-to-create-flow-id-to-send-sms-via-api,
// dlt-content-template-faqs, api) and clients that copy its docs (apprise plugins/msg91.py,
// pipedream components/msg91, craftsys/msg91-php, the `msg91` npm package). What it follows:
// - header `authkey` (any case); JSON body { template_id (or the legacy flow_id), short_url,
//   sender?, recipients: [{ mobiles: "91XXXXXXXXXX[,91…]", <variable>: value }] };
// - the template (sender id = DLT header, DLT-approved text with ##name## variables, names
//   case-sensitive) lives on MSG91's side, not in the request; `sender` must be the template's;
// - success is HTTP 200 {"type":"success","message":<24-hex request id>}; errors are
//   {"type":"error","message":…,"code":…} with MSG91's long-standing codes: 101 missing mobile,
//   106 missing auth key, 202 invalid mobile, 203 invalid sender id, 207 invalid auth key;
// - a DLT variable holds at most 30 characters.
// Unverified (no live calls, the docs page itself was not readable), so chosen here: the HTTP
// statuses of errors (real MSG91 sometimes answers errors with HTTP 200; this answers 4xx), the
// exact texts ("AuthenticationFailure" is from MSG91's other v5 APIs), and the answer to an unknown
// template (no code). Stricter than MSG91 on purpose: a missing, empty or over-long variable is
// refused here, where MSG91 would send a blank and DLT scrubbing would drop the SMS later.
//
// Run: MSG91_AUTH_KEY=… MSG91_STANDIN_PORT=4196 node tests/standins/msg91.ts (Haat's templates
// under MSG91_TEMPLATE_* ids, sender MSG91_SENDER_ID), or import { startMsg91Standin } in a test.
// It listens on 127.0.0.1 only: the control endpoints under /__standin/ have no auth.
import { randomBytes } from "node:crypto";
import { createServer } from "node:http";
import type { IncomingMessage, ServerResponse } from "node:http";
import { pathToFileURL } from "node:url";
import { readFileSync } from "node:fs";
import type { Catalogue } from "../../app/domain/i18n/messages.ts";
import { registerCatalogue } from "../../app/domain/i18n/registry.ts";
import { matchesTemplate, SMS_TEMPLATES, smsTemplate, type SmsTemplate } from "../../app/domain/sms.ts";

export interface Msg91Template {
  /** The DLT-approved text with MSG91 variables (##name##); Haat's {name} form is converted. */
  text: string;
  /** The template's sender id: its 6-letter DLT header, such as HAATIN. */
  sender: string;
}

export interface Msg91StandinOptions {
  authKey: string;
  /** MSG91 template id -> template. */
  templates: Record<string, Msg91Template>;
  /** 0 (the default) picks a free port. */
  port?: number;
  /** How long a "timeout" failure holds the request before closing it unanswered (10 000 ms). */
  holdMs?: number;
  /** Whether every template's sender must be a 6-letter DLT header, A–Z (checked at start; default true). */
  dltHeader?: boolean;
}

export type Msg91FailMode = "error" | "timeout";

export interface Msg91Message {
  id: string;
  /** The request id the Flow API answered with (24 hex characters). */
  requestId: string;
  templateId: string;
  sender: string;
  /** The 10-digit mobile number, without 91. */
  mobile: string;
  text: string;
  /** When it was accepted, ISO 8601. */
  at: string;
}

export interface Msg91Standin {
  /** The origin (http://127.0.0.1:PORT): use it where the real API base is https://control.msg91.com. */
  url: string;
  /** Every SMS accepted, one per mobile number, newest last. */
  messages: Msg91Message[];
  /** The SMS to a number (10 digits, or with 91 / +91), oldest first. */
  messagesTo(mobile: string): Msg91Message[];
  /** The code of the newest SMS to the number with a WebOTP last line ("@host #123456"); throws if none. */
  lastCodeTo(mobile: string): string;
  /** The next n Flow requests fail: "error" answers HTTP 500, "timeout" holds them unanswered for holdMs, then closes. */
  failNext(n: number, mode?: Msg91FailMode): void;
  /** Forgets the messages and any failures still queued. */
  clear(): void;
  close(): Promise<void>;
}

/** Haat's template text ({code}) in MSG91's form (##code##). Text already in MSG91's form is kept. */
export function msg91TemplateText(haatText: string): string {
  return haatText.replace(/\{(\w+)\}/g, "##$1##");
}

export const DEFAULT_TEMPLATE_IDS: Record<SmsTemplate, string> = {
  otp: "tmpl-otp",
  orderPlaced: "tmpl-order-placed",
  outForDelivery: "tmpl-out-for-delivery",
  delivered: "tmpl-delivered",
  cancelled: "tmpl-cancelled",
  backInStock: "tmpl-back-in-stock",
  signInChanged: "tmpl-sign-in-changed",
  subscriptionReminder: "tmpl-subscription-reminder",
  subscriptionSkipped: "tmpl-subscription-skipped",
  breach: "tmpl-breach",
};

/**
 * Haat's own templates (app/domain/sms.ts) as the `templates` option, under the given ids
 * (defaults: DEFAULT_TEMPLATE_IDS); and the Hindi ones (issue 41 item 12) under `hindiIds`, their
 * text from the shop's Hindi catalogue, as a deployer registers them.
 */
export function haatTemplates(ids: Partial<Record<SmsTemplate, string>> = {}, sender = "HAATIN", hindiIds: Partial<Record<SmsTemplate, string>> = {}): Record<string, Msg91Template> {
  const templates: Record<string, Msg91Template> = {};
  for (const name of Object.keys(SMS_TEMPLATES) as SmsTemplate[]) {
    templates[ids[name] || DEFAULT_TEMPLATE_IDS[name]] = { text: msg91TemplateText(SMS_TEMPLATES[name]), sender };
  }
  if (Object.keys(hindiIds).length > 0) {
    registerCatalogue("hi", JSON.parse(readFileSync(new URL("../../app/locales/hi.json", import.meta.url), "utf8")) as Catalogue);
    for (const [name, id] of Object.entries(hindiIds) as [SmsTemplate, string][]) templates[id] = { text: msg91TemplateText(smsTemplate(name, "hi")), sender };
  }
  return templates;
}

/** A DLT variable's value holds at most this many characters (help/dlt-content-template-faqs). */
const VARIABLE_LIMIT = 30;
const BODY_LIMIT = 1024 * 1024;
const VARIABLE = /##(\w+)##/g;

class FlowError extends Error {
  status: number;
  code: string | undefined;
  constructor(status: number, message: string, code?: string) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

/** "9876543210", "919876543210" or "+91 98765 43210" -> "9876543210". */
function tenDigits(mobile: string): string {
  const digits = mobile.replace(/\D/g, "");
  return digits.length === 12 && digits.startsWith("91") ? digits.slice(2) : digits;
}

export async function startMsg91Standin(options: Msg91StandinOptions): Promise<Msg91Standin> {
  const host = "127.0.0.1";
  const holdMs = options.holdMs ?? 10_000;
  const templates = new Map<string, Msg91Template>();
  for (const [id, template] of Object.entries(options.templates)) {
    if ((options.dltHeader ?? true) && !/^[A-Z]{6}$/.test(template.sender)) {
      throw new Error(`msg91 stand-in: template ${id}'s sender ${JSON.stringify(template.sender)} is not a 6-letter DLT header`);
    }
    templates.set(id, { text: msg91TemplateText(template.text), sender: template.sender });
  }
  const messages: Msg91Message[] = [];
  const failures: Msg91FailMode[] = [];
  const held = new Set<NodeJS.Timeout>();
  let counter = 0;

  function sendJson(res: ServerResponse, status: number, value: unknown): void {
    const body = JSON.stringify(value);
    res.writeHead(status, { "content-type": "application/json; charset=utf-8", "content-length": Buffer.byteLength(body), "cache-control": "no-store" });
    res.end(body);
  }

  function readBody(req: IncomingMessage): Promise<string> {
    return new Promise((resolve, reject) => {
      const chunks: Buffer[] = [];
      let size = 0;
      req.on("data", (chunk: Buffer) => {
        size += chunk.length;
        if (size > BODY_LIMIT) return void reject(new FlowError(413, "Request body too large"));
        chunks.push(chunk);
      });
      req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
      req.on("error", reject);
    });
  }

  /** Validates the whole request before accepting any of it, then records one message per number. */
  function accept(body: Record<string, unknown>): string {
    const templateId = body.template_id ?? body.flow_id;
    const template = typeof templateId === "string" ? templates.get(templateId) : undefined;
    if (!template || typeof templateId !== "string") throw new FlowError(400, `Invalid template id ${JSON.stringify(templateId ?? null)}`);
    if (body.sender !== undefined && body.sender !== template.sender) throw new FlowError(400, "Invalid sender ID", "203");
    // Older clients put one recipient's fields at the top level.
    const recipients = Array.isArray(body.recipients) ? (body.recipients as unknown[]) : body.mobiles !== undefined ? [body] : [];
    if (!recipients.length) throw new FlowError(400, "Missing mobile number", "101");
    const names = [...new Set([...template.text.matchAll(VARIABLE)].map((m) => m[1]!))];
    const rendered: { mobile: string; text: string }[] = [];
    for (const recipient of recipients) {
      if (!recipient || typeof recipient !== "object") throw new FlowError(400, "Missing mobile number", "101");
      const fields = recipient as Record<string, unknown>;
      if (typeof fields.mobiles !== "string" || !fields.mobiles.trim()) throw new FlowError(400, "Missing mobile number", "101");
      const mobiles = fields.mobiles.split(",").map((m) => m.trim());
      for (const mobile of mobiles) if (!/^91[6-9]\d{9}$/.test(mobile)) throw new FlowError(400, `Invalid mobile number ${JSON.stringify(mobile)}`, "202");
      const values: Record<string, string> = {};
      for (const name of names) {
        const value = typeof fields[name] === "number" ? String(fields[name]) : fields[name];
        if (typeof value !== "string" || !value.trim()) {
          throw new FlowError(400, `Missing value for ##${name}## (MSG91 would send it blank and DLT scrubbing would drop the SMS)`);
        }
        if ([...value].length > VARIABLE_LIMIT) throw new FlowError(400, `The value of ##${name}## is longer than the DLT limit of ${VARIABLE_LIMIT} characters`);
        values[name] = value;
      }
      const text = template.text.replace(VARIABLE, (_, name: string) => values[name]!);
      // What DLT scrubbing checks: the registered text, each variable 1-30 characters on one line.
      if (!matchesTemplate(text, template.text.replace(VARIABLE, "{$1}"))) throw new FlowError(400, "The SMS does not match its DLT template (a value holds a line break?)");
      for (const mobile of mobiles) rendered.push({ mobile: mobile.slice(2), text });
    }
    const requestId = randomBytes(12).toString("hex");
    const at = new Date().toISOString();
    for (const { mobile, text } of rendered) {
      messages.push({ id: `sms_${++counter}`, requestId, templateId, sender: template.sender, mobile, text, at });
    }
    return requestId;
  }

  async function handleFlow(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const failure = failures.shift();
    if (failure === "error") return sendJson(res, 500, { type: "error", message: "Internal server error" });
    if (failure === "timeout") {
      const timer = setTimeout(() => {
        held.delete(timer);
        req.socket.destroy();
      }, holdMs);
      held.add(timer);
      res.on("close", () => {
        clearTimeout(timer);
        held.delete(timer);
      });
      return;
    }
    const key = req.headers.authkey;
    if (!key) return sendJson(res, 401, { type: "error", message: "Missing Authentication Key", code: "106" });
    if (key !== options.authKey) return sendJson(res, 401, { type: "error", message: "AuthenticationFailure", code: "207" });
    let body: unknown;
    try {
      body = JSON.parse(await readBody(req));
    } catch (error) {
      if (error instanceof FlowError) throw error;
      return sendJson(res, 400, { type: "error", message: "Invalid JSON body" });
    }
    if (!body || typeof body !== "object" || Array.isArray(body)) return sendJson(res, 400, { type: "error", message: "Invalid JSON body" });
    sendJson(res, 200, { type: "success", message: accept(body as Record<string, unknown>) });
  }

  async function handleControl(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const mobile = url.searchParams.get("mobile");
    if (url.pathname === "/__standin/messages" && req.method === "GET") return sendJson(res, 200, { messages: mobile ? standin.messagesTo(mobile) : messages });
    if (url.pathname === "/__standin/messages" && req.method === "DELETE") return void (standin.clear(), sendJson(res, 200, { messages: [] }));
    if (url.pathname === "/__standin/fail" && req.method === "POST") {
      const input = JSON.parse((await readBody(req)) || "{}") as { n?: number; mode?: string };
      standin.failNext(Number(input.n ?? 1), input.mode === "timeout" ? "timeout" : "error");
      return sendJson(res, 200, { failures });
    }
    sendJson(res, 404, { error: "not found" });
  }

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? "/", "http://standin");
    if (url.pathname === "/api/v5/flow" || url.pathname === "/api/v5/flow/") {
      if (req.method !== "POST") return sendJson(res, 405, { type: "error", message: "Method not allowed" });
      return handleFlow(req, res);
    }
    if (url.pathname.startsWith("/__standin/")) return handleControl(req, res, url);
    if (url.pathname === "/") return sendJson(res, 200, { msg91_standin: true, flow: `${origin}/api/v5/flow`, templates: [...templates.keys()] });
    sendJson(res, 404, { type: "error", message: "Not found" });
  }

  const server = createServer((req, res) => {
    route(req, res).catch((error: unknown) => {
      if (res.headersSent) return void res.end();
      if (error instanceof FlowError) return sendJson(res, error.status, { type: "error", message: error.message, ...(error.code ? { code: error.code } : {}) });
      if (error instanceof SyntaxError) return sendJson(res, 400, { error: "invalid JSON" });
      console.error("msg91 stand-in:", error);
      sendJson(res, 500, { type: "error", message: "Internal server error" });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("msg91 stand-in: no TCP address");
  const origin = `http://${host}:${address.port}`;
  let closed = false;

  const standin: Msg91Standin = {
    url: origin,
    messages,
    messagesTo: (mobile) => messages.filter((m) => m.mobile === tenDigits(mobile)),
    lastCodeTo(mobile) {
      for (const message of standin.messagesTo(mobile).reverse()) {
        const code = /^@\S+ #(\d{6})(?:\s|$)/.exec(message.text.split("\n").at(-1) ?? "")?.[1];
        if (code) return code;
      }
      throw new Error(`msg91 stand-in: no code was sent to ${mobile}`);
    },
    failNext(n, mode = "error") {
      if (!Number.isInteger(n) || n < 0) throw new Error(`failNext: expected a whole number, got ${n}`);
      for (let i = 0; i < n; i++) failures.push(mode);
    },
    clear() {
      messages.length = 0;
      failures.length = 0;
    },
    async close() {
      if (closed) return;
      closed = true;
      for (const timer of held) clearTimeout(timer);
      held.clear();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return standin;
}

// ---------------------------------------------------------------------------------------------
// `node tests/standins/msg91.ts`

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const env = process.env;
  if (!env.MSG91_AUTH_KEY) {
    console.error("msg91 stand-in: set MSG91_AUTH_KEY");
    process.exit(1);
  }
  const standin = await startMsg91Standin({
    authKey: env.MSG91_AUTH_KEY,
    templates: haatTemplates(
      {
        otp: env.MSG91_TEMPLATE_OTP,
        orderPlaced: env.MSG91_TEMPLATE_ORDER_PLACED,
        outForDelivery: env.MSG91_TEMPLATE_OUT_FOR_DELIVERY,
        delivered: env.MSG91_TEMPLATE_DELIVERED,
        cancelled: env.MSG91_TEMPLATE_CANCELLED,
        backInStock: env.MSG91_TEMPLATE_BACK_IN_STOCK,
        signInChanged: env.MSG91_TEMPLATE_SIGN_IN_CHANGED,
        subscriptionReminder: env.MSG91_TEMPLATE_SUBSCRIPTION_REMINDER,
        subscriptionSkipped: env.MSG91_TEMPLATE_SUBSCRIPTION_SKIPPED,
        breach: env.MSG91_TEMPLATE_BREACH,
      },
      env.MSG91_SENDER_ID || "HAATIN",
      // The Hindi templates under MSG91_TEMPLATE_*_HI, where set.
      Object.fromEntries(
        Object.entries({
          otp: env.MSG91_TEMPLATE_OTP_HI,
          orderPlaced: env.MSG91_TEMPLATE_ORDER_PLACED_HI,
          outForDelivery: env.MSG91_TEMPLATE_OUT_FOR_DELIVERY_HI,
          delivered: env.MSG91_TEMPLATE_DELIVERED_HI,
          cancelled: env.MSG91_TEMPLATE_CANCELLED_HI,
          backInStock: env.MSG91_TEMPLATE_BACK_IN_STOCK_HI,
          signInChanged: env.MSG91_TEMPLATE_SIGN_IN_CHANGED_HI,
          subscriptionReminder: env.MSG91_TEMPLATE_SUBSCRIPTION_REMINDER_HI,
          subscriptionSkipped: env.MSG91_TEMPLATE_SUBSCRIPTION_SKIPPED_HI,
          breach: env.MSG91_TEMPLATE_BREACH_HI,
        }).filter((entry): entry is [SmsTemplate, string] => Boolean(entry[1])),
      ),
    ),
    port: Number(env.MSG91_STANDIN_PORT || 4196),
  });
  console.log(standin.url);
  const stop = () => void standin.close().then(() => process.exit(0));
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
}
