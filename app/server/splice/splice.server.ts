// A signed-in shopper's catalogue page from the page cache's signed-out copy (issue 30,
// decision 059): the copy with the shopper's own parts put in (header badges, deliver-to
// line, menu, hearts, cart controls, review note) and their facts in the page's personal
// script. The catalogue is not rendered again for each shopper, and the page is the one a full
// render would give, byte for byte (tests/integration/splice.test.ts), with JavaScript or without.
//
// Each part of the kept copy is found by rendering its signed-out self and looking for it, in
// page order; a part not found, or a shopper whose page differs beyond the parts (a review
// standing with a form or their own review), gets the whole render as before. So does anything
// unusual: a toast or a form's reply to show, Lite mode, a page not kept, a failure of the splice.
import { metrics } from "../metrics/metrics.server.ts";
import { noteSpan } from "../telemetry/trace.server.ts";
import type { MiddlewareFunction, RouterContextProvider } from "react-router";
import { SIGNED_OUT, PERSONAL_SCRIPT_ID, personalJson, type DocumentPersonal } from "../../components/splice-protocol.tsx";
import type { PartRecord } from "../../components/splice-protocol.tsx";
import { BASENAME, localeOfBasename, localeOfPath, pathIn } from "../../domain/i18n/locale.ts";
import { CART_PAGES, productIdOfPath } from "../../domain/ids.ts";
import { hasCookie, REPLY_COOKIE, TOAST_COOKIE } from "../auth/cookies.server.ts";
import { signedInOf } from "../auth/session.server.ts";
import { compressBody, negotiateEncoding } from "../compression.server.ts";
import { requestInfoContext, routePatternOf, type SignedIn } from "../context.server.ts";
import { errorFields, log } from "../log.server.ts";
import { NO_HONEYPOT } from "../../components/root-data.ts";
import { appEnv } from "../env.server.ts";
import { catalogueGeneration, keyOf, pageCache, type KeptPage } from "../page-cache.server.ts";
import { rootFactsOf } from "../root-data.server.ts";
import { stylesheetCookieOf } from "../stylesheet.server.ts";
import { liteModeOf } from "../lite-mode.server.ts";
import { newNonce, pagePolicy } from "../security/headers.server.ts";
import { cartPageFacts, reviewOrderFacts, viewerOf } from "../shopper-facts.server.ts";
import { deflatePiece, gzipOf, storedPiece, type GzipPiece } from "./gzip-pieces.server.ts";
import { BAIL, PARTS, renderParts, type PartsPage } from "./parts.server.tsx";
import { messageSliceOf } from "../message-slice.server.ts";

/** What goes between a kept page's fixed bytes: a part, the personal script's JSON, the nonce, the request id. */
type Slot = { part: number } | "personal" | "nonce" | "request-id" | "messages";

/**
 * A kept page cut where it differs between shoppers and between answers. Each part starts as
 * it is for a signed-in shopper with nothing of their own yet (the base), so an answer puts in
 * only the few parts that are its shopper's; the runs between those are kept compressed.
 */
export interface SpliceTemplate {
  page: PartsPage;
  parts: readonly PartRecord[];
  /** fixed[i] comes before slots[i], and the last fixed bytes after the last slot. */
  fixed: Buffer[];
  slots: Slot[];
  /** Each part's base HTML, and what it depends on of the shopper there (PARTS[kind].stateOf). */
  base: Buffer[];
  /** The messages the base parts say beyond the kept copy's (a Hindi page carries them: server/message-slice.server.ts). */
  baseMessages: ReadonlySet<string>;
  states: string[];
  /** The shopper's parts already rendered for this page, by part and state, and their bytes and messages. */
  rendered: Map<string, { bytes: Buffer; messages: ReadonlySet<string> }>;
  renderedBytes: number;
  /** Runs of fixed bytes and base parts, compressed, by the slots they span, and their bytes. */
  runs: Map<string, GzipPiece>;
  runBytes: number;
  /** Counts what the template keeps against the page cache's bound (KeptPage.charge). */
  charge: (bytes: number) => void;
}

