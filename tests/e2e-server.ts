// The production server for the Playwright suite: a fresh embedded database in a temporary
// directory (seeded with the demo catalogue on start), so every run sees the same shop.
// Started by playwright.config.ts's webServer; run it by hand with `node tests/e2e-server.ts`.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { lockHolder } from "../app/server/db/lock.server.ts";
import { E2E_SESSION_SECRET } from "./e2e-secret.ts";

const PREFIX = "haat-e2e-";
const STALE_MS = 60_000;

/** Temporary data directories left by runs that were killed before they could clean up. */
function removeStaleDirs() {
  const tmp = os.tmpdir();
  for (const name of fs.readdirSync(tmp)) {
    if (!name.startsWith(PREFIX)) continue;
    const dir = path.join(tmp, name);
    try {
      const stat = fs.statSync(dir);
      if (!stat.isDirectory() || Date.now() - stat.mtimeMs < STALE_MS) continue;
      if (lockHolder(dir) !== undefined) continue; // a run still going
      fs.rmSync(dir, { recursive: true, force: true });
    } catch {
      // Not ours to worry about: leave it.
    }
  }
}

removeStaleDirs();
// playwright.config.ts names the directory, so tests can read the mail outbox in it.
const dataDir = process.env.E2E_DATA_DIR || fs.mkdtempSync(path.join(os.tmpdir(), PREFIX));
fs.rmSync(dataDir, { recursive: true, force: true });
fs.mkdirSync(dataDir, { recursive: true });
// The server exits through process.exit after SIGTERM/SIGINT; 'exit' handlers run then.
process.on("exit", () => fs.rmSync(dataDir, { recursive: true, force: true }));

process.env.DATA_DIR = dataDir;
process.env.PORT = process.env.E2E_PORT || "4173";
process.env.HOST = "127.0.0.1";
// The suite's browsers reach the shop at 127.0.0.1: its links (canonical, sitemap, mail) say so too.
process.env.PUBLIC_ORIGIN = `http://127.0.0.1:${process.env.PORT}`;
process.env.NODE_ENV = "production";
process.env.SEED_DEMO = "true";
// Sessions will need a secret in production; this one signs nothing but test cookies.
process.env.SESSION_SECRET = E2E_SESSION_SECRET;
// As behind a reverse proxy on this machine: tests give each new shopper an address of
// their own (X-Forwarded-For), so per-address sign-up limits hold without slowing the suite.
process.env.TRUST_PROXY = "loopback";
// Staff accounts for the staff journeys (tests/e2e/staff.spec.ts), one per project.
process.env.STAFF_EMAILS = "staff-js@haat.example,staff-nojs@haat.example";
delete process.env.DATABASE_URL; // always the embedded database, never a developer's PostgreSQL

// Card and UPI through the Razorpay stand-in (tests/standins/razorpay.ts), on the port
// playwright.config.ts names, with its webhooks sent to this shop.
const { startRazorpayStandin } = await import("./standins/razorpay.ts");
const keys = { keyId: "rzp_test_HaatE2EStandin", keySecret: "e2e-standin-key-secret", webhookSecret: "e2e-standin-webhook-secret" };
const standin = await startRazorpayStandin({
  ...keys,
  port: Number(process.env.E2E_RAZORPAY_PORT || 4194),
  webhookUrl: `${process.env.PUBLIC_ORIGIN}/webhooks/razorpay`,
  businessName: "Haat",
});
process.env.RAZORPAY_KEY_ID = keys.keyId;
process.env.RAZORPAY_KEY_SECRET = keys.keySecret;
process.env.RAZORPAY_WEBHOOK_SECRET = keys.webhookSecret;
process.env.RAZORPAY_API_BASE = standin.apiBase;
process.env.RAZORPAY_CHECKOUT_JS = standin.checkoutJs;
process.on("exit", () => void standin.close());

// 'Use my location' through a Nominatim stand-in (tests/standins/geocoder.ts), beside the Razorpay one.
const { startGeocoderStandin } = await import("./standins/geocoder.ts");
const geocoder = await startGeocoderStandin({ port: Number(process.env.E2E_PORT || 4173) + 22 });
process.env.GEOCODER_URL = geocoder.url;
process.env.MAP_TILES_URL = geocoder.tiles;
process.on("exit", () => void geocoder.close());

const { main } = await import("../server.ts");
await main();
