import { beforeAll, describe, expect, it } from "vitest";
import { configureLog } from "../../log.server.ts";
import { ShopError } from "../port.server.ts";
import { createErpClient, erpImage, errorMessageOf, ErpUnauthorized } from "./client.server.ts";

/** A fetch that answers from a list, one per call, and counts them. */
function scripted(...answers: (Response | Error)[]) {
  const calls: { url: string; body: unknown; auth: string | null }[] = [];
  const fetch = (async (url: string, init: RequestInit) => {
    calls.push({ url, body: JSON.parse(String(init.body)), auth: new Headers(init.headers).get("authorization") });
    const next = answers.shift() ?? new Error("no more answers");
    if (next instanceof Error) throw next;
    return next;
  }) as unknown as typeof globalThis.fetch;
  return { fetch, calls };
}

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

beforeAll(() => configureLog({ level: "silent" }));

describe("the ERP client", () => {
  it("sends the params envelope with the bearer and unwraps result", async () => {
    const { fetch, calls } = scripted(json(200, { jsonrpc: "2.0", id: null, result: { cart_id: 7 } }));
    const erp = createErpClient({ baseUrl: "https://erp.example", timeoutMs: 1000, fetch });
    expect(await erp.call("/api/cart/setup", {}, { token: "tok" })).toEqual({ cart_id: 7 });
    expect(calls[0]).toEqual({ url: "https://erp.example/api/cart/setup", body: { jsonrpc: "2.0", method: "call", params: {} }, auth: "Bearer tok" });
  });

  it("retries an idempotent read after a network failure or a 5xx, and never a write", async () => {
    const read = scripted(new Error("ECONNRESET"), json(502, {}), json(200, { result: { ok: 1 } }));
    expect(await createErpClient({ baseUrl: "https://erp.example", timeoutMs: 1000, fetch: read.fetch }).call("/api/cart/get", {}, { idempotent: true })).toEqual({ ok: 1 });
    expect(read.calls).toHaveLength(3);
    const write = scripted(json(503, {}), json(200, { result: { ok: 1 } }));
    const error = await createErpClient({ baseUrl: "https://erp.example", timeoutMs: 1000, fetch: write.fetch })
      .call("/api/cart/add", {})
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ShopError);
    expect(error).toMatchObject({ code: "unavailable", message: "Something went wrong" });
    expect(write.calls).toHaveLength(1);
  });

  it("takes a 200 that is not a JSON object for no answer, and the ERP's 429 for its words, not an outage", async () => {
    const { fetch } = scripted(new Response("<html>maintenance</html>", { status: 200 }), new Response("", { status: 200 }), json(429, { error: "Too many sign-in attempts." }));
    const erp = createErpClient({ baseUrl: "https://erp.example", timeoutMs: 1000, fetch, retries: 0, breakerThreshold: 3 });
    await expect(erp.call("/api/products")).rejects.toMatchObject({ code: "unavailable" });
    await expect(erp.call("/api/products")).rejects.toMatchObject({ code: "unavailable" });
    await expect(erp.call("/api/auth/token")).rejects.toMatchObject({ code: "conflict", message: "Too many sign-in attempts." });
    expect(erp.open).toBe(false);
  });

  it("gives the ERP's own words for a refusal, and a 401 as its own kind", async () => {
    const { fetch } = scripted(json(409, { success: false, error: "Order is already cancelled." }), json(401, { error: "expired" }), json(404, "nothing"));
    const erp = createErpClient({ baseUrl: "https://erp.example", timeoutMs: 1000, fetch });
    await expect(erp.call("/api/orders/1/cancel")).rejects.toMatchObject({ code: "conflict", message: "Order is already cancelled." });
    await expect(erp.call("/api/cart/get")).rejects.toBeInstanceOf(ErpUnauthorized);
    await expect(erp.call("/api/products/9")).rejects.toMatchObject({ code: "not_found", message: "HTTP 404" });
  });

  it("opens its breaker after repeated failures: calls fail at once until it closes", async () => {
    let clock = 0;
    const { fetch, calls } = scripted(...Array.from({ length: 5 }, () => new Error("ETIMEDOUT")), json(200, { result: { back: true } }));
    const erp = createErpClient({ baseUrl: "https://erp.example", timeoutMs: 1000, fetch, retries: 0, breakerThreshold: 5, breakerOpenMs: 10_000, now: () => clock });
    for (let i = 0; i < 5; i++) await expect(erp.call("/api/cart/get", {}, { idempotent: true })).rejects.toMatchObject({ code: "unavailable" });
    expect(erp.open).toBe(true);
    await expect(erp.call("/api/cart/get", {}, { idempotent: true })).rejects.toMatchObject({ code: "unavailable" });
    expect(calls).toHaveLength(5);
    clock += 10_001;
    expect(await erp.call("/api/cart/get", {}, { idempotent: true })).toEqual({ back: true });
  });

  it("reads a failure's message by the rule of Specification: Browsing failure messages", () => {
    expect(errorMessageOf(400, { error: "Invalid coupon code" })).toBe("Invalid coupon code");
    expect(errorMessageOf(400, { result: { error: "Wishlist add failed" } })).toBe("Wishlist add failed");
    expect(errorMessageOf(400, { message: "Bad" })).toBe("Bad");
    expect(errorMessageOf(418, null)).toBe("HTTP 418");
  });

  it("makes the ERP's images loadable", () => {
    expect(erpImage("https://erp.example", "/media/x.webp", 3)).toBe("https://erp.example/media/x.webp");
    expect(erpImage("https://erp.example", "https://cdn.example/y.jpg", 3)).toBe("https://cdn.example/y.jpg");
    expect(erpImage("https://erp.example", null, 3)).toBe("https://erp.example/web/image?model=product.product&id=3&field=image_128");
  });
});