// What a template keeps beside the page: at most this many bytes of the shoppers' parts, and of
// compressed runs; past that it starts afresh (a page with that many kinds of shopper is rare).
const MAX_KEPT_BYTES = 256 * 1024;
// Runs shorter than this are compressed with the shopper's bytes around them, not kept apart.
const SHORT_RUN = 2048;

/** A signed-in shopper with nothing in their cart or wishlist, no address, and no review to write. */
function blankShopper(parts: readonly PartRecord[]): DocumentPersonal {
  const note = parts.find((part) => part.kind === "review-note");
  return {
    viewer: { name: "", cart: {}, wishlist: {}, deliverTo: null, notify: {} },
    standing: note ? { productId: note.props.productId as number, standing: "not_delivered" } : null,
    cart: null,
    review: null,
  };
}

/**
 * Finds each part of a kept page; null when one is missing (the page is then always rendered
 * whole). The page says whom it was rendered for in its personal script: no one (a catalogue
 * page's signed-out copy), or a shopper with nothing of their own (a cart page's shell).
 */
export async function templateOf(kept: Pick<KeptPage, "body" | "headers" | "parts" | "charge">, page: PartsPage): Promise<SpliceTemplate | null> {
  const text = kept.body.toString("utf8");
  const parts = [...kept.parts];
  const opening = `id="${PERSONAL_SCRIPT_ID}">`;
  const script = text.indexOf(opening) + opening.length;
  const scriptEnd = text.indexOf("</script>", script);
  if (script < opening.length || scriptEnd < 0) return null;
  const json = text.slice(script, scriptEnd);
  const rendered: DocumentPersonal = { ...SIGNED_OUT, ...(JSON.parse(json) as Partial<DocumentPersonal>) };
  if (personalJson(rendered) !== json) return null;
  const asRendered = await renderParts(parts, page, rendered);
  const cuts: { start: number; end: number; slot: Slot }[] = [];
  let at = 0;
  for (const [part, html] of asRendered.entries()) {
    const start = html ? text.indexOf(html, at) : -1;
    if (start < 0) return null;
    cuts.push({ start, end: (at = start + html.length), slot: { part } });
  }
  cuts.push({ start: script, end: scriptEnd, slot: "personal" });
  // Where the messages of the shopper's own parts go: before </body>, beside the kept copy's own.
  const bodyEnd = text.lastIndexOf("</body>");
  if (bodyEnd < 0) return null;
  cuts.push({ start: bodyEnd, end: bodyEnd, slot: "messages" });
  // Each answer has a nonce of its own (its scripts and the policy that allows them) and its own id.
  const nonce = /'nonce-([^']+)'/.exec(kept.headers.find(([name]) => name === "content-security-policy")?.[1] ?? "")?.[1];
  for (let i = nonce ? text.indexOf(nonce) : -1; nonce && i >= 0; i = text.indexOf(nonce, i + nonce.length)) cuts.push({ start: i, end: i + nonce.length, slot: "nonce" });
  const requestId = /<meta name="request-id" content="([^"]*)"/.exec(text);
  if (requestId) {
    const start = requestId.index + requestId[0].length - requestId[1]!.length - 1;
    cuts.push({ start, end: start + requestId[1]!.length, slot: "request-id" });
  }
  cuts.sort((a, b) => a.start - b.start);
  const fixed: Buffer[] = [];
  at = 0;
  for (const cut of cuts) {
    if (cut.start < at) return null;
    fixed.push(Buffer.from(text.slice(at, cut.start)));
    at = cut.end;
  }
  fixed.push(Buffer.from(text.slice(at)));
  // The base: what differs between signed out and signed in with nothing of one's own, put in once.
  const base = rendered.viewer ? rendered : blankShopper(parts);
  const states = parts.map((part) => PARTS[part.kind].stateOf(part.props, base) ?? "");
  const differing = parts.flatMap((part, i) => (states[i] !== PARTS[part.kind].stateOf(part.props, rendered) ? [i] : []));
  const baseMessages = new Set<string>();
  const baseParts = await renderParts(
    differing.map((i) => parts[i]!),
    page,
    base,
    baseMessages,
  );
  const baseHtml = asRendered.slice();
  differing.forEach((part, i) => (baseHtml[part] = baseParts[i]!));
  const template: SpliceTemplate = {
    page,
    parts,
    fixed,
    slots: cuts.map((cut) => cut.slot),
    base: baseHtml.map((html) => Buffer.from(html)),
    baseMessages,
    states,
    rendered: new Map(),
    renderedBytes: 0,
    runs: new Map(),
    runBytes: 0,
    charge: (bytes) => kept.charge(bytes),
  };
  template.charge([...template.fixed, ...template.base].reduce((n, b) => n + b.length, 0));
  return template;
}

