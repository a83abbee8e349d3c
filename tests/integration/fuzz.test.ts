// Issue 10: a fuzz of every form POST of the real server (`node server.ts`). At least 1,000
// malformed bodies, from a fixed seed, across every route with an action, signed in and
// signed out: none may get a 5xx, the server must stay up, and afterwards the database must
// still hold together (stock never negative, cart lines at least 1, no orphan rows, placed
// orders consistent with their lines, payments and the stock they took).
// Runs on the embedded PGlite always, and on PostgreSQL too when DATABASE_URL is set.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { random } from "../../bench/lib/catalog.ts";
import { FORM_BODY_LIMIT } from "../../app/domain/body-limits.ts";
import { openDatabase, type Database } from "../../app/server/db/client.server.ts";
import { DEMO_CUSTOMER } from "../../app/server/shop/open.server.ts";
import { FORMS, ROUTES, type FormName } from "./form-routes.ts";
import { freePort, hasBuild, killServers, ROOT, runServer, tmpDir, waitHealthy } from "./spawn-server.ts";

const SEED = 20261123;
const REQUESTS = 2000;
const CONCURRENCY = 4;

// ---------- a seeded random source (the bench's generator) ----------

class Rng {
  readonly #next: () => number;
  constructor(seed: number) {
    this.#next = random(seed);
  }
  float(): number {
    return this.#next();
  }
  int(n: number): number {
    return Math.floor(this.#next() * n);
  }
  between(lo: number, hi: number): number {
    return lo + this.int(hi - lo + 1);
  }
  chance(p: number): boolean {
    return this.#next() < p;
  }
  pick<T>(list: readonly T[]): T {
    return list[this.int(list.length)]!;
  }
  weighted<T extends string>(weights: Readonly<Record<T, number>>): T {
    const entries = Object.entries(weights) as [T, number][];
    let roll = this.float() * entries.reduce((a, [, w]) => a + w, 0);
    for (const [value, weight] of entries) {
      roll -= weight;
      if (roll < 0) return value;
    }
    return entries[entries.length - 1]![0];
  }
  bytes(n: number): Buffer {
    const out = Buffer.alloc(n);
    for (let i = 0; i < n; i++) out[i] = this.int(256);
    return out;
  }
  shuffle<T>(list: T[]): T[] {
    for (let i = list.length - 1; i > 0; i--) {
      const j = this.int(i + 1);
      [list[i], list[j]] = [list[j]!, list[i]!];
    }
    return list;
  }
}

/** Real rows made before the fuzz, so that intents naming ids reach real lines, addresses and orders. */
interface Seeded {
  refs: string[];
  addresses: number[];
  cartIds: number[];
  orders: number[];
  items: number[];
  formOpened: string;
}

// ---------- values ----------

const NUMBERS = [
  "0",
  "999999",
  "-1",
  "-0",
  "1.5",
  "0.0001",
  "1e3",
  "1e308",
  "-1e308",
  "NaN",
  "Infinity",
  "-Infinity",
  "2147483647",
  "2147483648",
  "-2147483649",
  "4294967296",
  "9007199254740993",
  "99999999999999999999999999",
  "0x10",
  "0b11",
  "1_000",
  " 1 ",
  "+1",
  "١٢",
  "1,000",
  "--1",
  "",
  "null",
  "[]",
  "{}",
  "true",
];

const TEXTS = [
  "",
  " ",
  "   \t  ",
  "null",
  "undefined",
  "[object Object]",
  "__proto__",
  "constructor",
  "' OR '1'='1",
  "1' OR 1=1 --",
  "'; DROP TABLE orders; --",
  '"; DELETE FROM variants; --',
  "1; SELECT pg_sleep(10)",
  "1 UNION SELECT password_hash FROM customers",
  "$1",
  "\\",
  "\\x00",
  "<script>alert(1)</script>",
  "<img src=x onerror=alert(document.cookie)>",
  '"><svg onload=alert(1)>',
  "javascript:alert(1)",
  "{{7*7}}",
  "${7*7}",
  "<!--",
  "]]>",
  "😀🛒",
  "\u202egnp.exe",
  "\ufeffbom",
  "Z\u0334\u0321a\u0337l\u0336g\u0335o",
  "नमस्ते",
  "a\r\nSet-Cookie: x=1",
  "%00",
  "%zz",
  "x".repeat(300) + "@example.in",
  "demo@haat.example",
  " DEMO@HAAT.EXAMPLE ",
  "a@b",
  "@@",
  "GP-DRY-ALM-250G' --",
  "../../etc/passwd",
];

const URLS = [
  "https://evil.example/",
  "//evil.example",
  "///evil.example",
  "/\\evil.example",
  "\\\\evil.example",
  "/\t/evil.example",
  "/%2F%2Fevil.example",
  "/.//evil.example",
  "/%2e//evil.example",
  "http:evil.example",
  "javascript:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  "/post-auth?next=https://evil.example",
  "%2F%2Fevil.example",
  "/..%2F..%2Fetc%2Fpasswd",
  "https:\\\\evil.example",
  "/ /evil.example",
  "/" + "a".repeat(2500),
  "",
  "/products",
];

const CONTROLS = ["\u0000", "\u0001", "\u0007", "\u0008", "\u000b", "\u000c", "\u001b[31m", "\u001f", "\u007f", "a\u0000b"];

const ODD_NAMES = [
  "__proto__",
  "__proto__[polluted]",
  "constructor",
  "constructor[prototype][polluted]",
  "prototype",
  "a[b][c]",
  "items[0].x",
  "",
  " ",
  "intent ",
  "INTENT",
  "🛒",
  "x".repeat(300),
  "hasOwnProperty",
  "toString",
];

const NUMERIC_FIELDS = new Set(["quantity", "item", "address", "id", "cart_id", "address_id", "order", "product_id", "price", "stock"]);
const URL_FIELDS = new Set(["redirectTo", "return_to"]);

function validValue(form: FormName, field: string, seeded: Seeded, rng: Rng): string {
  if ((form === "reset" || form === "mobilesignin" || form === "mobileaccount") && field === "code") return rng.pick(["123456", "000000", "999999"]);
  if (field === "mobile") return rng.pick(["9876543210", "+91 98765 43211", `9${String(rng.int(1e9)).padStart(9, "0")}`]);
  if (field === "from") return rng.pick(["number", "code"]);
  if (field === "on") return rng.pick(["true", "false"]);
  switch (field) {
    case "internal_reference":
      return rng.pick(seeded.refs);
    case "quantity":
      return String(rng.between(1, 5));
    case "then":
      return rng.pick(["stay", "cart"]);
    case "item":
      return String(rng.pick(seeded.items));
    case "address":
    case "id":
    case "address_id":
      return String(rng.pick(seeded.addresses));
    case "cart_id":
      // Mostly the open cart, which `place` can still place; else the placed one.
      return String(rng.chance(0.75) ? seeded.cartIds[seeded.cartIds.length - 1] : rng.pick(seeded.cartIds));
    case "order":
      return String(rng.pick(seeded.orders));
    case "product_id":
    case "stock":
      return String(rng.between(1, 50));
    case "price":
      return String(rng.between(10, 999));
    case "code":
      return rng.pick(["WELCOME10", "HAAT100", "FESTIVE15", "MONSOON20", "welcome10", "NOPE"]);
    case "payment":
      return rng.pick(["cod", "upi", "card"]);
    case "terms":
      return "on";
    case "name":
    case "firstName":
      return "Asha";
    case "lastName":
      return "Verma";
    case "email":
      return rng.pick(["fuzz@example.in", DEMO_CUSTOMER.email, `fuzz-${rng.int(1e6)}@example.in`]);
    case "phone":
      return "9876543210";
    case "street":
      return "12 MG Road";
    case "street2":
      return "Sector 14";
    case "city":
      return "Gurugram";
    case "state":
      return "Haryana";
    case "zip":
      return "122001";
    case "country":
      return "India";
    case "subject":
      return "Order question";
    case "message":
      return "Where is my parcel?";
    case "password":
      return rng.pick([DEMO_CUSTOMER.password, "long-enough-password", "short"]);
    case "token":
      return randomHex(rng, 32);
    case "website_url":
      return "";
    case "form_opened":
      return seeded.formOpened;
    case "redirectTo":
    case "return_to":
      return rng.pick(["/products", "/addtocart", "/post-auth"]);
    default:
      return "x";
  }
}

function randomHex(rng: Rng, n: number): string {
  return rng.bytes(n).toString("hex").slice(0, n);
}

function nastyValue(field: string, rng: Rng): string {
  if (URL_FIELDS.has(field) && rng.chance(0.8)) return rng.pick(URLS);
  if (NUMERIC_FIELDS.has(field) && rng.chance(0.7)) return rng.pick(NUMBERS);
  if (field === "website_url") return rng.pick(["http://spam.example", "x", " ", ...TEXTS]);
  if (field === "form_opened") return rng.pick(["", "0", "null", "AAAA", randomHex(rng, 64), Buffer.from(randomHex(rng, 40)).toString("base64"), ...TEXTS]);
  return rng.chance(0.15) ? rng.pick(NUMBERS) : rng.pick(TEXTS);
}

/** A long value whose encoded size is about `bytes`. */
function longValue(rng: Rng, bytes: number): string {
  const unit = rng.pick(["A", "<b>x</b>", "😀", "' OR 1=1 --", "%", "ह", "1"]);
  return unit.repeat(Math.max(1, Math.floor(bytes / pct(unit).length)));
}

/** Percent-encodes every byte but the unreserved ones (any string, lone surrogates too). */
function pct(value: string): string {
  let out = "";
  for (const byte of Buffer.from(value, "utf8")) {
    const c = String.fromCharCode(byte);
    out += /[A-Za-z0-9\-_.~]/.test(c) ? c : `%${byte.toString(16).toUpperCase().padStart(2, "0")}`;
  }
  return out;
}

// ---------- bodies ----------

type Pair = [string, string];

/** The fields of one post of `form`: intents valid, unknown, missing, doubled or as an array; values valid or not. */
function fieldsOf(form: FormName, seeded: Seeded, rng: Rng, nastiness: number): Pair[] {
  const { intents, fields } = FORMS[form];
  const pairs: Pair[] = [];
  const intentMode = rng.weighted({ valid: 60, unknown: 10, missing: 10, doubled: 8, array: 5, empty: 4, long: 3 });
  if (intentMode === "valid") pairs.push(["intent", rng.pick(intents)]);
  else if (intentMode === "unknown") pairs.push(["intent", rng.pick(["DROP", "ADD", "add ", " add", "__proto__", "constructor", "toString", "place;", "sign-in\n", ...TEXTS])]);
  else if (intentMode === "doubled") pairs.push(["intent", rng.pick(intents)], ["intent", rng.pick([...intents, "remove", "clear", "cancel"])]);
  else if (intentMode === "array") pairs.push(["intent[]", rng.pick(intents)], ["intent[0]", rng.pick(intents)]);
  else if (intentMode === "empty") pairs.push(["intent", ""]);
  else if (intentMode === "long") pairs.push(["intent", "add".repeat(rng.between(100, 3000))]);

  for (const field of fields) {
    if (rng.chance(0.2)) continue;
    pairs.push([field, rng.chance(nastiness) ? nastyValue(field, rng) : validValue(form, field, seeded, rng)]);
    if (rng.chance(0.07)) pairs.push([field, rng.chance(0.5) ? nastyValue(field, rng) : validValue(form, field, seeded, rng)]);
    if (rng.chance(0.04)) pairs.push([`${field}[]`, nastyValue(field, rng)]);
  }
  if (fields.length > 0 && rng.chance(0.05)) pairs.push([`${rng.pick(fields)}[]`, ""], [`${rng.pick(fields)}[]`, ""]);
  if (rng.chance(0.12)) pairs.push([rng.pick(ODD_NAMES), nastyValue("x", rng)]);
  if (rng.chance(0.12)) pairs.push([rng.pick(["redirectTo", "return_to"]), rng.pick(URLS)]);
  if (rng.chance(0.08)) pairs.push(["website_url", nastyValue("website_url", rng)], ["form_opened", nastyValue("form_opened", rng)]);
  if (rng.chance(0.06)) {
    const at = rng.int(pairs.length + 1);
    const name = pairs[at]?.[0] ?? rng.pick([...fields, "message", "x"]);
    pairs.push([name, longValue(rng, rng.between(1_000, 40_000))]);
  }
  return rng.chance(0.3) ? rng.shuffle(pairs) : pairs;
}

function urlencoded(pairs: Pair[], rng: Rng): string {
  const parts = pairs.map(([k, v]) => {
    // Now and then the old spellings: spaces as "+", a key with no "=".
    if (rng.chance(0.05)) return pct(k);
    if (rng.chance(0.1)) return `${pct(k)}=${pct(v).replace(/%20/g, "+")}`;
    return `${pct(k)}=${pct(v)}`;
  });
  const separator = rng.chance(0.05) ? rng.pick(["&&", ";", "&amp;"]) : "&";
  return (rng.chance(0.03) ? "&" : "") + parts.join(separator);
}

const FILENAMES = ["../../etc/passwd", "a.exe", "", "😀.txt", 'q"uote.txt', "x".repeat(300), "C:\\boot.ini"];

function multipart(pairs: Pair[], rng: Rng, boundary: string, odd: boolean): Buffer {
  const chunks: Buffer[] = [];
  const eol = odd && rng.chance(0.08) ? "\n" : "\r\n";
  if (odd && rng.chance(0.1)) chunks.push(Buffer.from(`a preamble${eol}`));
  const all: Pair[] = [...pairs];
  if (odd) for (let i = rng.int(4); i > 0; i--) all.push([rng.pick([...ODD_NAMES, "intent", "quantity", "email"]), nastyValue("x", rng)]);
  if (odd && rng.chance(0.1)) for (let i = rng.between(100, 600); i > 0; i--) all.push([`f${i}`, "1"]);
  for (const [name, value] of all) {
    const kind = odd ? rng.int(12) : 99;
    let head = `--${boundary}${eol}Content-Disposition: form-data; name="${name.replace(/"/g, "%22")}"`;
    if (kind === 0)
      head += `; filename="${rng.pick(FILENAMES).replace(/"/g, "%22")}"${eol}Content-Type: ${rng.pick(["application/octet-stream", "text/plain", "image/svg+xml", "application/x-msdownload"])}`;
    else if (kind === 1) head = `--${boundary}${eol}content-disposition: FORM-DATA; name=${name}`;
    else if (kind === 2) head += `${eol}Content-Type: text/plain; charset=iso-8859-1`;
    else if (kind === 3) head += `${eol}Content-Transfer-Encoding: base64`;
    else if (kind === 4) head = `--${boundary}${eol}Content-Type: text/plain`;
    else if (kind === 5) head = `--${boundary}${eol}Content-Disposition: form-data; name*=UTF-8''${pct(name)}`;
    else if (kind === 6) head += `; filename*=UTF-8''%E2%82%AC.txt`;
    chunks.push(Buffer.from(`${head}${eol}${eol}`), kind === 7 ? rng.bytes(rng.int(64)) : Buffer.from(value), Buffer.from(eol));
  }
  chunks.push(Buffer.from(`--${boundary}--${eol}`));
  if (odd && rng.chance(0.1)) chunks.push(Buffer.from("an epilogue"));
  return Buffer.concat(chunks);
}

// ---------- the cases ----------

const CATEGORIES = {
  // Well-formed posts among the rest, so that carts, orders and addresses change while the fuzz runs.
  valid: 5,
  urlencoded: 30,
  "one-bad-field": 12,
  "broken-percent": 6,
  "invalid-utf8": 6,
  "control-chars": 5,
  "wrong-type": 8,
  "multipart-no-boundary": 4,
  "multipart-truncated": 5,
  "multipart-odd": 9,
  "multipart-wrong-boundary": 2,
  empty: 4,
  "at-limit": 1,
  oversize: 3,
  "byte-soup": 5,
  "cross-site": 5,
  "no-origin": 3,
  chunked: 1,
} as const;
type Category = keyof typeof CATEGORIES;

interface Case {
  n: number;
  route: string;
  path: string;
  category: Category;
  /** Signed in as the demo customer, a forged or broken cookie, or none. */
  auth: "customer" | "junk" | "none";
  headers: Record<string, string>;
  body: Buffer;
}

const FORM_TYPE = "application/x-www-form-urlencoded";
const JUNK_COOKIES = [
  "haat_session=forged.c2lnbmF0dXJl",
  "__Host-haat_session=forged.c2lnbmF0dXJl",
  "__Host-haat_session=; __Host-haat_session=x",
  "haat_session=%zz",
  "haat_session=; haat_session=x",
  `haat_session=${"a".repeat(4000)}`,
  "haat_session",
  "=; ;=; haat_device=%E0%A4%A",
  'haat_session="unterminated',
  "haat_toast=eyJfX2ZsYXNoX3RvYXN0X18iOjF9.bad",
];

function generate(seeded: Seeded, origin: string): Case[] {
  const rng = new Rng(SEED);
  const cases: Case[] = [];
  for (let n = 0; n < REQUESTS; n++) {
    // Round the routes so each gets its share; the rest is the seed's choice.
    const route = ROUTES[n % ROUTES.length]!;
    const path = rng.chance(0.3) ? route.paths[1] : route.paths[0];
    const category = rng.weighted(CATEGORIES);
    const roll = rng.float();
    const auth: Case["auth"] = roll < 0.5 ? "customer" : roll < 0.58 ? "junk" : "none";
    const headers: Record<string, string> = { origin };
    if (auth === "junk") headers.cookie = rng.pick(JUNK_COOKIES);
    const pairs = () => fieldsOf(route.form, seeded, rng, rng.float() * 0.8);
    let body: Buffer;
    switch (category) {
      case "urlencoded": {
        body = Buffer.from(urlencoded(pairs(), rng));
        headers["content-type"] = rng.pick([
          FORM_TYPE,
          FORM_TYPE,
          `${FORM_TYPE}; charset=UTF-8`,
          "APPLICATION/X-WWW-FORM-URLENCODED",
          `${FORM_TYPE}; charset=latin1`,
          `${FORM_TYPE};;;x=y`,
        ]);
        break;
      }
      case "valid": {
        const intent = rng.pick(FORMS[route.form].intents);
        const list: Pair[] = [["intent", intent], ...FORMS[route.form].fields.map((f): Pair => [f, validValue(route.form, f, seeded, rng)])];
        body = Buffer.from(new URLSearchParams(list).toString());
        headers["content-type"] = FORM_TYPE;
        break;
      }
      case "one-bad-field": {
        // A post the page could have sent, with one field gone wrong: reaches the intents' own code.
        const list: Pair[] = [["intent", rng.pick(FORMS[route.form].intents)], ...FORMS[route.form].fields.map((f): Pair => [f, validValue(route.form, f, seeded, rng)])];
        const i = rng.int(list.length);
        const [name] = list[i]!;
        const how = rng.pick(["nasty", "nasty", "nasty", "drop", "double", "long", "array"]);
        if (how === "nasty") list[i] = [name, nastyValue(name, rng)];
        else if (how === "drop") list.splice(i, 1);
        else if (how === "double") list.push([name, rng.chance(0.5) ? nastyValue(name, rng) : validValue(route.form, name, seeded, rng)]);
        else if (how === "long") list[i] = [name, longValue(rng, rng.between(1_000, 40_000))];
        else list[i] = [`${name}[]`, list[i]![1]];
        body = Buffer.from(urlencoded(list, rng));
        headers["content-type"] = FORM_TYPE;
        break;
      }
      case "broken-percent": {
        const broken = rng.pick(["%zz", "%", "%%", "%u0041", "%E0%A4%A", "%C0%AF", "%FF%FE", "%0", "%ED%A0%80", "%F4%90%80%80", "%2", "%g1"]);
        const text = urlencoded(pairs(), rng);
        const at = rng.int(text.length + 1);
        const spliced = rng.chance(0.5) ? `${text.slice(0, at)}${broken}${text.slice(at)}` : `${text}&${rng.pick([...FORMS[route.form].fields, "intent", "x"])}=${broken}`;
        body = Buffer.from(spliced);
        headers["content-type"] = FORM_TYPE;
        break;
      }
      case "invalid-utf8": {
        const text = urlencoded(pairs(), rng);
        const bad = Buffer.from(rng.pick([[0xff], [0xfe, 0xff], [0xc3, 0x28], [0xed, 0xa0, 0x80], [0xf4, 0x90, 0x80, 0x80], [0xc0, 0xaf], [0xe2, 0x82], [0x80, 0x80, 0x80]]));
        const at = rng.int(text.length + 1);
        body = Buffer.concat([Buffer.from(text.slice(0, at)), bad, Buffer.from(text.slice(at))]);
        headers["content-type"] = rng.chance(0.5) ? FORM_TYPE : `multipart/form-data; boundary=fuzz${rng.int(1e6)}`;
        break;
      }
      case "control-chars": {
        const list = pairs();
        const control = rng.pick(CONTROLS);
        if (list.length === 0 || rng.chance(0.2)) list.push([`x${control}`, "1"]);
        else {
          const i = rng.int(list.length);
          list[i] = [list[i]![0], `${list[i]![1]}${control}`];
        }
        // Encoded (%00), or raw in the body: both reach the form's values.
        body = rng.chance(0.7) ? Buffer.from(urlencoded(list, rng)) : Buffer.from(list.map(([k, v]) => `${k}=${v}`).join("&"));
        headers["content-type"] = FORM_TYPE;
        break;
      }
      case "wrong-type": {
        const fields = Object.fromEntries(pairs());
        const kind = rng.pick(["json", "text", "xml", "none", "octet", "html", "mixed", "garbage"]);
        if (kind === "json") {
          body = Buffer.from(rng.chance(0.8) ? JSON.stringify(fields) : '{"intent": "add", "quantity": 1e999, "__proto__": {"x": 1}');
          headers["content-type"] = rng.pick(["application/json", "application/json; charset=utf-8", "application/x-www-form-urlencoded+json"]);
        } else if (kind === "xml") {
          body = Buffer.from(
            `<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><form>${Object.entries(fields)
              .map(([k, v]) => `<f name="${k}">${v}&e;</f>`)
              .join("")}</form>`,
          );
          headers["content-type"] = rng.pick(["application/xml", "text/xml"]);
        } else {
          body = Buffer.from(urlencoded(pairs(), rng));
          if (kind === "text") headers["content-type"] = "text/plain;charset=UTF-8";
          else if (kind === "octet") headers["content-type"] = "application/octet-stream";
          else if (kind === "html") headers["content-type"] = "text/html";
          else if (kind === "mixed") headers["content-type"] = "multipart/mixed; boundary=x";
          else if (kind === "garbage")
            headers["content-type"] = rng.pick(["form", ";", "application/x-www-form-urlencodedx", "*/*", "x-www-form-urlencoded", "multipart/form-datax; boundary=a"]);
        }
        break;
      }
      case "multipart-no-boundary": {
        body = multipart(pairs(), rng, "fuzzboundary", false);
        headers["content-type"] = rng.pick([
          "multipart/form-data",
          "multipart/form-data; boundary=",
          'multipart/form-data; boundary=""',
          "multipart/form-data; charset=utf-8",
          "multipart/form-data;boundary",
          'multipart/form-data; boundary="fuzzboundary',
        ]);
        break;
      }
      case "multipart-truncated": {
        const boundary = `----fuzz${randomHex(rng, 16)}`;
        const whole = multipart(pairs(), rng, boundary, rng.chance(0.3));
        body = whole.subarray(0, rng.int(whole.length));
        headers["content-type"] = `multipart/form-data; boundary=${boundary}`;
        break;
      }
      case "multipart-odd": {
        const boundary = rng.pick([`----fuzz${randomHex(rng, 16)}`, "a", "--", `"quoted boundary"`, "x".repeat(70)]);
        const bare = boundary.startsWith('"') ? boundary.slice(1, -1) : boundary;
        body = multipart(pairs(), rng, bare, true);
        headers["content-type"] = `multipart/form-data; boundary=${boundary}`;
        break;
      }
      case "multipart-wrong-boundary": {
        body = multipart(pairs(), rng, "bodyboundary", false);
        headers["content-type"] = "multipart/form-data; boundary=headerboundary";
        break;
      }
      case "empty": {
        body = Buffer.alloc(0);
        const type = rng.pick([FORM_TYPE, "multipart/form-data; boundary=x", "none"]);
        if (type !== "none") headers["content-type"] = type;
        break;
      }
      case "at-limit": {
        const head = Buffer.from(urlencoded(pairs(), rng) + "&pad=");
        body = Buffer.concat([head, Buffer.alloc(Math.max(0, FORM_BODY_LIMIT - head.length), "a")]).subarray(0, FORM_BODY_LIMIT);
        headers["content-type"] = FORM_TYPE;
        break;
      }
      case "oversize": {
        const size = rng.chance(0.3) ? FORM_BODY_LIMIT + 1 : rng.between(FORM_BODY_LIMIT + 2, 200_000);
        const head = Buffer.from(urlencoded(pairs(), rng) + "&message=");
        body = Buffer.concat([head, Buffer.alloc(Math.max(0, size - head.length), "b")]);
        headers["content-type"] = rng.chance(0.8) ? FORM_TYPE : "multipart/form-data; boundary=x";
        break;
      }
      case "byte-soup": {
        body = rng.bytes(rng.int(4096));
        const type = rng.pick([FORM_TYPE, "multipart/form-data; boundary=x", "none", "application/json"]);
        if (type !== "none") headers["content-type"] = type;
        break;
      }
      case "cross-site": {
        body = Buffer.from(urlencoded(pairs(), rng));
        headers["content-type"] = FORM_TYPE;
        const how = rng.pick(["evil", "null", "port", "localhost", "not-a-url", "sec-fetch-site", "same-site"]);
        if (how === "evil") headers.origin = "https://evil.example";
        else if (how === "null") headers.origin = "null";
        else if (how === "port") headers.origin = "http://127.0.0.1:1";
        else if (how === "localhost") headers.origin = origin.replace("127.0.0.1", "localhost");
        else if (how === "not-a-url") headers.origin = "::not a url::";
        else if (how === "sec-fetch-site") headers["sec-fetch-site"] = "cross-site";
        else headers["sec-fetch-site"] = "same-site";
        break;
      }
      case "no-origin": {
        body = Buffer.from(urlencoded(pairs(), rng));
        headers["content-type"] = FORM_TYPE;
        delete headers.origin;
        break;
      }
      case "chunked": {
        body = Buffer.from(urlencoded(pairs(), rng));
        headers["content-type"] = FORM_TYPE;
        headers["transfer-encoding"] = "chunked";
        break;
      }
    }
    // A long value must not turn a malformed body into an oversize one: that has its own category.
    if (category !== "oversize" && body.length > FORM_BODY_LIMIT) body = body.subarray(0, FORM_BODY_LIMIT);
    cases.push({ n, route: route.label, path, category, auth, headers, body });
  }
  return cases;
}

/**
 * A page's own guard may answer a post before its form does, before reading its body: signed
 * out, the account's pages send the shopper to sign in; signed in, the sign-in pages send them
 * on. A document post gets a 303; React Router's own fetch (.data) the same redirect in a 202.
 */
// (Sign-up sends a signed-in shopper where they came from, home when it cannot tell: issue 41.)
const guarded = (a: Answer) =>
  (a.status === 303 && /^\/(signin\?|post-auth$|$)/.test(a.headers.location ?? "")) || (a.status === 202 && /"redirect","\/signin\?return_to=/.test(a.body));
/** Refused as unreadable (the route without an action refuses the method first). */
const unreadable = (a: Answer) => a.status === 400 || a.status === 405 || guarded(a);

/** What each kind must get, beyond "never a 5xx". Status 0: the connection closed before an answer. */
const EXPECTED: Partial<Record<Category, (a: Answer) => boolean>> = {
  "cross-site": (a) => a.status === 403,
  oversize: (a) => a.status === 413 || a.status === 0,
  chunked: (a) => a.status === 411 || a.status === 0,
  "wrong-type": unreadable,
  "multipart-no-boundary": unreadable,
  "multipart-wrong-boundary": unreadable,
  "control-chars": unreadable,
  "at-limit": (a) => a.status !== 413 && a.status !== 0,
};

// ---------- HTTP ----------

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** The longest Set-Cookie header of the answer, in bytes. */
  longestCookie: number;
  error?: string;
}

/** Browsers keep a cookie of at most 4096 bytes, name and value together (RFC 6265 §6.1); a longer one is dropped. */
const COOKIE_LIMIT = 4096;

/** One request on its own connection, with exactly the headers given (and Host, as fetch sends it). */
function post(port: number, target: string, headers: Record<string, string>, body: Buffer, method = "POST"): Promise<Answer> {
  return new Promise((resolve) => {
    const chunked = headers["transfer-encoding"] === "chunked";
    const all: Record<string, string | number> = { host: `127.0.0.1:${port}`, ...headers };
    if (!chunked && method === "POST") all["content-length"] = body.length;
    // Node's 16 KiB default would turn an answer with an overlong header into a parse error: read it, and judge it below.
    const req = http.request({ host: "127.0.0.1", port, method, path: target, headers: all, agent: false, maxHeaderSize: 1024 * 1024 }, (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      const longestCookie = Math.max(0, ...(res.headers["set-cookie"] ?? []).map((c) => Buffer.byteLength(c.split(";")[0]!)));
      const answer = () => ({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString("utf8"), longestCookie });
      res.on("data", (d: Buffer) => {
        if (size < 256 * 1024) chunks.push(d);
        size += d.length;
      });
      res.on("end", () => resolve(answer()));
      res.on("error", (error) => resolve({ ...answer(), error: error.message }));
    });
    req.setTimeout(30_000, () => req.destroy(new Error("no answer in 30 s")));
    req.on("error", (error: NodeJS.ErrnoException) => resolve({ status: 0, headers: {}, body: "", longestCookie: 0, error: error.code ?? error.message }));
    if (method !== "POST") req.end();
    else if (chunked) {
      req.write(body.subarray(0, body.length >> 1));
      req.end(body.subarray(body.length >> 1));
    } else req.end(body);
  });
}

const get = (port: number, target: string, cookie = "") => post(port, target, cookie ? { cookie } : {}, Buffer.alloc(0), "GET");

function form(fields: Record<string, string>): [Record<string, string>, Buffer] {
  return [{ "content-type": FORM_TYPE }, Buffer.from(new URLSearchParams(fields).toString())];
}

/** The session and device cookies a sign-in sets (the toast is a one-off). */
function cookiesOf(answer: Answer): string {
  return (answer.headers["set-cookie"] ?? [])
    .map((c) => c.split(";")[0]!)
    .filter((c) => !/^(__Host-)?haat_toast=/.test(c) && !c.endsWith("="))
    .join("; ");
}

const numbersIn = (html: string, name: string) => [...new Set([...html.matchAll(new RegExp(`name="${name}" value="(\\d+)"`, "g"))].map((m) => Number(m[1])))];

/** Signs the demo customer in twice (one session for the fuzz, one for its sign-outs) and makes real rows to aim at. */
async function seedState(port: number, origin: string, catalog: Catalog): Promise<{ seeded: Seeded; customer: string; signOutCookie: string }> {
  const send = async (target: string, fields: Record<string, string>, cookie = "", expected = 303) => {
    const [headers, body] = form(fields);
    const answer = await post(port, target, { ...headers, origin, ...(cookie ? { cookie } : {}) }, body);
    expect(answer.status, `${target} ${JSON.stringify(fields)}: ${answer.body.slice(0, 300)}`).toBe(expected);
    return answer;
  };
  const customer = cookiesOf(await send("/signin", { email: DEMO_CUSTOMER.email, password: DEMO_CUSTOMER.password, return_to: "/myaccount" }));
  const signOutCookie = cookiesOf(await send("/signin", { email: DEMO_CUSTOMER.email, password: DEMO_CUSTOMER.password }));
  expect(customer).toContain("haat_session=");
  expect(signOutCookie).toContain("haat_session=");

  const listing = (await get(port, "/products")).body;
  const inStock = catalog.variants.filter((v) => v.inStock && v.stock >= 5 && listing.includes(v.ref));
  expect(inStock.length, "the products page lists references of the demo catalogue").toBeGreaterThan(6);
  const refs = catalog.variants.map((v) => v.ref);

  // A first cart, checked out and placed: an order for cancel to aim at, and stock it took.
  for (const v of inStock.slice(0, 3)) await send("/addtocart", { intent: "add", internal_reference: v.ref, quantity: "2" }, customer);
  await send("/myaccount/addresses", { intent: "add", name: "Demo Shopper", phone: "9876543210", street: "12 MG Road", city: "Gurugram", zip: "122001" }, customer);
  await send(
    "/myaccount/addresses",
    { intent: "add", name: "Office", phone: "9876543211", street: "4 Cyber City", city: "Gurugram", zip: "122002", email: "office@example.in" },
    customer,
  );
  await send("/addtocart", { intent: "checkout", payment: "cod", terms: "on" }, customer);
  const review = (await get(port, "/revieworder", customer)).body;
  const [firstCart] = numbersIn(review, "cart_id");
  const [firstAddress] = numbersIn(review, "address_id");
  expect(firstCart && firstAddress, "Review Order names the cart and an address").toBeTruthy();
  const slot = /<input type="radio"[^>]*name="slot"[^>]*value="([^"]+)"/.exec(review)?.[1];
  expect(slot, "Review Order offers a delivery slot").toBeTruthy();
  const placed = await send("/revieworder", { intent: "place", cart_id: String(firstCart), address_id: String(firstAddress), slot: slot! }, customer);
  const orderId = Number(/order=(\d+)/.exec(String(placed.headers.location))?.[1]);
  expect(orderId).toBeGreaterThan(0);

  // A second cart with lines for update and remove, checked out so `place` can name it.
  for (const v of inStock.slice(3, 7)) await send("/addtocart", { intent: "add", internal_reference: v.ref, quantity: "2" }, customer);
  await send("/addtocart", { intent: "checkout", payment: "cod", terms: "on" }, customer);
  const secondReview = (await get(port, "/revieworder", customer)).body;
  expect((await get(port, "/addtocart", customer)).body.match(/aria-label="Remove /g)).toHaveLength(4);

  for (const v of inStock.slice(0, 2)) await send("/wishlist", { intent: "add", internal_reference: v.ref }, customer);
  const items = numbersIn((await get(port, "/wishlist", customer)).body, "item");
  expect(items.length).toBe(2);
  const addresses = [...new Set([...numbersIn((await get(port, "/myaccount/addresses", customer)).body, "id"), ...numbersIn(secondReview, "address_id"), firstAddress!])];

  const formOpened = /name="form_opened" value="([^"]+)"/.exec((await get(port, "/contact")).body)?.[1];
  expect(formOpened, "the contact page has the honeypot's timestamp").toBeTruthy();

  const seeded: Seeded = {
    refs,
    addresses,
    cartIds: [firstCart!, ...numbersIn(secondReview, "cart_id")],
    // The open cart's id is its order's once `place` has placed it.
    orders: [orderId, ...numbersIn(secondReview, "cart_id")],
    items,
    formOpened: formOpened!
      .replace(/&#x2F;/g, "/")
      .replace(/&amp;/g, "&")
      .replace(/&#x3D;/g, "="),
  };
  return { seeded, customer, signOutCookie };
}

// ---------- the database afterwards ----------

interface Catalog {
  variants: { ref: string; stock: number; inStock: boolean }[];
}

function demoCatalog(): Catalog {
  const file = JSON.parse(fs.readFileSync(path.join(ROOT, "scripts/demo-catalog.json"), "utf8")) as {
    products: { variants: { internal_reference: string; inventory_stock?: number; in_stock?: boolean }[] }[];
  };
  return { variants: file.products.flatMap((p) => p.variants.map((v) => ({ ref: v.internal_reference, stock: v.inventory_stock ?? 0, inStock: v.in_stock !== false }))) };
}

type Row = Record<string, unknown>;

async function rowsOf(database: Database, text: string): Promise<Row[]> {
  const result = await database.db.execute(sql.raw(text));
  return (Array.isArray(result) ? result : (result as { rows: Row[] }).rows) as Row[];
}

/** References the schema declares (or implies), child table and column to parent table. */
const REFERENCES: [string, string, string][] = [
  ["variants", "product_id", "products"],
  ["categories", "parent_id", "categories"],
  ["sessions", "customer_id", "customers"],
  ["known_devices", "customer_id", "customers"],
  ["password_resets", "customer_id", "customers"],
  ["addresses", "customer_id", "customers"],
  ["orders", "customer_id", "customers"],
  ["orders", "coupon_id", "coupons"],
  ["order_lines", "order_id", "orders"],
  ["order_lines", "variant_id", "variants"],
  ["wishlist_items", "customer_id", "customers"],
  ["wishlist_items", "variant_id", "variants"],
  ["payments", "order_id", "orders"],
  ["tickets", "customer_id", "customers"],
];

const CONTROL_CLASS = "'[\\x01-\\x08\\x0b\\x0c\\x0e-\\x1f\\x7f]'";
const TEXT_COLUMNS: [string, string[]][] = [
  ["customers", ["email", "name", "phone"]],
  ["addresses", ["name", "phone", "email", "street", "street2", "city", "state", "zip", "country"]],
  ["tickets", ["name", "email", "phone", "subject", "message"]],
  ["newsletter_subscribers", ["email"]],
];

/** Each query lists the rows that break one rule: all must come back empty. */
const INVARIANTS: Record<string, string> = {
  "no variant's stock below 0": "select id, internal_reference, inventory_stock from variants where inventory_stock < 0",
  "every cart and order line has a quantity of at least 1": "select id, order_id, quantity from order_lines where quantity < 1",
  "one cart (draft order) per customer at most": "select customer_id, count(*)::int as carts from orders where state = 'draft' group by customer_id having count(*) > 1",
  "a cart is not placed, priced or cancelled": "select id from orders where state = 'draft' and (placed_at is not null or cancelled_at is not null or coupon_code is not null)",
  "a placed order has lines": "select o.id from orders o where o.state <> 'draft' and not exists (select 1 from order_lines l where l.order_id = o.id)",
  "a placed order's lines keep their snapshot": `select l.id from order_lines l join orders o on o.id = l.order_id
     where o.state <> 'draft' and (l.unit_price_paise is null or l.title is null or l.internal_reference is null or l.tax_paise is null or l.discount_paise is null)`,
  "a placed line's reference is its variant's": `select l.id from order_lines l join orders o on o.id = l.order_id join variants v on v.id = l.variant_id
     where o.state <> 'draft' and l.internal_reference <> v.internal_reference`,
  "a placed order's totals add up": `select id, subtotal_paise, discount_paise, total_paise from orders where state <> 'draft'
     and (subtotal_paise is null or discount_paise is null or total_paise is null or tax_paise is null
       or discount_paise < 0 or discount_paise > subtotal_paise or total_paise <> subtotal_paise - discount_paise or total_paise <= 0)`,
  "a placed order's subtotal, discount and tax are its lines'": `select o.id from orders o join order_lines l on l.order_id = o.id where o.state <> 'draft'
     group by o.id, o.subtotal_paise, o.discount_paise, o.tax_paise
     having o.subtotal_paise <> sum(l.unit_price_paise * l.quantity) or o.discount_paise <> sum(l.discount_paise) or o.tax_paise <> sum(l.tax_paise)`,
  "a placed order has exactly one payment, of its total": `select o.id, count(p.id)::int as payments from orders o left join payments p on p.order_id = o.id
     where o.state <> 'draft' group by o.id, o.total_paise having count(p.id) <> 1 or min(p.amount_paise) <> o.total_paise`,
  "a cart has no payment": "select p.id from payments p join orders o on o.id = p.order_id where o.state = 'draft'",
  "a cancelled order says when, and its payment is not pending": `select o.id from orders o left join payments p on p.order_id = o.id
     where (o.state = 'cancelled' and (o.cancelled_at is null or p.status = 'pending')) or (o.state = 'confirmed' and (o.cancelled_at is not null or p.status = 'cancelled'))`,
  "a coupon is used no more than its limits allow": `select c.code, o.customer_id, count(*)::int as uses from coupons c join orders o on o.coupon_id = c.id and o.state = 'confirmed'
     group by c.id, c.code, c.per_customer_limit, o.customer_id having c.per_customer_limit is not null and count(*) > c.per_customer_limit
     union all
     select c.code, null, count(*)::int from coupons c join orders o on o.coupon_id = c.id and o.state = 'confirmed'
     group by c.id, c.code, c.usage_limit having c.usage_limit is not null and count(*) > c.usage_limit`,
  "a customer with addresses has exactly one primary and one default": `select customer_id, count(*) filter (where is_primary)::int as primaries, count(*) filter (where is_default)::int as defaults
     from addresses group by customer_id having count(*) filter (where is_primary) <> 1 or count(*) filter (where is_default) <> 1`,
  "e-mail addresses are stored trimmed and lower-cased": `select 'customer' as kind, id from customers where email <> lower(btrim(email))
     union all select 'newsletter', id from newsletter_subscribers where email <> lower(btrim(email))`,
  "one wishlist row per customer and variant": "select customer_id, variant_id from wishlist_items group by customer_id, variant_id having count(*) > 1",
};

async function checkInvariants(database: Database, catalog: Catalog): Promise<{ violations: Record<string, Row[]>; summary: Row[] }> {
  const violations: Record<string, Row[]> = {};
  const note = (name: string, rows: Row[]) => {
    if (rows.length > 0) violations[name] = rows.slice(0, 5);
  };
  for (const [name, query] of Object.entries(INVARIANTS)) note(name, await rowsOf(database, query));

  const exists = async (table: string) => (await rowsOf(database, `select to_regclass('public.${table}') is not null as present`))[0]?.present === true;
  for (const [child, column, parent] of REFERENCES) {
    if (!(await exists(child)) || !(await exists(parent))) continue;
    note(
      `no ${child}.${column} without its ${parent} row`,
      await rowsOf(
        database,
        `select c.${column} as missing, count(*)::int as rows from ${child} c left join ${parent} p on p.id = c.${column} where c.${column} is not null and p.id is null group by c.${column}`,
      ),
    );
  }
  for (const [table, columns] of TEXT_COLUMNS) {
    note(`no control characters stored in ${table}`, await rowsOf(database, `select id from ${table} where ${columns.map((c) => `${c} ~ ${CONTROL_CLASS}`).join(" or ")}`));
  }

  // Stock is conserved: what the catalogue started with is what is left plus what confirmed orders took.
  const stock = await rowsOf(
    database,
    `select v.internal_reference as ref, v.inventory_stock::int as stock, coalesce(sum(l.quantity) filter (where o.state = 'confirmed'), 0)::int as sold
       from variants v left join order_lines l on l.variant_id = v.id left join orders o on o.id = l.order_id group by v.id, v.internal_reference, v.inventory_stock`,
  );
  const initial = new Map(catalog.variants.map((v) => [v.ref, v.stock]));
  note(
    "stock left plus stock sold is the catalogue's stock",
    stock.filter((r) => Number(r.stock) + Number(r.sold) !== initial.get(String(r.ref))).map((r) => ({ ...r, initial: initial.get(String(r.ref)) ?? null })),
  );

  const summary = await rowsOf(
    database,
    `select 'orders ' || state as what, count(*)::int as n from orders group by state
     union all select 'order lines', count(*)::int from order_lines
     union all select 'customers', count(*)::int from customers
     union all select 'sessions', count(*)::int from sessions
     union all select 'addresses', count(*)::int from addresses
     union all select 'wishlist items', count(*)::int from wishlist_items
     union all select 'tickets', count(*)::int from tickets
     union all select 'newsletter subscribers', count(*)::int from newsletter_subscribers`,
  );
  return { violations, summary };
}

// ---------- the run ----------

interface Mode {
  name: string;
  /** The server's environment for `port`, how to open its database once it has stopped, and how to clean up. */
  prepare(port: number): Promise<{ env: Record<string, string>; open(): Promise<Database>; cleanup(): Promise<void> }>;
}

const pgliteMode: Mode = {
  name: "pglite",
  async prepare(port) {
    const root = tmpDir();
    const dir = path.join(root, "data");
    return {
      env: { DATA_DIR: dir, PORT: String(port), LOG_LEVEL: "warn" },
      open: () => openDatabase({ kind: "pglite", dir: path.join(dir, "pglite") }),
      cleanup: async () => fs.rmSync(root, { recursive: true, force: true }),
    };
  },
};

function postgresMode(url: string): Mode {
  return {
    name: "postgres",
    async prepare(port) {
      const name = `haat_fuzz_${randomBytes(6).toString("hex")}`;
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`create database ${name}`);
      await admin.end();
      const target = new URL(url);
      target.pathname = `/${name}`;
      const root = tmpDir();
      return {
        env: {
          DATABASE_URL: target.toString(),
          PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
          SESSION_SECRET: "fuzz-session-secret-".padEnd(48, "x"),
          SEED_DEMO: "true",
          DATA_DIR: path.join(root, "data"),
          PORT: String(port),
          LOG_LEVEL: "warn",
        },
        open: () => openDatabase({ kind: "postgres", url: target.toString(), poolSize: 2 }),
        async cleanup() {
          fs.rmSync(root, { recursive: true, force: true });
          const cleanup = new pg.Client({ connectionString: url });
          await cleanup.connect();
          await cleanup.query(`drop database if exists ${name} with (force)`);
          await cleanup.end();
        },
      };
    },
  };
}

