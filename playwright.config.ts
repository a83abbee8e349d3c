// End-to-end tests against the production build, in Debian's Chromium, twice: with
// JavaScript (`js`) and without (`no-js`), since every basic flow must work in both.
// Run with `npm run test:e2e` (builds when needed; Node 24 from node_modules/.bin).
import os from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";

const port = Number(process.env.E2E_PORT || 4173);
const baseURL = `http://127.0.0.1:${port}`;
const CI = Boolean(process.env.CI);
// The e2e server's data directory: tests read the mail outbox there (tests/e2e/support.ts).
process.env.E2E_DATA_DIR ||= path.join(os.tmpdir(), `haat-e2e-port-${port}`);
// The Razorpay stand-in the e2e server starts beside the shop (tests/e2e/payments.spec.ts drives it).
// Not port + 17: 4190 is one of the ports fetch and browsers refuse to connect to ("bad port").
process.env.E2E_RAZORPAY_PORT ||= String(port + 21);

const browser = {
  ...devices["Desktop Chrome"],
  viewport: { width: 1280, height: 800 },
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
  },
};

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  forbidOnly: CI,
  retries: CI ? 1 : 0,
  workers: 2,
  reporter: "list",
  // Bounds, not waits (tests wait for what a person sees). CI's 2-core machines are CPU-bound
  // with two workers (a third made every test slower): a page there takes 1.5-3.5 s to load and
  // a long journey over 30 s, so the bounds leave room (docs/PERFORMANCE.md, "CI's machines").
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    // Recording traces adds about a fifth to the run time on a 2-core machine: only on CI's
    // retry. Locally, rerun a failing test with `--trace on`.
    trace: CI ? "on-first-retry" : "off",
    // Carousels stop autoplaying, so nothing moves under a click.
    reducedMotion: "reduce",
  },
  projects: [
    { name: "js", use: { ...browser, javaScriptEnabled: true }, testIgnore: /sw-update\.spec\.ts/ },
    { name: "no-js", use: { ...browser, javaScriptEnabled: false }, testIgnore: /sw-update\.spec\.ts/ },
    // Changes the built service worker that every page is offered: alone, after the others.
    { name: "sw-update", use: { ...browser, javaScriptEnabled: true }, testMatch: /sw-update\.spec\.ts/, dependencies: ["js", "no-js"] },
  ],
  webServer: {
    command: "node tests/e2e-server.ts",
    env: { E2E_DATA_DIR: process.env.E2E_DATA_DIR, E2E_RAZORPAY_PORT: process.env.E2E_RAZORPAY_PORT },
    url: `${baseURL}/healthz`,
    reuseExistingServer: !CI,
    timeout: 120_000,
    stdout: "ignore",
    stderr: "pipe",
    // SIGTERM lets the server close its database and remove its temporary data directory.
    gracefulShutdown: { signal: "SIGTERM", timeout: 10_000 },
  },
});
