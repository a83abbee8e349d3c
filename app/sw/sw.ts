/// <reference lib="webworker" />
// The shop's service worker (issue 26, decision 049), built by Serwist: registered only with
// JavaScript (app/components/offline/OfflineSupport.tsx), bundled and given its precache list
// at the end of the build (react-router.config.ts). What it keeps and for how long are rules in
// app/domain/offline.ts:
// - catalogue pages (and React Router's `.data` loads of them): network first, with a short
//   timeout, then the copy last kept, marked with the time it was kept;
// - the catalogue's pictures: the same; the hashed scripts and styles: kept once fetched;
// - everything else (the cart, Review Order, orders, the account, staff, the API): never kept,
//   and the shop's own offline page when the network is not there;
// - every kept page goes when the person at the browser changes (sign-out, sign-in, sign-up),
//   and so do their cart changes still waiting for the network;
// - those changes (app/offline/post-queue.ts) are sent by Background Sync when the
//   network is back: by the open page if there is one, else by the worker itself.
import {
  CacheFirst,
  ExpirationPlugin,
  NetworkFirst,
  NetworkOnly,
  Route,
  Serwist,
  type PrecacheEntry,
  type RouteHandlerCallback,
  type SerwistGlobalConfig,
  type SerwistPlugin,
} from "serwist";
import { replayVerdict } from "../domain/offline-queue.ts";
import { forgetAllPosts, forgetPost, queuedPosts, SYNC_TAG } from "../offline/post-queue.ts";
import {
  CACHES,
  changesWhoIsSignedIn,
  signsInOrOut,
  isCatalogueImage,
  KEPT_AT_HEADER,
  KEPT_IMAGES,
  KEPT_PAGES,
  NETWORK_TIMEOUT_SECONDS,
  OFFLINE_PATHS,
  offlinePathFor,
  pageKind,
} from "../domain/offline.ts";

declare global {
  interface WorkerGlobalScope extends SerwistGlobalConfig {
    __SW_MANIFEST: (PrecacheEntry | string)[] | undefined;
  }
}
declare const self: ServiceWorkerGlobalScope;

/** A copy with one header more (a Response's headers cannot be changed in place). */
async function withHeader(response: Response, name: string, value: string): Promise<Response> {
  const headers = new Headers(response.headers);
  headers.set(name, value);
  return new Response(await response.blob(), { status: response.status, statusText: response.statusText, headers });
}

/** Only whole answers are kept, stamped with the time they were kept. */
const stamped: SerwistPlugin = {
  cacheWillUpdate: async ({ response }) => (response.status === 200 && !response.redirected ? withHeader(response, KEPT_AT_HEADER, new Date().toISOString()) : null),
};
const catalogue = new NetworkFirst({ cacheName: CACHES.pages, networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS, plugins: [stamped, new ExpirationPlugin(KEPT_PAGES)] });

/**
 * A catalogue page, network first. An answer carrying the stamp is a kept copy (the network's
 * own never does): a document gets a meta tag the page reads, a `.data` load a message to the
 * page that asked, and the page says it is showing what it kept.
 */
const cataloguePage: RouteHandlerCallback = async (options) => {
  // Past the browser's own cache (a page's stale-while-revalidate would answer offline from it,
  // unmarked): the network or the worker's kept copy, nothing in between.
  // A page that redirects (an English address for a shopper who chose Hindi, issue 27) is handed
  // to the browser as a redirect to follow: a navigation may not be answered with a response
  // that was redirected on the way.
  const fresh = new Request(options.request.url, {
    headers: options.request.headers,
    credentials: "same-origin",
    cache: "no-cache",
    redirect: options.request.mode === "navigate" ? "manual" : "follow",
  });
  const response = await catalogue.handle({ ...options, request: fresh });
  const keptAt = response.headers.get(KEPT_AT_HEADER);
  if (!keptAt) return response;
  const { request } = options;
  if (request.mode === "navigate") {
    const html = await response.text();
    return new Response(html.replace("</head>", `<meta name="haat-kept-at" content="${keptAt}"></head>`), { status: 200, headers: response.headers });
  }
  const { pathname } = new URL(request.url);
  // A page's own load (route discovery's /__manifest is not a page).
  if (!pathname.endsWith(".data")) return response;
  const clientId = (options.event as FetchEvent | undefined)?.clientId;
  const client = clientId ? await self.clients.get(clientId) : undefined;
  client?.postMessage({ type: "haat-kept-copy", path: pathname.replace(/\.data$/, "").replace(/^\/_$/, "/"), keptAt });
  return response;
};

