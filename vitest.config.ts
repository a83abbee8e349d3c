import { defineConfig } from "vitest/config";
import { hindiReader } from "./vite.config.ts";

// Vitest runs without the React Router plugin: unit and integration tests
// exercise app/domain and app/server, never route modules through Vite.
export default defineConfig({
  // The server names the Hindi reader's URL (server/i18n.server.ts).
  plugins: [hindiReader()],
  test: {
    include: ["app/**/*.test.ts", "tests/integration/**/*.test.ts", "tests/search/**/*.test.ts", "tests/voice/**/*.test.ts", "scripts/**/*.test.ts"],
    // Bounds, not waits: CI's 2-core machines start a production server on a fresh embedded
    // database in 10-40 s depending on what runs beside it (page faults there cost ~10x a bare
    // machine's: docs/PERFORMANCE.md, "CI's machines").
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: "forks",
    // Two files at once: Vitest's default on 2 cores is one, which left a core idle while
    // integration tests waited on the servers and databases they start (11 min against 7.5).
    maxWorkers: 2,
  },
});