/** The page for this shopper, in the encoding asked for, or null when it must be rendered whole. */
export async function splice(
  template: SpliceTemplate,
  personal: DocumentPersonal,
  fresh: { nonce: string; requestId: string | null },
  encoding: "gzip" | "br" | "identity",
): Promise<Buffer | null> {
  // The shopper's own bytes at each slot, where they differ from the template's.
  const own: (Buffer | undefined)[] = [];
  const missing: { slot: number; key: string }[] = [];
  const messages = new Set(template.baseMessages);
  let messagesSlot = -1;
  const nonce = Buffer.from(fresh.nonce);
  for (const [i, slot] of template.slots.entries()) {
    if (slot === "nonce") own.push(nonce);
    else if (slot === "request-id") own.push(Buffer.from(fresh.requestId ?? ""));
    else if (slot === "personal") own.push(Buffer.from(personalJson(personal)));
    else if (slot === "messages") {
      // Filled in below, once every part's messages are known; empty on an English page.
      messagesSlot = i;
      own.push(Buffer.alloc(0));
    } else {
      const part = template.parts[slot.part]!;
      const state = PARTS[part.kind].stateOf(part.props, personal);
      if (state === BAIL) return null;
      if (state === template.states[slot.part]) {
        own.push(undefined);
        continue;
      }
      const key = `${slot.part}:${state}`;
      const kept = template.rendered.get(key);
      own.push(kept?.bytes);
      kept?.messages.forEach((id) => messages.add(id));
      if (!kept) missing.push({ slot: i, key });
    }
  }
  if (missing.length > 0) {
    const said = new Set<string>();
    const rendered = await renderParts(
      missing.map(({ slot }) => template.parts[(template.slots[slot] as { part: number }).part]!),
      template.page,
      personal,
      said,
    );
    said.forEach((id) => messages.add(id));
    missing.forEach(({ slot, key }, i) => {
      const bytes = Buffer.from(rendered[i]!);
      own[slot] = bytes;
      if (template.renderedBytes > MAX_KEPT_BYTES) {
        template.charge(-template.renderedBytes);
        template.rendered.clear();
        template.renderedBytes = 0;
      }
      template.rendered.set(key, { bytes, messages: said });
      template.renderedBytes += bytes.length;
      template.charge(bytes.length);
    });
  }
  if (messagesSlot >= 0) {
    const script = messageSliceOf(localeOfBasename(template.page.basename), messages);
    if (script) own[messagesSlot] = Buffer.from(script);
  }
  // The page in order: runs of the template's own bytes (slots [from, to), all base) between the shopper's.
  const segments: { run?: string; bytes: Buffer[] }[] = [];
  let from = 0;
  for (let i = 0; i <= own.length; i++) {
    if (i < own.length && !own[i]) continue;
    const bytes = [template.fixed[from]!];
    for (let j = from; j < i; j++) bytes.push(template.base[(template.slots[j] as { part: number }).part]!, template.fixed[j + 1]!);
    segments.push({ run: `${from}:${i}`, bytes });
    if (i < own.length) segments.push({ bytes: [own[i]!] });
    from = i + 1;
  }
  if (encoding !== "gzip") return compressBody(Buffer.concat(segments.flatMap((s) => s.bytes)), encoding, "personal");
  // Long runs come from the template, compressed once; the shopper's bytes, and the short runs
  // between them (the nonces of the page's scripts sit a few bytes apart), once per answer.
  const pieces: GzipPiece[] = [];
  let mine: Buffer[] = [];
  const flushOwn = () => {
    if (mine.length === 0) return;
    const bytes = Buffer.concat(mine);
    pieces.push(bytes.length < 64 ? storedPiece(bytes) : deflatePiece(bytes, 1));
    mine = [];
  };
  for (const { run, bytes } of segments) {
    if (run === undefined || bytes.reduce((n, b) => n + b.length, 0) < SHORT_RUN) {
      mine.push(...bytes);
      continue;
    }
    flushOwn();
    let piece = template.runs.get(run);
    if (!piece) {
      piece = deflatePiece(Buffer.concat(bytes), 9);
      if (template.runBytes > MAX_KEPT_BYTES) {
        template.charge(-template.runBytes);
        template.runs.clear();
        template.runBytes = 0;
      }
      template.runs.set(run, piece);
      template.runBytes += piece.deflated.length;
      template.charge(piece.deflated.length);
    }
    pieces.push(piece);
  }
  flushOwn();
  return gzipOf(pieces);
}

