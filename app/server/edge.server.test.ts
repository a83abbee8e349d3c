import { describe, expect, it } from "vitest";
import { databaseStartupMessage, isAllowedHost, namesAFile, requestIdOf } from "./edge.server.ts";
import { checkServerEnv, ConfigError, readEnv } from "./env.server.ts";

describe("requestIdOf", () => {
  it("keeps a load balancer's sane id and replaces anything else", () => {
    expect(requestIdOf("lb-1234abcd.5678")).toBe("lb-1234abcd.5678");
    for (const bad of [undefined, "", "short", "has space in it", "a".repeat(129), "<script>alert(1)</script>", "id\r\nSet-Cookie: x=1"]) {
      const id = requestIdOf(bad);
      expect(id).not.toBe(bad);
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
    }
  });
});

describe("allowed hosts", () => {
  it("with no PUBLIC_ORIGIN, answers this machine's names at its port and nothing else", () => {
    const env = readEnv({ PORT: "3000" });
    expect(env.publicOrigin).toBe("http://localhost:3000");
    for (const host of ["localhost:3000", "127.0.0.1:3000", "[::1]:3000", "LOCALHOST:3000"]) expect(isAllowedHost(host, env), host).toBe(true);
    for (const host of [undefined, "", "evil.example", "evil.example:3000", "localhost:3001", "localhost", "127.0.0.1.evil.example:3000"])
      expect(isAllowedHost(host, env), String(host)).toBe(false);
  });

  it("with PUBLIC_ORIGIN, answers its host (with or without the default port) and ALLOWED_HOSTS only", () => {
    const env = readEnv({ PUBLIC_ORIGIN: "https://shop.haat.in", ALLOWED_HOSTS: "www.haat.in, internal.lb:8080" });
    expect(env.publicOrigin).toBe("https://shop.haat.in");
    for (const host of ["shop.haat.in", "shop.haat.in:443", "www.haat.in", "internal.lb:8080"]) expect(isAllowedHost(host, env), host).toBe(true);
    for (const host of ["localhost:3000", "127.0.0.1:3000", "evil.example", "internal.lb"]) expect(isAllowedHost(host, env), host).toBe(false);
  });

  it("on port 80, answers the bare name a browser sends", () => {
    const env = readEnv({ PORT: "80" });
    for (const host of ["localhost", "127.0.0.1", "localhost:80"]) expect(isAllowedHost(host, env), host).toBe(true);
    expect(isAllowedHost("evil.example", env)).toBe(false);
  });

  it("refuses a PUBLIC_ORIGIN with a path, and PostgreSQL without PUBLIC_ORIGIN", () => {
    expect(() => readEnv({ PUBLIC_ORIGIN: "https://shop.haat.in/store" })).toThrow(/PUBLIC_ORIGIN/);
    const env = readEnv({ DATABASE_URL: "postgres://u@db:5432/haat", SESSION_SECRET: "s".repeat(40) });
    expect(() => checkServerEnv(env)).toThrow(ConfigError);
    expect(() => checkServerEnv(env)).toThrow(/PUBLIC_ORIGIN is required with DATABASE_URL/);
    expect(() => checkServerEnv(readEnv({ DATABASE_URL: "postgres://u@db:5432/haat", SESSION_SECRET: "s".repeat(40), PUBLIC_ORIGIN: "https://shop.haat.in" }))).not.toThrow();
  });
});

describe("databaseStartupMessage", () => {
  const refused = Object.assign(new Error('Failed query: CREATE SCHEMA IF NOT EXISTS "drizzle"'), {
    cause: Object.assign(new Error("connect ECONNREFUSED 10.0.0.5:6543"), { code: "ECONNREFUSED" }),
  });

  it("names the host and port and what to change, instead of the failed query alone", () => {
    const message = databaseStartupMessage(refused, "postgres://haat:secret@10.0.0.5:6543/shop");
    expect(message).toContain("PostgreSQL at 10.0.0.5:6543 (database shop, user haat)");
    expect(message).toContain("Nothing is listening there");
    expect(message).not.toContain("secret");
  });

  it("tells a host that does not resolve, a refused password and a missing database apart", () => {
    const wrapped = (code: string, text: string) => Object.assign(new Error("Failed query"), { cause: Object.assign(new Error(text), { code }) });
    expect(databaseStartupMessage(wrapped("ENOTFOUND", "getaddrinfo ENOTFOUND db.nowhere"), "postgres://u@db.nowhere/x")).toMatch(/db\.nowhere:5432.*does not resolve/);
    expect(databaseStartupMessage(wrapped("28P01", 'password authentication failed for user "u"'), "postgres://u@db/x")).toMatch(/refused the user or password/);
    expect(databaseStartupMessage(wrapped("3D000", 'database "x" does not exist'), "postgres://u@db/x")).toMatch(/does not exist: create it/);
  });
});

describe("namesAFile", () => {
  it("sends paths with a dot in their last segment to the public files, and pages past them", () => {
    expect(namesAFile("/favicon.ico")).toBe(true);
    expect(namesAFile("/images/products/basmati.svg")).toBe(true);
    expect(namesAFile("/sw.js")).toBe(true);
    expect(namesAFile("/products")).toBe(false);
    expect(namesAFile("/hi/product/7")).toBe(false);
    expect(namesAFile("/")).toBe(false);
    expect(namesAFile("/images.d/page")).toBe(false);
  });
});