const serwist = new Serwist({
  precacheEntries: self.__SW_MANIFEST,
  // A new version waits until the shopper says Reload: no page mixes old and new scripts.
  skipWaiting: false,
  clientsClaim: true,
  // Catalogue pages are fetched past the browser's cache (cataloguePage): a preload would be a second fetch.
  navigationPreload: false,
  runtimeCaching: [
    {
      matcher: ({ url, sameOrigin }) => sameOrigin && pageKind(url.pathname) === "catalogue",
      handler: cataloguePage,
    },
    {
      matcher: ({ url, sameOrigin }) => sameOrigin && isCatalogueImage(url.pathname),
      handler: new NetworkFirst({ cacheName: CACHES.images, networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS, plugins: [new ExpirationPlugin(KEPT_IMAGES)] }),
    },
    {
      matcher: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith("/assets/"),
      handler: new CacheFirst({ cacheName: CACHES.assets, plugins: [new ExpirationPlugin({ maxEntries: 200 })] }),
    },
  ],
});

// Any other page of the shop goes to the network, so that one the network cannot bring gets the
// offline page. Everything else (other sites' scripts, such as Razorpay's Checkout; the personal
// pages' loads) the worker leaves alone.
// A page opened by a link that signs in (Clerk's return): the same check as for posts.
const signInWatch: SerwistPlugin = {
  fetchDidSucceed: async ({ request, response }) => {
    if (changesWhoIsSignedIn(new URL(request.url).pathname, response)) await forgetThePerson();
    return response;
  },
};
serwist.registerRoute(new Route(({ request, sameOrigin }) => sameOrigin && request.mode === "navigate", new NetworkOnly({ plugins: [signInWatch] })));
serwist.setCatchHandler(async ({ request }) => {
  if (request.mode !== "navigate") return Response.error();
  const url = new URL(request.url);
  // The offline page at its own address, so it hydrates as itself; Try again goes back to `from`.
  // In the page's language (issue 27).
  const offline = offlinePathFor(url.pathname);
  if (url.pathname !== offline) return Response.redirect(`${offline}?from=${encodeURIComponent(url.pathname + url.search)}`, 303);
  const page = await caches.open(CACHES.offline).then((cache) => cache.match(offline, { ignoreSearch: true }));
  return page ?? Response.error();
});

self.addEventListener("install", (event) => {
  // The offline page as anyone signed out sees it: it names nobody and shows no cart.
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHES.offline);
      for (const path of OFFLINE_PATHS) {
        const page = await fetch(path, { credentials: "omit", cache: "no-store" });
        if (page.ok) await cache.put(path, page);
      }
    })(),
  );
});

/** The last person's kept pages and queued changes go: someone else is signed in now, or no one. */
async function forgetThePerson(): Promise<void> {
  await Promise.all([caches.delete(CACHES.pages), forgetAllPosts().catch(() => undefined)]);
}

// The posts of the routes that sign in or out (SIGNS_IN_OR_OUT, the one list: the server warns of
// any other that changes who is signed in) pass here, so that once the server has answered one
// that did (it says so, issue 41 item 4), the last person's pages and queued changes go before
// the page reads the answer: a sign-in by code, 'Sign in again', a sign-up, in either language.
self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  if (url.origin !== self.location.origin || event.request.method !== "POST" || !signsInOrOut(url.pathname)) return;
  event.respondWith(
    fetch(event.request).then(async (response) => {
      if (changesWhoIsSignedIn(url.pathname, response)) await forgetThePerson();
      return response;
    }),
  );
});

/**
 * Sends the queued changes. An open page of the shop does it itself (its toasts and cart
 * follow each answer); with none open the worker posts each as a plain form post, so the
 * server's answer (a redirect with its toast) is shown on the next page opened. A post with no
 * answer stays, and the browser tries the sync again later; its key makes it count once.
 */
async function replayQueue(): Promise<void> {
  const pages = await self.clients.matchAll({ type: "window" });
  if (pages.length > 0) {
    for (const page of pages) page.postMessage({ type: "haat-replay" });
    return;
  }
  for (const post of await queuedPosts()) {
    let answer: { status: number } | "no-answer";
    try {
      const response = await fetch(post.action, { method: "POST", body: new URLSearchParams(post.fields), credentials: "same-origin", redirect: "manual" });
      // A redirect (the post's usual answer) is opaque to a worker: answered.
      answer = response.type === "opaqueredirect" ? { status: 303 } : { status: response.status };
    } catch {
      answer = "no-answer";
    }
    if (replayVerdict(answer) === "keep") throw new Error("The network is not back yet: the browser will sync again.");
    await forgetPost(post.key);
  }
}

interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
}
self.addEventListener("sync", ((event: SyncEvent) => {
  if (event.tag === SYNC_TAG) event.waitUntil(replayQueue());
}) as EventListener);

serwist.addEventListeners();