const MODES: Mode[] = process.env.DATABASE_URL ? [pgliteMode, postgresMode(process.env.DATABASE_URL)] : [pgliteMode];

beforeAll(() => {
  expect(hasBuild(), "npm test builds before it runs the suite").toBe(true);
});
afterEach(killServers);

/** The request as a reader can replay it: route, headers (cookie values left out) and the body's start. */
function describeCase(c: Case, answer: Answer): string {
  const headers = { ...c.headers, ...(c.auth === "customer" ? { cookie: "<the demo customer's session>" } : {}) };
  const location = answer.headers.location ? ` to ${answer.headers.location}` : "";
  return `#${c.n} POST ${c.path} [${c.category}, ${c.auth}] -> ${answer.status}${location}${answer.error ? ` (${answer.error})` : ""}
  headers: ${JSON.stringify(headers)}
  body (${c.body.length} bytes): ${JSON.stringify(c.body.subarray(0, 300).toString("latin1"))}
  answer: ${JSON.stringify(answer.body.slice(0, 300))}`;
}

describe.each(MODES)("fuzzing every form POST on $name", (mode) => {
  let outcome: { cases: Case[]; answers: Answer[] } | undefined;

  it(`answers ${REQUESTS} malformed posts without a 5xx, stays up, and leaves the database consistent`, async () => {
    const started = Date.now();
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    const setup = await mode.prepare(port);
    let server: ReturnType<typeof runServer> | undefined;
    const running = () => server !== undefined && server.child.exitCode === null && server.child.signalCode === null;
    try {
      server = runServer(setup.env);
      await waitHealthy(port);
      const catalog = demoCatalog();
      const { seeded, customer, signOutCookie } = await seedState(port, origin, catalog);
      const cases = generate(seeded, origin);

      // Issue 10's floor: 1,000 malformed bodies; and every route many times over, every kind of malformation.
      expect(cases.filter((c) => c.category !== "valid").length).toBeGreaterThanOrEqual(1000);
      expect(ROUTES.filter((r) => cases.filter((c) => c.route === r.label).length < 50).map((r) => r.label)).toEqual([]);
      expect(Object.keys(CATEGORIES).filter((k) => !cases.some((c) => c.category === k))).toEqual([]);

      const answers: Answer[] = new Array(cases.length);
      let next = 0;
      const fuzzStarted = Date.now();
      const worker = async () => {
        while (next < cases.length) {
          const c = cases[next++]!;
          // Posts that end the session (Log Out, and My Account's "Sign in again") spend a session of their own.
          const cookie = c.auth === "customer" ? (c.route === "/signout" || c.route === "/myaccount/mobile" ? signOutCookie : customer) : undefined;
          answers[c.n] = await post(port, c.path, cookie ? { ...c.headers, cookie } : c.headers, c.body);
        }
      };
      await Promise.all(Array.from({ length: CONCURRENCY }, worker));
      const fuzzMs = Date.now() - fuzzStarted;
      outcome = { cases, answers };

      const byStatus: Record<string, number> = {};
      const byCategory: Record<string, Record<string, number>> = {};
      for (const [i, a] of answers.entries()) {
        const key = a.status === 0 ? "closed" : String(a.status);
        byStatus[key] = (byStatus[key] ?? 0) + 1;
        const category = (byCategory[cases[i]!.category] ??= {});
        category[key] = (category[key] ?? 0) + 1;
      }
      console.log(`fuzz (${mode.name}): ${cases.length} requests in ${(fuzzMs / 1000).toFixed(1)} s; by status ${JSON.stringify(byStatus)}`);
      console.log(`fuzz (${mode.name}): by kind ${JSON.stringify(byCategory)}`);

      const serverErrors = cases.filter((c) => answers[c.n]!.status >= 500);
      const dropped = cases.filter((c) => answers[c.n]!.status === 0 && !EXPECTED[c.category]?.(answers[c.n]!));
      const unexpected = cases.filter((c) => answers[c.n]!.status > 0 && answers[c.n]!.status < 500 && EXPECTED[c.category] && !EXPECTED[c.category]!(answers[c.n]!));
      const show = (list: Case[]) => list.map((c) => describeCase(c, answers[c.n]!)).join("\n");
      // The server's own account of a 5xx: its error lines.
      const errorLines = () =>
        server!
          .output()
          .split("\n")
          .filter((line) => line.includes('"level":"error"'))
          .slice(0, 5)
          .join("\n");
      expect(serverErrors.length, `5xx answers:\n${show(serverErrors)}\nthe server's errors:\n${errorLines()}`).toBe(0);
      expect(dropped.length, `connections closed without an answer:\n${show(dropped)}`).toBe(0);
      expect(unexpected.length, `answers other than the kind's:\n${show(unexpected.slice(0, 20))}`).toBe(0);

      // Still up, still answering, and the fuzz's signed-in half was signed in to the end.
      expect(running(), server.output().slice(-2000)).toBe(true);
      expect((await get(port, "/healthz")).status).toBe(200);
      expect((await get(port, "/myaccount", customer)).status).toBe(200);
      const errors = server
        .output()
        .split("\n")
        .filter((l) => l.includes('"level":"error"'));
      if (errors.length > 0) console.log(`fuzz (${mode.name}): ${errors.length} error log lines, e.g. ${errors.slice(0, 3).join(" | ")}`);

      // Stopped cleanly (the embedded database closed), then the database is opened to check it.
      server.child.kill("SIGTERM");
      expect(await server.exited).toBe(0);
      const database = await setup.open();
      try {
        const { violations, summary } = await checkInvariants(database, catalog);
        console.log(
          `fuzz (${mode.name}): database afterwards ${JSON.stringify(Object.fromEntries(summary.map((r) => [r.what, r.n])))}; ${((Date.now() - started) / 1000).toFixed(1)} s in all`,
        );
        expect(violations).toEqual({});
      } finally {
        await database.close();
      }
    } finally {
      if (running()) {
        server!.child.kill("SIGKILL");
        await server!.exited;
      }
      await setup.cleanup();
    }
  }, 240_000);

  // An answer's cookie over the limit is dropped by browsers, and its header trips clients
  // and proxies (Node's 16 KiB header cap, nginx's 4-8 KiB proxy buffer: a 502 in front).
  it("never answers with a cookie longer than a browser keeps", () => {
    expect(outcome, "the fuzz ran").toBeDefined();
    const { cases, answers } = outcome!;
    const overlong = cases.filter((c) => answers[c.n]!.longestCookie > COOKIE_LIMIT);
    const show = overlong.slice(0, 5).map((c) => `${describeCase(c, answers[c.n]!)}\n  longest Set-Cookie: ${answers[c.n]!.longestCookie} bytes`);
    expect(overlong.length, `answers with a Set-Cookie over ${COOKIE_LIMIT} bytes (${overlong.length}; the first 5):\n${show.join("\n")}`).toBe(0);
  });
});