// The pages the splice serves, by route pattern: the catalogue's own, from the page cache's
// signed-out copy; and the cart page, from a shell rendered for a shopper with an empty cart.
const SPLICED_ROUTES = new Set(["/", "/products", "/shopretail", "/product/:id"]);
const SHELL_ROUTES = new Set<string>(CART_PAGES);

/** The page's URL and root data, as its parts are rendered in it. */
function partsPageOf(request: Request, context: Readonly<RouterContextProvider>): PartsPage {
  const facts = rootFactsOf(request, context);
  return { url: request.url, basename: BASENAME[facts.locale], root: { ...facts, toast: null, flashed: null, honeypot: NO_HONEYPOT } };
}

/** A kept page's template, made once per kept copy; null when the page cannot be spliced. */
async function templateFor(kept: KeptPage, request: Request, context: Readonly<RouterContextProvider>): Promise<SpliceTemplate | null> {
  if (kept.spliceTemplate === undefined) {
    kept.spliceTemplate = templateOf(kept, partsPageOf(request, context)).catch((error: unknown) => {
      log.warn("splice: a kept page could not be cut", { url: request.url, ...errorFields(error) });
      return null;
    });
  }
  return (await kept.spliceTemplate) as SpliceTemplate | null;
}

// Signed-out renders in flight, so a page's first signed-in shoppers ask for it once; and the
// URLs whose signed-out page was not kept (a 404), until when, so none is rendered twice for each.
const filling = new Map<string, Promise<void>>();
const MAX_FILLING = 32;
const unkept = new Map<string, number>();
const MAX_UNKEPT = 1000;

