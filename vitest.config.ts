import { defineConfig } from "vitest/config";

// Vitest runs without the React Router plugin: unit and integration tests
// exercise app/domain and app/server, never route modules through Vite.
export default defineConfig({
  test: {
    include: ["app/**/*.test.ts", "tests/integration/**/*.test.ts", "tests/search/**/*.test.ts", "tests/voice/**/*.test.ts", "scripts/**/*.test.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
  },
});
