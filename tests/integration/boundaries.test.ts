// The layers of docs/ARCHITECTURE.md are the build's, not a convention (issue 42 item 2): ESLint,
// with the repository's own configuration, refuses one planted import of each forbidden kind.
// Each case lints a real file's text with the import put first, as if it were saved so.
import fs from "node:fs";
import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const eslint = new ESLint({ cwd: root });

const PLANTED: [kind: string, file: string, line: string, rule: string][] = [
  ["domain imports outside itself", "app/domain/money.ts", 'import { appEnv } from "../server/env.server.ts";', "import-x/no-restricted-paths"],
  ["a component imports a server module's code", "app/components/Toaster.tsx", 'import { log } from "../server/log.server.ts";', "@typescript-eslint/no-restricted-imports"],
  ["a route reaches a Shop adapter", "app/routes/home.tsx", 'import { createOrders } from "../server/shop/orders.server.ts";', "@typescript-eslint/no-restricted-imports"],
  ["a route touches the database", "app/routes/home.tsx", 'import { openDatabase } from "../server/db/client.server.ts";', "import-x/no-restricted-paths"],
  ["a form takes the Shop", "app/server/forms/cart.server.ts", 'import { shopOf } from "../context.server.ts";', "@typescript-eslint/no-restricted-imports"],
  [
    "a route binds use cases to a Shop of its own",
    "app/routes/home.tsx",
    'import { bindUseCases } from "../server/use-cases/index.server.ts";',
    "@typescript-eslint/no-restricted-imports",
  ],
  ["a module beneath the pages takes the Shop", "app/server/shopper-facts.server.ts", 'import { shopOf } from "./context.server.ts";', "@typescript-eslint/no-restricted-imports"],
  ["the Shop imports a use case", "app/server/shop/cart.server.ts", 'import { addLines } from "../use-cases/add-lines.server.ts";', "import-x/no-restricted-paths"],
  ["the Shop imports mail", "app/server/shop/cart.server.ts", 'import { mailer } from "../mail/mailer.server.ts";', "import-x/no-restricted-paths"],
  ["the service worker imports a component", "app/sw/sw.ts", 'import { Toaster } from "../components/Toaster.tsx";', "import-x/no-restricted-paths"],
  ["product code imports a stand-in", "app/server/log.server.ts", 'import { startRazorpayStandin } from "../../tests/standins/razorpay.ts";', "import-x/no-restricted-paths"],
  ["an import circle", "app/domain/pricing.ts", 'import { CART_MESSAGES } from "./cart.ts";', "import-x/no-cycle"],
];

describe("lint holds the layers", () => {
  it.each(PLANTED)("refuses %s (%s)", async (_kind, file, line, rule) => {
    const filePath = path.join(root, file);
    const text = `${line}\n${fs.readFileSync(filePath, "utf8")}`;
    const [result] = await eslint.lintText(text, { filePath });
    expect(result!.messages.filter((m) => m.line === 1).map((m) => m.ruleId)).toContain(rule);
  });

  it("passes each of those files as it is", async () => {
    const results = await eslint.lintFiles([...new Set(PLANTED.map(([, file]) => path.join(root, file)))]);
    expect(results.flatMap((r) => r.messages.map((m) => `${path.relative(root, r.filePath)}:${m.line} ${m.ruleId}`))).toEqual([]);
  });
});
