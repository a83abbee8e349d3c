// A signed-in shopper's catalogue page from the page cache's signed-out copy (issue 30,
// decision 059): the copy with the shopper's own parts put in (header badges, deliver-to
// line, menu, hearts, cart controls, review note) and their facts in the page's personal
// script. The catalogue is not rendered again for each shopper, and the page is the one a full
// render would give, byte for byte (splice.server.test.ts), with JavaScript or without.
//
// Each part of the kept copy is found by rendering its signed-out self and looking for it, in
// page order; a part not found, or a shopper whose page differs beyond the parts (a variant in
// the cart on its own product page, a review standing with a form or their own review), gets
// the whole render as before. So does anything unusual: a toast or a form's reply to show,
// Lite mode, a page not kept.
import type { MiddlewareFunction, RouterContextProvider } from "react-router";
import { NO_ONE, PERSONAL_SCRIPT_ID, personalJson, type DocumentPersonal } from "../../components/personal.tsx";
import type { PartRecord } from "../../components/splice-record.ts";
import { BASENAME } from "../../domain/i18n/locale.ts";
import { productIdOfPath } from "../../domain/ids.ts";
import { hasCookie, REPLY_COOKIE, TOAST_COOKIE } from "../auth/cookies.server.ts";
import { signedInOf } from "../auth/session.server.ts";
import { compressBody, negotiateEncoding } from "../compression.server.ts";
import { requestInfoContext } from "../context.server.ts";
import { appEnv } from "../env.server.ts";
import { catalogueGeneration, pageCache, type KeptPage } from "../page-cache.server.ts";
import { rootFactsOf } from "../root-data.server.ts";
import { liteModeOf } from "../lite-mode.server.ts";
import { newNonce, pagePolicy } from "../security/headers.server.ts";
import { viewerOf } from "../viewer.server.ts";
import { BAIL, PARTS, renderParts, type PartsPage } from "./parts.server.tsx";

/** What goes between a kept page's fixed pieces: a part, the personal script's JSON, the nonce, the request id. */
type Slot = { part: number } | "personal" | "nonce" | "request-id";

/** A kept page cut where it differs between shoppers and between answers; the rest is kept encoded. */
export interface SpliceTemplate {
  page: PartsPage;
  parts: readonly PartRecord[];
  /** Fixed bytes and slots, in page order. */
  pieces: (Buffer | Slot)[];
  /** Each part's signed-out HTML, and what it depends on of the shopper (PARTS[kind].stateOf). */
  signedOut: Buffer[];
  states: string[];
  /** The shopper's parts already rendered for this page, by part and state. */
  rendered: Map<string, Buffer>;
}

const MAX_RENDERED = 4096;

/** Finds each part of a kept page; null when one is missing (the page is then always rendered whole). */
export async function templateOf(kept: Pick<KeptPage, "body" | "headers" | "parts">, page: PartsPage): Promise<SpliceTemplate | null> {
  const text = kept.body.toString("utf8");
  const signedOut = await renderParts([...kept.parts], page, NO_ONE);
  const cuts: { start: number; end: number; slot: Slot }[] = [];
  let at = 0;
  for (const [part, html] of signedOut.entries()) {
    const start = html ? text.indexOf(html, at) : -1;
    if (start < 0) return null;
    cuts.push({ start, end: (at = start + html.length), slot: { part } });
  }
  const opening = `id="${PERSONAL_SCRIPT_ID}">`;
  const script = text.indexOf(opening, at);
  const json = personalJson(NO_ONE);
  if (script < 0 || !text.startsWith(json, script + opening.length)) return null;
  cuts.push({ start: script + opening.length, end: script + opening.length + json.length, slot: "personal" });
  // Each answer has a nonce of its own (its scripts and the policy that allows them) and its own id.
  const nonce = /'nonce-([^']+)'/.exec(kept.headers.find(([name]) => name === "content-security-policy")?.[1] ?? "")?.[1];
  for (let i = nonce ? text.indexOf(nonce) : -1; nonce && i >= 0; i = text.indexOf(nonce, i + nonce.length)) cuts.push({ start: i, end: i + nonce.length, slot: "nonce" });
  const requestId = /<meta name="request-id" content="([^"]*)"/.exec(text);
  if (requestId) {
    const start = requestId.index + requestId[0].length - requestId[1]!.length - 1;
    cuts.push({ start, end: start + requestId[1]!.length, slot: "request-id" });
  }
  cuts.sort((a, b) => a.start - b.start);
  const pieces: (Buffer | Slot)[] = [];
  at = 0;
  for (const cut of cuts) {
    if (cut.start < at) return null;
    pieces.push(Buffer.from(text.slice(at, cut.start)), cut.slot);
    at = cut.end;
  }
  pieces.push(Buffer.from(text.slice(at)));
  return {
    page,
    parts: kept.parts,
    pieces,
    signedOut: signedOut.map((html) => Buffer.from(html)),
    states: kept.parts.map((part) => PARTS[part.kind].stateOf(part.props, NO_ONE) ?? ""),
    rendered: new Map(),
  };
}

