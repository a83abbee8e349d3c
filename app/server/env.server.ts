// Configuration, parsed once with zod. The only reader of process.env in the app.
import path from "node:path";
import { z } from "zod";
import { DEFAULT_HOLD_MINUTES, DEFAULT_PREPAID_DISCOUNT_PERCENT, MIN_HOLD_MINUTES } from "../domain/payment.ts";
import type { SmsTemplate } from "../domain/sms.ts";

const flag = z.enum(["true", "false", "1", "0", "yes", "no"]).transform((v) => v === "true" || v === "1" || v === "yes");

/** A rate limit's count per window (defaults and windows: security/rate-limits.server.ts). */
const limitCount = z.coerce.number().int().positive().max(1_000_000).optional();

/** An origin: scheme, host and port, nothing after. */
const origin = z
  .string()
  .regex(/^https?:\/\/[^/?#\s]+$/, "must be an origin such as https://shop.example.in (scheme and host, no path)")
  .transform((v) => new URL(v).origin);

/** A list of https origins, separated by spaces or commas (sources a CSP directive may add). */
const origins = z
  .string()
  .transform((v) => v.split(/[\s,]+/).filter(Boolean))
  .pipe(z.array(z.string().regex(/^https:\/\/[a-z0-9*.-]+(:\d+)?$/i, "each entry must be an https origin such as https://checkout.razorpay.com")))
  .optional();

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "DATABASE_URL must start with postgres:// or postgresql://")
    .optional(),
  // Connections each instance keeps to PostgreSQL. One Node process runs one query's JavaScript
  // at a time, so a few connections keep it busy; more only queue in the database. Keep
  // instances × pool below the server's max_connections (100 by default) with room to spare.
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  // Each connection prepares a statement's text once (decision 090). Off for a pooler that hands a
  // session's statements to other server connections (PgBouncer's transaction mode before 1.21).
  DATABASE_PREPARED_STATEMENTS: flag.default(true),
  SEED_DEMO: flag.optional(),
  TRUST_PROXY: z.string().optional(),
  CATALOG_REFRESH_SECONDS: z.coerce.number().min(0).max(3600).default(5),
  PAGE_CACHE_SECONDS: z.coerce.number().int().min(0).max(300).default(5),
  PAGE_SPLICE: flag.default(true),
  SESSION_SECRET: z.string().min(32, "SESSION_SECRET must be at least 32 characters").optional(),
  COOKIE_SECURE: flag.optional(),
  AUTH_PROVIDER: z.enum(["local", "clerk"]).default("local"),
  SIGNUP_ENABLED: flag.default(true),
  CLERK_SECRET_KEY: z.string().regex(/^sk_/, "CLERK_SECRET_KEY must start with sk_").optional(),
  CLERK_PUBLISHABLE_KEY: z.string().regex(/^pk_/, "CLERK_PUBLISHABLE_KEY must start with pk_").optional(),
  CLERK_JWT_KEY: z.string().optional(),
  // Clerk's Backend API (a stand-in's, in tests); Clerk's own by default.
  CLERK_API_URL: z.url({ protocol: /^https?$/, error: "CLERK_API_URL must be a URL such as https://api.clerk.com" }).optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "SMTP_URL must start with smtp:// or smtps://")
    .optional(),
  MAIL_FROM: z.string().min(3).default("Haat <no-reply@haat.example>"),
  // SMS (issue 28, decision 053): one-time codes for mobile sign-in and order updates. 'outbox'
  // writes each SMS to DATA_DIR/outbox/ (the embedded demo's default); 'msg91' sends through
  // MSG91's Flow API with DLT-registered templates; 'none' offers no mobile sign-in (the default
  // on PostgreSQL: no sign-in path that cannot deliver its code).
  SMS_PROVIDER: z.enum(["outbox", "msg91", "none"]).optional(),
  MSG91_AUTH_KEY: z.string().min(8, "MSG91_AUTH_KEY must be the auth key from MSG91's panel").optional(),
  MSG91_API_BASE: z
    .string()
    .regex(/^https?:\/\/[^/?#\s]+$/, "MSG91_API_BASE must be an origin such as https://control.msg91.com")
    .default("https://control.msg91.com"),
  // The DLT header (sender id) the templates were registered with: six letters.
  MSG91_SENDER_ID: z
    .string()
    .regex(/^[A-Z]{6}$/, "MSG91_SENDER_ID must be the 6-letter DLT header, such as HAATIN")
    .optional(),
  MSG91_TEMPLATE_OTP: z.string().min(1).optional(),
  MSG91_TEMPLATE_ORDER_PLACED: z.string().min(1).optional(),
  MSG91_TEMPLATE_OUT_FOR_DELIVERY: z.string().min(1).optional(),
  MSG91_TEMPLATE_DELIVERED: z.string().min(1).optional(),
  MSG91_TEMPLATE_CANCELLED: z.string().min(1).optional(),
  MSG91_TEMPLATE_BACK_IN_STOCK: z.string().min(1).optional(),
  MSG91_TEMPLATE_SIGN_IN_CHANGED: z.string().min(1).optional(),
  MSG91_TEMPLATE_SUBSCRIPTION_REMINDER: z.string().min(1).optional(),
  MSG91_TEMPLATE_SUBSCRIPTION_SKIPPED: z.string().min(1).optional(),
  MSG91_TEMPLATE_BREACH: z.string().min(1).optional(),
  // The same texts in Hindi, each registered as its own DLT template (issue 41 item 12): a Hindi
  // shopper's SMS goes out in Hindi where its template is set, else in English.
  MSG91_TEMPLATE_OTP_HI: z.string().min(1).optional(),
  MSG91_TEMPLATE_ORDER_PLACED_HI: z.string().min(1).optional(),
  MSG91_TEMPLATE_OUT_FOR_DELIVERY_HI: z.string().min(1).optional(),
  MSG91_TEMPLATE_DELIVERED_HI: z.string().min(1).optional(),
  MSG91_TEMPLATE_CANCELLED_HI: z.string().min(1).optional(),
  MSG91_TEMPLATE_BACK_IN_STOCK_HI: z.string().min(1).optional(),
  MSG91_TEMPLATE_SIGN_IN_CHANGED_HI: z.string().min(1).optional(),
  MSG91_TEMPLATE_SUBSCRIPTION_REMINDER_HI: z.string().min(1).optional(),
  MSG91_TEMPLATE_SUBSCRIPTION_SKIPPED_HI: z.string().min(1).optional(),
  MSG91_TEMPLATE_BREACH_HI: z.string().min(1).optional(),
  PUBLIC_ORIGIN: origin.optional(),
  ALLOWED_HOSTS: z
    .string()
    .transform((v) =>
      v
        .split(/[\s,]+/)
        .filter(Boolean)
        .map((h) => h.toLowerCase()),
    )
    .pipe(z.array(z.string().regex(/^[a-z0-9.-]+(:\d+)?$|^\[[0-9a-f:.]+\](:\d+)?$/, "each entry must be a host name, optionally with :port")))
    .optional(),
  // Where the Shop's catalogue, carts, wishlists, orders, addresses and profiles live (issue 17,
  // decision 043): Haat's own database, or the brand's ERP speaking the specifications' calls.
  SHOP_BACKEND: z.enum(["embedded", "erp"]).default("embedded"),
  ERP_URL: z
    .string()
    .regex(/^https?:\/\/[^?#\s]+$/, "ERP_URL must be the ERP's base URL, such as https://erp.example.in")
    .transform((v) => v.replace(/\/+$/, ""))
    .optional(),
  ERP_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
  // How often each instance copies the ERP's catalogue into its own database (its cache).
  ERP_CATALOG_SYNC_SECONDS: z.coerce.number().int().min(5).max(86_400).default(60),
  // Origins whose pages may call the JSON API from a browser (CORS); none by default. The
  // brand's apps are not browsers and need none.
  API_CORS_ORIGINS: z
    .string()
    .transform((v) => v.split(/[\s,]+/).filter(Boolean))
    .pipe(z.array(origin))
    .optional(),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
  // Prometheus' /metrics (issue 47, decision 081), never public: on a port of its own
  // (METRICS_PORT, on METRICS_HOST, the loopback by default), or on the shop's port to a scraper
  // that sends "Authorization: Bearer METRICS_TOKEN". Neither set: no /metrics.
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  METRICS_HOST: z.string().min(1).default("127.0.0.1"),
  METRICS_TOKEN: z.string().min(32, "METRICS_TOKEN must be at least 32 characters").optional(),
  // On SIGTERM, /readyz answers 503 this long before the server stops taking connections: the
  // balancer's checks (every second, down after two) see it go before a request is refused.
  SHUTDOWN_DRAIN_SECONDS: z.coerce.number().min(0).max(60).default(3),
  // A Server-Timing header on every answer (queries run, render time): for the bench and for
  // a deployer looking at a slow page in the browser's network panel. Off by default.
  SERVER_TIMING: z
    .enum(["0", "1"])
    .default("0")
    .transform((v) => v === "1"),
  CSP_SCRIPT_SRC: origins,
  CSP_CONNECT_SRC: origins,
  CSP_FRAME_SRC: origins,
  CSP_IMG_SRC: origins,
  CSP_MEDIA_SRC: origins,
  CSP_FORM_ACTION: origins,
  // Online payment (issue 12): all optional; without the key pair only cash on delivery is offered.
  RAZORPAY_KEY_ID: z
    .string()
    .regex(/^rzp_(test|live)_[A-Za-z0-9]+$/, "RAZORPAY_KEY_ID must look like rzp_test_… or rzp_live_…")
    .optional(),
  RAZORPAY_KEY_SECRET: z.string().min(8, "RAZORPAY_KEY_SECRET looks too short").optional(),
  RAZORPAY_WEBHOOK_SECRET: z.string().min(8, "RAZORPAY_WEBHOOK_SECRET looks too short").optional(),
  RAZORPAY_API_BASE: z
    .string()
    .regex(/^https?:\/\/[^/?#\s]+$/, "RAZORPAY_API_BASE must be an origin such as https://api.razorpay.com")
    .default("https://api.razorpay.com"),
  RAZORPAY_CHECKOUT_JS: z.url({ protocol: /^https?$/, error: "RAZORPAY_CHECKOUT_JS must be the URL of checkout.js" }).default("https://checkout.razorpay.com/v1/checkout.js"),
  PAYMENT_HOLD_MINUTES: z.coerce
    .number()
    .int()
    .min(MIN_HOLD_MINUTES)
    .max(24 * 60)
    .default(DEFAULT_HOLD_MINUTES),
  // Accounts that may open /staff (issue 14), separated by commas or spaces; `npm run staff -- add` makes more.
  STAFF_EMAILS: z
    .string()
    .transform((v) => v.split(/[\s,]+/).filter(Boolean))
    .pipe(z.array(z.email({ error: "each STAFF_EMAILS entry must be an e-mail address" })))
    .optional(),
  PREPAID_DISCOUNT_PERCENT: z.coerce.number().min(0).max(50).default(DEFAULT_PREPAID_DISCOUNT_PERCENT),
  // Voice ordering (issue 15): a speech service of the specification's contract; without it the
  // embedded PocketSphinx runs when Debian's pocketsphinx and ffmpeg are installed ('off' turns it off).
  TRANSCRIBE_URL: z.url({ protocol: /^https?$/, error: "TRANSCRIBE_URL must be the http(s) URL of the /transcribe endpoint" }).optional(),
  TRANSCRIBE_KEY: z.string().min(1).optional(),
  // Which speech provider (issue 44): SPEECH_PROVIDER, else the older SPEECH_ENGINE ('remote' is 'http').
  SPEECH_PROVIDER: z.enum(["auto", "sarvam", "google", "http", "pocketsphinx", "off"]).optional(),
  SPEECH_ENGINE: z.enum(["auto", "pocketsphinx", "remote", "off"]).default("auto"),
  // Sarvam AI's speech to text (issue 44): chosen by name, or by auto when the key is set.
  SARVAM_API_KEY: z.string().min(1).optional(),
  SARVAM_URL: z.url({ protocol: /^https?$/, error: "SARVAM_URL must be the http(s) base URL of Sarvam's API" }).default("https://api.sarvam.ai"),
  SARVAM_MODEL: z
    .string()
    .regex(/^(saaras|saarika):v[\d.]+$/, "SARVAM_MODEL must be a Sarvam speech model such as saaras:v3")
    .default("saaras:v3"),
  // Google Cloud Speech-to-Text v2 (issue 44): chosen by name, or by auto when the project and a
  // token or key are set. The names go into the call's path, so each is held to Google's form.
  GOOGLE_SPEECH_PROJECT: z
    .string()
    .regex(/^([a-z][a-z0-9-]{4,28}[a-z0-9]|\d{1,20})$/, "GOOGLE_SPEECH_PROJECT must be a Google Cloud project ID such as haat-speech, or its number")
    .optional(),
  // Chirp 3 hears hi-IN and en-IN at us and eu, not at global (decision 074).
  GOOGLE_SPEECH_LOCATION: z
    .string()
    .regex(/^[a-z][a-z0-9-]{1,30}$/, "GOOGLE_SPEECH_LOCATION must be a Speech-to-Text location such as us, eu or global")
    .default("us"),
  GOOGLE_SPEECH_RECOGNIZER: z
    .string()
    .regex(/^(_|[a-z0-9-]{4,63})$/, "GOOGLE_SPEECH_RECOGNIZER must be _ (none) or a recognizer ID of 4 to 63 of a-z, 0-9 and -")
    .default("_"),
  GOOGLE_SPEECH_MODEL: z
    .string()
    .regex(/^[a-z][a-z0-9_]{1,40}$/, "GOOGLE_SPEECH_MODEL must be a Speech-to-Text model such as chirp_3")
    .default("chirp_3"),
  // Unset: the location's own host (speech.googleapis.com for global, else {location}-speech.googleapis.com).
  GOOGLE_SPEECH_URL: z.url({ protocol: /^https?$/, error: "GOOGLE_SPEECH_URL must be the http(s) base URL of Speech-to-Text" }).optional(),
  GOOGLE_SPEECH_ACCESS_TOKEN: z.string().min(1).optional(),
  GOOGLE_SPEECH_API_KEY: z.string().min(1).optional(),
  /** Recognitions run at once; more wait (at most 4 each), the rest are refused. */
  SPEECH_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(1),
  SPEECH_TIMEOUT_MS: z.coerce.number().int().min(1000).max(300_000).default(30_000),
  // Reverse geocoding for the header's 'Use my location' (issue 15): a Nominatim-compatible service.
  GEOCODER_URL: z.url({ protocol: /^https?$/, error: "GEOCODER_URL must be the http(s) base URL of a Nominatim-compatible service" }).optional(),
  GEOCODER_KEY: z.string().min(1).optional(),
  // A map for picking a new address's point (issue 15), with GEOCODER_URL: a tile URL template.
  MAP_TILES_URL: z
    .string()
    .regex(
      /^https?:\/\/[^\s]*\{z\}[^\s]*\{x\}[^\s]*\{y\}[^\s]*$/,
      "MAP_TILES_URL must be a tile URL template with {z}, {x} and {y}, such as https://tile.openstreetmap.org/{z}/{x}/{y}.png",
    )
    .optional(),
  MAP_ATTRIBUTION: z.string().max(300).default("© OpenStreetMap contributors"),
  // Product photos (decision 041): kept in DATA_DIR/images and served at /media unless
  // IMAGE_STORE_URL names an S3-compatible bucket: s3://bucket/prefix (AWS, or the service at
  // IMAGE_STORE_ENDPOINT) or a path-style https://host/bucket/prefix. Browsers then read the
  // files from the bucket, or from IMAGE_PUBLIC_URL (a CDN in front of it).
  IMAGE_STORE_URL: z
    .string()
    .regex(
      /^(s3:\/\/[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]|https?:\/\/[^/?#\s]+\/[a-z0-9][a-z0-9.-]{1,61}[a-z0-9])(\/[A-Za-z0-9._~-]+)*\/?$/,
      "IMAGE_STORE_URL must look like s3://bucket/prefix or https://host/bucket/prefix",
    )
    .optional(),
  IMAGE_STORE_ENDPOINT: z.url({ protocol: /^https?$/, error: "IMAGE_STORE_ENDPOINT must be the http(s) URL of an S3-compatible service" }).optional(),
  IMAGE_STORE_REGION: z
    .string()
    .regex(/^[a-z0-9-]+$/, "IMAGE_STORE_REGION must be a region name such as ap-south-1 (R2: auto)")
    .default("us-east-1"),
  IMAGE_STORE_ACCESS_KEY_ID: z.string().min(1).optional(),
  IMAGE_STORE_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  IMAGE_PUBLIC_URL: z.url({ protocol: /^https?$/, error: "IMAGE_PUBLIC_URL must be the http(s) URL browsers read the photos from" }).optional(),
  RATE_LIMIT_SIGNIN_PER_EMAIL: limitCount,
  RATE_LIMIT_SIGNIN_PER_DEVICE: limitCount,
  RATE_LIMIT_RESET_CODE_PER_ADDRESS: limitCount,
  RATE_LIMIT_SIGNIN_PER_ADDRESS: limitCount,
  RATE_LIMIT_SIGNUP_PER_ADDRESS: limitCount,
  RATE_LIMIT_RESET_PER_EMAIL: limitCount,
  RATE_LIMIT_CONFIRMATION_PER_ACCOUNT: limitCount,
  RATE_LIMIT_RESET_PER_ADDRESS: limitCount,
  RATE_LIMIT_CONTACT_PER_ADDRESS: limitCount,
  RATE_LIMIT_NEWSLETTER_PER_ADDRESS: limitCount,
  RATE_LIMIT_VOICE_PER_ADDRESS: limitCount,
  RATE_LIMIT_LOCATION_PER_ADDRESS: limitCount,
  RATE_LIMIT_CODE_SEND_PER_ADDRESS: limitCount,
  RATE_LIMIT_CODE_CHECK_PER_ADDRESS: limitCount,
  RATE_LIMIT_CODE_SEND_PER_SERIES: limitCount,
  RATE_LIMIT_CODE_SEND_PER_SHOP: limitCount,
});

export type Env = z.infer<typeof schema> & {
  /** Absolute data directory (PGlite files, the server lock, generated secrets). */
  dataDir: string;
  /** Seed the demo catalogue into an empty database: default on for the embedded database only. */
  seedDemo: boolean;
  /** Cookies carry Secure: default in production (browsers accept it on http://localhost too). */
  cookieSecure: boolean;
  /** Where shoppers reach the shop: every absolute URL (mail, canonical, sitemap) starts with it. */
  publicOrigin: string;
  /** Razorpay's settings when its keys are set (card and UPI offered), else null. */
  razorpay: RazorpayConfig | null;
  /** The prepaid discount given on orders paid online: PREPAID_DISCOUNT_PERCENT, or 0 when nothing can be paid online (decision 031). */
  prepaidPercent: number;
  /** How SMS go out (issue 28): null when none can, and then mobile sign-in is not offered. */
  sms: SmsConfig | null;
  /** Host headers the shop answers: PUBLIC_ORIGIN's, ALLOWED_HOSTS, and, with no PUBLIC_ORIGIN, this machine's own names. */
  allowedHosts: ReadonlySet<string>;
};

export interface RazorpayConfig {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  apiBase: string;
  checkoutJs: string;
  holdMinutes: number;
}

/** The SMS templates (domain/sms.ts) and, for MSG91, the id of each one's registered (DLT) template. */
export type SmsConfig =
  | { provider: "outbox" }
  | {
      provider: "msg91";
      authKey: string;
      apiBase: string;
      senderId: string | null;
      templates: {
        otp: string;
        orderPlaced: string | null;
        outForDelivery: string | null;
        delivered: string | null;
        cancelled: string | null;
        backInStock: string | null;
        signInChanged: string;
        subscriptionReminder: string | null;
        subscriptionSkipped: string | null;
        breach: string | null;
      };
      /** The Hindi templates' ids, where registered (null: that SMS goes out in English). */
      hindiTemplates: Record<SmsTemplate, string | null>;
    };

export class ConfigError extends Error {}

export function readEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ""));
  const parsed = schema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const env = parsed.data;
  const problems: string[] = [];
  if (env.AUTH_PROVIDER === "clerk" && (!env.CLERK_SECRET_KEY || !env.CLERK_PUBLISHABLE_KEY)) {
    problems.push("  AUTH_PROVIDER=clerk needs CLERK_SECRET_KEY and CLERK_PUBLISHABLE_KEY");
  }
  if (Boolean(env.RAZORPAY_KEY_ID) !== Boolean(env.RAZORPAY_KEY_SECRET)) {
    problems.push("  RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET go together: set both (card and UPI) or neither (cash on delivery only)");
  }
  if (env.RAZORPAY_KEY_ID && !env.RAZORPAY_WEBHOOK_SECRET) {
    problems.push("  RAZORPAY_WEBHOOK_SECRET is needed with the Razorpay keys: payments a shopper leaves before returning are confirmed by the webhook");
  }
  if (env.IMAGE_STORE_URL && (!env.IMAGE_STORE_ACCESS_KEY_ID || !env.IMAGE_STORE_SECRET_ACCESS_KEY)) {
    problems.push("  IMAGE_STORE_URL needs IMAGE_STORE_ACCESS_KEY_ID and IMAGE_STORE_SECRET_ACCESS_KEY: the key that may put objects in that bucket");
  }
  const smsProvider = env.SMS_PROVIDER ?? (env.DATABASE_URL ? "none" : "outbox");
  if (smsProvider === "msg91" && (!env.MSG91_AUTH_KEY || !env.MSG91_TEMPLATE_OTP || !env.MSG91_TEMPLATE_SIGN_IN_CHANGED)) {
    problems.push(
      "  SMS_PROVIDER=msg91 needs MSG91_AUTH_KEY, MSG91_TEMPLATE_OTP (the sign-in code's SMS) and MSG91_TEMPLATE_SIGN_IN_CHANGED (tells a number when the account's sign-in changes)",
    );
  }
  if (env.SHOP_BACKEND === "erp" && !env.ERP_URL) problems.push("  SHOP_BACKEND=erp needs ERP_URL: the ERP's base URL, where its /api/… calls live");
  if (problems.length) throw new ConfigError(`Invalid configuration:\n${problems.join("\n")}`);
  // The embedded shop that `npm start` runs with no variables answers on this machine's own
  // names; anything public must say where it lives (checkServerEnv requires it with DATABASE_URL).
  const publicOrigin = env.PUBLIC_ORIGIN ?? `http://localhost:${env.PORT}`;
  const own = env.PUBLIC_ORIGIN ? [] : ["localhost", "127.0.0.1", "[::1]"].map((h) => `${h}:${env.PORT}`);
  return {
    ...env,
    publicOrigin,
    razorpay:
      env.RAZORPAY_KEY_ID && env.RAZORPAY_KEY_SECRET && env.RAZORPAY_WEBHOOK_SECRET
        ? {
            keyId: env.RAZORPAY_KEY_ID,
            keySecret: env.RAZORPAY_KEY_SECRET,
            webhookSecret: env.RAZORPAY_WEBHOOK_SECRET,
            apiBase: new URL(env.RAZORPAY_API_BASE).origin,
            checkoutJs: env.RAZORPAY_CHECKOUT_JS,
            holdMinutes: env.PAYMENT_HOLD_MINUTES,
          }
        : null,
    prepaidPercent: env.RAZORPAY_KEY_ID && env.RAZORPAY_KEY_SECRET && env.RAZORPAY_WEBHOOK_SECRET ? env.PREPAID_DISCOUNT_PERCENT : 0,
    sms:
      smsProvider === "outbox"
        ? { provider: "outbox" }
        : smsProvider === "msg91"
          ? {
              provider: "msg91",
              authKey: env.MSG91_AUTH_KEY!,
              apiBase: new URL(env.MSG91_API_BASE).origin,
              senderId: env.MSG91_SENDER_ID ?? null,
              templates: {
                otp: env.MSG91_TEMPLATE_OTP!,
                orderPlaced: env.MSG91_TEMPLATE_ORDER_PLACED ?? null,
                outForDelivery: env.MSG91_TEMPLATE_OUT_FOR_DELIVERY ?? null,
                delivered: env.MSG91_TEMPLATE_DELIVERED ?? null,
                cancelled: env.MSG91_TEMPLATE_CANCELLED ?? null,
                backInStock: env.MSG91_TEMPLATE_BACK_IN_STOCK ?? null,
                signInChanged: env.MSG91_TEMPLATE_SIGN_IN_CHANGED!,
                subscriptionReminder: env.MSG91_TEMPLATE_SUBSCRIPTION_REMINDER ?? null,
                subscriptionSkipped: env.MSG91_TEMPLATE_SUBSCRIPTION_SKIPPED ?? null,
                breach: env.MSG91_TEMPLATE_BREACH ?? null,
              },
              hindiTemplates: {
                otp: env.MSG91_TEMPLATE_OTP_HI ?? null,
                orderPlaced: env.MSG91_TEMPLATE_ORDER_PLACED_HI ?? null,
                outForDelivery: env.MSG91_TEMPLATE_OUT_FOR_DELIVERY_HI ?? null,
                delivered: env.MSG91_TEMPLATE_DELIVERED_HI ?? null,
                cancelled: env.MSG91_TEMPLATE_CANCELLED_HI ?? null,
                backInStock: env.MSG91_TEMPLATE_BACK_IN_STOCK_HI ?? null,
                signInChanged: env.MSG91_TEMPLATE_SIGN_IN_CHANGED_HI ?? null,
                subscriptionReminder: env.MSG91_TEMPLATE_SUBSCRIPTION_REMINDER_HI ?? null,
                subscriptionSkipped: env.MSG91_TEMPLATE_SUBSCRIPTION_SKIPPED_HI ?? null,
                breach: env.MSG91_TEMPLATE_BREACH_HI ?? null,
              },
            }
          : null,
    allowedHosts: new Set([new URL(publicOrigin).host, ...own, ...(env.ALLOWED_HOSTS ?? [])]),
    dataDir: path.resolve(env.DATA_DIR),
    seedDemo: env.SEED_DEMO ?? !env.DATABASE_URL,
    cookieSecure: env.COOKIE_SECURE ?? env.NODE_ENV === "production",
  };
}

/**
 * What a server needs beyond readEnv(): several instances on one PostgreSQL must sign
 * cookies with one secret; only the single-process embedded shop may keep a generated one
 * in its data directory. Command-line tools sign nothing and skip this.
 */
export function checkServerEnv(env: Env): void {
  if (env.DATABASE_URL && env.NODE_ENV === "production" && !env.SESSION_SECRET) {
    throw new ConfigError("Invalid configuration:\n  SESSION_SECRET is required with DATABASE_URL in production (every instance must share it)");
  }
  if (env.DATABASE_URL && !env.PUBLIC_ORIGIN) {
    throw new ConfigError(
      "Invalid configuration:\n  PUBLIC_ORIGIN is required with DATABASE_URL: the address shoppers use, such as https://shop.example.in. " +
        "Mail links, canonical links and the sitemap are built from it, and requests for other host names are refused.",
    );
  }
}

/**
 * What the pages say about paying (the root loader sends it to every page): card and UPI only
 * where the back end takes online payment (`onlinePayment`, the Shop's capability: false with
 * the ERP, even with Razorpay's keys set), so nothing is offered that checkout would refuse.
 */
export function paymentOffer(onlinePayment: boolean, env: Env = appEnv()): { online: boolean; prepaidPercent: number } {
  return { online: onlinePayment, prepaidPercent: onlinePayment ? env.prepaidPercent : 0 };
}

let current: Env | undefined;
/** The process's configuration, read once. */
export function appEnv(): Env {
  return (current ??= readEnv());
}