/** The kept page for the URL: rendered signed out first (server.ts) when this process has none. */
async function keptFor(request: Request, context: Readonly<RouterContextProvider>): Promise<KeptPage | null> {
  const cache = pageCache();
  const generation = catalogueGeneration(context);
  // The copy in the stylesheet's form this browser takes: linked when it has the file (issue 43).
  const stylesheet = stylesheetCookieOf(request);
  const kept = cache.kept(request.url, generation, undefined, stylesheet !== null);
  if (kept) return kept;
  const render = context.get(requestInfoContext).signedOutPage;
  const key = keyOf(request.url, stylesheet !== null);
  if (!render || !cache.keepsUrl(request.url) || (unkept.get(key) ?? 0) > cache.now()) return null;
  let fill = filling.get(key);
  if (!fill) {
    // Each distinct URL asked at once would start a render of its own: past a few, render whole.
    if (filling.size >= MAX_FILLING) return null;
    // Rendered for no one: with the stylesheet's cookie alone, never the shopper's own.
    fill = render(new Request(request.url, { headers: stylesheet ? { cookie: stylesheet } : {} }))
      .then((response) => response.body?.cancel())
      .catch(() => undefined)
      .finally(() => filling.delete(key));
    filling.set(key, fill);
  }
  await fill;
  const filled = cache.kept(request.url, generation, undefined, stylesheet !== null);
  if (!filled) {
    if (unkept.size >= MAX_UNKEPT) unkept.clear();
    unkept.set(key, cache.now() + cache.maxSeconds * 1000);
  }
  return filled;
}

/**
 * After the session middleware: a signed-in shopper's GET of a catalogue page, from the kept
 * copy when it can be; anything else goes on to the full render.
 */
export const spliceMiddleware: MiddlewareFunction<Response> = async ({ request, context, pattern }, next) => {
  const signedIn = signedInOf(context);
  const route = routePatternOf(pattern);
  const shell = SHELL_ROUTES.has(route);
  if (!signedIn?.viewer || !appEnv().PAGE_SPLICE || request.method !== "GET" || !(shell || SPLICED_ROUTES.has(route))) return next();
  // A page that could have been spliced and is rendered whole is counted with why (issue 47);
  // with tracing on, the request's span says so too.
  const whole = (why: string) => {
    metrics.splice(`whole_${why}`);
    noteSpan({ "haat.splice": `whole_${why}` });
    return next();
  };
  if (hasCookie(request, TOAST_COOKIE) || hasCookie(request, REPLY_COOKIE)) return whole("message");
  if (liteModeOf(request).on) return whole("lite");
  if (!pageCache().maxSeconds) return whole("cache_off");
  // A reload that asks past caches (the browser's hard reload) gets the page rendered afresh.
  if (/\bno-cache\b/.test(request.headers.get("cache-control") ?? "")) return whole("reload");
  const url = new URL(request.url);
  // A shell is the page's plain URL's alone: the cart's PIN check (?pin=), Review Order's address picker, form or list are rendered whole.
  if (shell && (url.search || context.get(requestInfoContext).asBlankShopper)) return whole("query");
  const productId = productIdOfPath(url.pathname);
  if (productId !== null && signedIn.standing?.productId !== productId) return whole("standing");
  let spliced: Response | null = null;
  try {
    spliced = await splicedPage(request, context, signedIn, shell ? route : null);
  } catch (error) {
    // The full render is always there to fall back on.
    log.warn("splice failed; the page was rendered whole", { url: request.url, ...errorFields(error) });
    return whole("error");
  }
  if (!spliced) return whole("no_copy");
  metrics.splice("spliced");
  noteSpan({ "haat.splice": "spliced" });
  return spliced;
};

