// What the service worker keeps for a shop that works offline (issue 26, decision 049), as
// rules on URLs and times, with no browser API, so they are unit-tested here and the worker
// (app/sw/sw.ts) only wires them to Serwist.

/** The caches the worker keeps. Named here so the page (sign-out) and the worker agree. */
export const CACHES = {
  /** Catalogue pages and their `.data` loads, as last seen: network first. */
  pages: "haat-pages",
  /** Pictures of the catalogue. */
  images: "haat-images",
  /** Hashed scripts and styles: a name is its content, kept until the next version's worker. */
  assets: "haat-assets",
  /** The shop's own offline page, fetched signed out at install. */
  offline: "haat-offline",
} as const;

export const OFFLINE_PATH = "/offline";
/** How long the network has before a kept copy answers instead. */
export const NETWORK_TIMEOUT_SECONDS = 3;
/** How many pages and pictures are kept, and for how long (the oldest go first). */
export const KEPT_PAGES = { maxEntries: 80, maxAgeSeconds: 7 * 24 * 60 * 60 } as const;
export const KEPT_IMAGES = { maxEntries: 300, maxAgeSeconds: 30 * 24 * 60 * 60 } as const;
/** The header a kept page's copy carries: when it was kept (ISO time). */
export const KEPT_AT_HEADER = "x-haat-kept-at";

/** The catalogue's pages: the same for everyone but the header, kept to open offline. */
const CATALOGUE = [
  /^\/$/,
  /^\/_\.data$/,
  /^\/(products|shopretail)(\.data)?$/,
  /^\/product\/[^/]+(\.data)?$/,
  /^\/blog(\/[^/]+)?(\.data)?$/,
  /^\/(aboutus|contact|testimonial|landingpage|marketplace|artisanalcafe|streetfoodgully)(\.data)?$/,
  /^\/(PrivacyPolicy|termsandconditions|cancellationandrefundpolicy|shippinganddelivery)(\.data)?$/,
  // React Router's lazy route discovery: which routes a link leads to (no personal data).
  /^\/__manifest$/,
];

export type PageKind = "catalogue" | "other";

/** Whether a GET of this same-origin path is a catalogue page (kept) or anything else (never kept: personal pages, staff, the API). */
export function pageKind(pathname: string): PageKind {
  return CATALOGUE.some((re) => re.test(pathname)) ? "catalogue" : "other";
}

/** Pictures worth keeping: the catalogue's drawings and photos. */
export function isCatalogueImage(pathname: string): boolean {
  return /^\/(images|media)\//.test(pathname);
}

/**
 * Posts after which every kept page goes: the person at this browser changes (sign-out, sign-in,
 * sign-up), and a kept page's header would show the last one's name and cart.
 */
export function endsKeptPages(method: string, pathname: string): boolean {
  return method === "POST" && /^\/(signout|signin|signup|post-auth)(\.data)?$/.test(pathname.replace(/\/$/, "") || "/");
}

/** The line above a kept copy of a page. */
export function keptLine(keptAt: Date, now: Date = new Date()): string {
  const time = new Intl.DateTimeFormat("en-IN", { hour: "numeric", minute: "2-digit", timeZone: "Asia/Kolkata" }).format(keptAt);
  const dayOf = (d: Date) => new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Kolkata" }).format(d);
  const sameDay = dayOf(keptAt) === dayOf(now);
  const day = sameDay ? "today" : new Intl.DateTimeFormat("en-IN", { day: "numeric", month: "short", timeZone: "Asia/Kolkata" }).format(keptAt);
  return `Offline: showing the page as you last saw it (${day}, ${time}).`;
}

export const OFFLINE_MESSAGES = {
  title: "You are offline",
  intro: "Haat cannot reach the internet just now, and this page was not kept on your phone.",
  stillWorks: "Pages you have opened before still open, as you last saw them.",
  tryAgain: "Try again",
  update: "A new version of Haat is ready.",
  reload: "Reload",
} as const;

/**
 * Whether an error is a fetch that got no answer (offline, or the answer lost), by the words
 * each browser uses: Chrome 'Failed to fetch', Firefox 'NetworkError when attempting to fetch
 * resource.', Safari 'Load failed'. Any other TypeError is a fault, not the network.
 */
export function isNoAnswer(error: unknown): boolean {
  return error instanceof TypeError && /failed to fetch|networkerror|load failed|network connection was lost/i.test(error.message);
}