/** The page for this shopper, or null when it must be rendered whole. */
export async function splice(template: SpliceTemplate, personal: DocumentPersonal, fresh: { nonce: string; requestId: string | null }): Promise<Buffer | null> {
  const html: (Buffer | undefined)[] = [];
  const missing: { index: number; key: string }[] = [];
  for (const [index, part] of template.parts.entries()) {
    const state = PARTS[part.kind].stateOf(part.props, personal);
    if (state === BAIL) return null;
    if (state === template.states[index]) {
      html.push(template.signedOut[index]);
      continue;
    }
    const key = `${index}:${state}`;
    const kept = template.rendered.get(key);
    html.push(kept);
    if (kept === undefined) missing.push({ index, key });
  }
  if (missing.length > 0) {
    const rendered = await renderParts(
      missing.map(({ index }) => template.parts[index]!),
      template.page,
      personal,
    );
    if (template.rendered.size + missing.length > MAX_RENDERED) template.rendered.clear();
    missing.forEach(({ index, key }, i) => {
      const bytes = Buffer.from(rendered[i]!);
      html[index] = bytes;
      template.rendered.set(key, bytes);
    });
  }
  const nonce = Buffer.from(fresh.nonce);
  const requestId = Buffer.from(fresh.requestId ?? "");
  const json = Buffer.from(personalJson(personal));
  return Buffer.concat(
    template.pieces.map((piece) => (Buffer.isBuffer(piece) ? piece : piece === "nonce" ? nonce : piece === "request-id" ? requestId : piece === "personal" ? json : html[piece.part]!)),
  );
}

// The pages the splice serves: the catalogue's own (issue 30), by route pattern.
const SPLICED_ROUTES = new Set(["/", "/products", "/shopretail", "/product/:id"]);

/** A kept page's template, made once per kept copy; null when the page cannot be spliced. */
async function templateFor(kept: KeptPage, request: Request, context: Readonly<RouterContextProvider>): Promise<SpliceTemplate | null> {
  if (kept.spliceTemplate === undefined) {
    const facts = rootFactsOf(request, context);
    const page: PartsPage = {
      url: request.url,
      basename: BASENAME[facts.locale],
      root: { ...facts, toast: null, flashed: null, honeypot: { nameFieldName: "website_url", validFromFieldName: null, encryptedValidFrom: "" } },
    };
    kept.spliceTemplate = templateOf(kept, page).catch(() => null);
  }
  return (await kept.spliceTemplate) as SpliceTemplate | null;
}

// Signed-out renders in flight, so a page's first signed-in shoppers ask for it once.
const filling = new Map<string, Promise<void>>();

/** The kept page for the URL: rendered signed out first (server.ts) when this process has none. */
async function keptFor(request: Request, context: Readonly<RouterContextProvider>): Promise<KeptPage | null> {
  const cache = pageCache();
  const generation = catalogueGeneration(context);
  const kept = cache.kept(request.url, generation);
  if (kept) return kept;
  const render = context.get(requestInfoContext).signedOutPage;
  if (!render) return null;
  let fill = filling.get(request.url);
  if (!fill) {
    fill = render(request)
      .then((response) => response.body?.cancel())
      .catch(() => undefined)
      .finally(() => filling.delete(request.url));
    filling.set(request.url, fill);
  }
  await fill;
  return cache.kept(request.url, generation);
}

/**
 * After the session middleware: a signed-in shopper's GET of a catalogue page, from the kept
 * copy when it can be; anything else goes on to the full render.
 */
export const spliceMiddleware: MiddlewareFunction<Response> = async ({ request, context, pattern }, next) => {
  const signedIn = signedInOf(context);
  if (!signedIn?.viewer || !appEnv().PAGE_SPLICE || request.method !== "GET" || !SPLICED_ROUTES.has(`/${pattern.replace(/^\//, "")}`)) return next();
  if (hasCookie(request, TOAST_COOKIE) || hasCookie(request, REPLY_COOKIE) || liteModeOf(request).on || !pageCache().maxSeconds) return next();
  // A reload that asks past caches (the browser's hard reload) gets the page rendered afresh.
  if (/\bno-cache\b/.test(request.headers.get("cache-control") ?? "")) return next();
  const productId = productIdOfPath(new URL(request.url).pathname);
  if (productId !== null && signedIn.standing?.productId !== productId) return next();
  const kept = await keptFor(request, context);
  const template = kept && (await templateFor(kept, request, context));
  if (!kept || !template) return next();
  const personal: DocumentPersonal = { viewer: await viewerOf(context, signedIn.customer), standing: signedIn.standing ?? null };
  const nonce = newNonce();
  const page = await splice(template, personal, { nonce, requestId: context.get(requestInfoContext).requestId });
  if (page === null) return next();
  const encoding = negotiateEncoding(request.headers.get("accept-encoding"));
  const body = compressBody(page, encoding, "personal");
  const headers = new Headers(kept.headers.filter(([name]) => !UNKEPT_HEADERS.has(name)) as [string, string][]);
  headers.set("Content-Security-Policy", pagePolicy(nonce, appEnv()));
  if (encoding !== "identity") headers.set("Content-Encoding", encoding);
  headers.set("Vary", "Accept-Encoding");
  headers.set("Content-Length", String(body.length));
  headers.set("X-Page-Cache", "splice");
  return new Response(new Uint8Array(body), { status: 200, headers });
};

// A kept page's headers the spliced answer sets afresh (the session middleware sets Cache-Control).
const UNKEPT_HEADERS = new Set(["content-length", "content-encoding", "content-security-policy", "cache-control", "vary", "x-page-cache"]);