async function splicedPage(request: Request, context: Readonly<RouterContextProvider>, signedIn: SignedIn, shell: string | null): Promise<Response | null> {
  // A shell is the page at its one URL: its parts are cut and rendered there too.
  const page = shell ? new Request(shellUrlOf(request, shell), { headers: request.headers }) : request;
  const kept = shell ? await shellFor(page.url, stylesheetCookieOf(request), context) : await keptFor(request, context);
  const template = kept && (await templateFor(kept, page, context));
  if (!kept || !template) return null;
  const viewer = await viewerOf(context, signedIn.customer);
  // In the order of the document's own (the session middleware's documentPersonalContext).
  const review = shell === "/revieworder";
  const personal: DocumentPersonal = {
    // SIGNED_OUT first: the same order of keys as the document's own (the session middleware's).
    ...SIGNED_OUT,
    viewer,
    standing: signedIn.standing ?? null,
    cart: shell !== null && !review ? await cartPageFacts(context, signedIn.customer) : null,
    review: review ? await reviewOrderFacts(context, signedIn.customer) : null,
  };
  const nonce = newNonce();
  // Written into the page as it is: only an id of the characters server.ts makes or accepts.
  const requestId = context.get(requestInfoContext).requestId;
  if (requestId !== null && !/^[\w.-]+$/.test(requestId)) return null;
  // Gzip when the browser takes it, though it takes Brotli too: the template's runs are kept gzipped.
  const encoding = negotiateEncoding(request.headers.get("accept-encoding"), { prefer: "gzip" });
  const body = await splice(template, personal, { nonce, requestId }, encoding);
  if (body === null) return null;
  const headers = new Headers(kept.headers.filter(([name]) => !UNKEPT_HEADERS.has(name)) as [string, string][]);
  headers.set("Content-Security-Policy", pagePolicy(nonce, appEnv()));
  if (encoding !== "identity") headers.set("Content-Encoding", encoding);
  headers.set("Vary", "Accept-Encoding");
  headers.set("Content-Length", String(body.length));
  headers.set("X-Page-Cache", "splice");
  return new Response(new Uint8Array(body), { status: 200, headers });
}

// A kept page's headers the spliced answer sets afresh (the session middleware sets Cache-Control),
// and a shell's own that are not the answer's (its timing, a cookie).
const UNKEPT_HEADERS = new Set(["content-length", "content-encoding", "content-security-policy", "cache-control", "vary", "x-page-cache", "server-timing", "set-cookie"]);

// The cart pages' shells: rendered for a shopper with an empty cart (server.ts), one per route
// and language whatever spelling of the URL asked (`/ADDTOCART`, `/%61ddtocart`, `/addtocart/`
// are the one page), kept in the page cache under its bound, and made again when the catalogue
// changes (the header's menu) or after the page cache's time (issue 41 item 2).
const shellsFilling = new Map<string, Promise<KeptPage | null>>();

/** The one URL a cart page's shell is rendered at and kept under: its route in the page's language. */
function shellUrlOf(request: Request, route: string): string {
  const url = new URL(request.url);
  return new URL(pathIn(localeOfPath(url.pathname), route), url.origin).href;
}

/** The cart page as a signed-in shopper with nothing of their own gets it, with its parts noted. */
async function shellFor(shellUrl: string, stylesheet: string | null, context: Readonly<RouterContextProvider>): Promise<KeptPage | null> {
  const cache = pageCache();
  const generation = catalogueGeneration(context);
  const known = cache.kept(shellUrl, generation, "shell", stylesheet !== null);
  if (known) return known;
  const render = context.get(requestInfoContext).blankShopperPage;
  if (!render) return null;
  const key = keyOf(shellUrl, stylesheet !== null, "shell");
  let fill = shellsFilling.get(key);
  if (!fill) {
    const parts: PartRecord[] = [];
    fill = render(new Request(shellUrl, { headers: stylesheet ? { cookie: stylesheet } : {} }), parts)
      .then(async (response): Promise<KeptPage | null> => {
        const body = Buffer.from(await response.arrayBuffer());
        if (response.status !== 200 || response.headers.has("content-encoding")) return null;
        // No one's page to serve: kept aside, where only the splice reads it, but under the cache's bound.
        return cache.keepAside(shellUrl, { body, headers: [...response.headers], parts, generation }, stylesheet !== null);
      })
      .catch((error: unknown) => {
        log.warn("splice: a cart page's shell could not be rendered", { url: shellUrl, ...errorFields(error) });
        return null;
      })
      .finally(() => shellsFilling.delete(key));
    shellsFilling.set(key, fill);
  }
  return fill;
}
