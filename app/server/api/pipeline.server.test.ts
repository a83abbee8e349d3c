// The JSON API's answer when the database is out of reach: 503 with Retry-After, as the pages
// answer, never a 500 (issue 25 item 8).
import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { shopContext } from "../context.server.ts";
import { UNAVAILABLE_MESSAGE, withUnavailablePage } from "../unavailable.server.ts";
import type { Shop } from "../shop/port.server.ts";
import type { Reads } from "../use-cases/index.server.ts";
import { answerCall, call } from "./pipeline.server.ts";

const dropped = () => Object.assign(new Error("Failed query: select 1"), { cause: Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01" }) });

function ask(run: (reads: Reads) => Promise<unknown>, shop: Shop) {
  const context = new RouterContextProvider();
  context.set(shopContext, shop);
  const request = new Request("http://localhost/api/products", { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" });
  return answerCall(call({ summary: "test", auth: "none", params: z.object({}), result: z.object({}), run: ({ reads }) => run(reads) }), {}, request, context);
}

describe("the JSON API with its database out of reach", () => {
  const shop = withUnavailablePage({ catalog: { productIds: async () => Promise.reject(dropped()) } } as unknown as Shop);

  it("answers 503 with Retry-After through the guarded Shop, and for the driver's own error", async () => {
    for (const run of [(s: Reads) => s.catalog.productIds(), () => Promise.reject(dropped())]) {
      const answer = await ask(run, shop);
      expect(answer.status).toBe(503);
      expect(answer.headers.get("Retry-After")).toBe("5");
      expect(((await answer.json()) as { error: string }).error).toBe(UNAVAILABLE_MESSAGE);
    }
  });

  it("still answers a fault of ours 500", async () => {
    expect((await ask(() => Promise.reject(new Error("a bug of ours")), shop)).status).toBe(500);
  });
});
