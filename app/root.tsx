import { useEffect } from "react";
import { offlinePosts } from "./components/offline/offline-posts.ts";
import { data, Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/root";
import appCss from "./app.css?url";
import { Stylesheet } from "./components/stylesheet.tsx";
import { Header } from "./components/Header.tsx";
import { useDocumentRequestId } from "./components/request-id.ts";
import { ErrorPage } from "./components/ErrorPage.tsx";
import { NO_HONEYPOT, type RootData } from "./components/root-data.ts";
import { cookies, expiredToastCookie, hasCookie, TOAST_COOKIE } from "./server/auth/cookies.server.ts";
import { sessionMiddleware, signedInOf } from "./server/auth/session.server.ts";
import { pageCacheMiddleware } from "./server/page-cache.server.ts";
import { spliceMiddleware } from "./server/splice/splice.server.ts";
import { honeypotInputProps } from "./server/security/honeypot.server.ts";
import { sameOriginMiddleware } from "./server/security/same-origin.server.ts";
import { HoneypotProvider } from "remix-utils/honeypot/react";
import { takeFlashedReply } from "./server/forms/reply-flash.server.ts";
import { viewerOf } from "./server/shopper-facts.server.ts";
import { documentCarries, routeNoteMiddleware } from "./server/context.server.ts";
import { rootFactsOf } from "./server/root-data.server.ts";
import { THEME_COLOR } from "./domain/web-app-manifest.ts";
import { PersonalScript } from "./components/splice-protocol.tsx";
import { languageMiddleware } from "./server/i18n.server.ts";
import { CatalogueUpdates, useI18n } from "./components/i18n.tsx";
import { HYDRATED_MARK, restoreTypedFields } from "./components/typed-before-hydration.ts";
import { HTML_LANG } from "./domain/i18n/locale.ts";
import { installFieldMessages } from "./domain/field-messages.ts";
import { later } from "./components/later.tsx";

// What the page shows but need not wait for to be React's: its code comes once the rest has
// hydrated (components/later.tsx), the server's HTML standing in for it until then.
const Footer = later(import.meta.env.SSR ? await import("./components/Footer.tsx") : () => import("./components/Footer.tsx"), "Footer");
const Toaster = later(import.meta.env.SSR ? await import("./components/Toaster.tsx") : () => import("./components/Toaster.tsx"), "Toaster");
const OfflineSupport = later(import.meta.env.SSR ? await import("./components/offline/OfflineSupport.tsx") : () => import("./components/offline/OfflineSupport.tsx"), "OfflineSupport");

// Zod probes whether it may compile parsers with `new Function`; the page's CSP forbids eval,
// so the probe would be reported as a violation on every form page. Parsing without it is
// what zod falls back to anyway. This is the object z.config() writes to (shared by every
// copy of zod), set here without loading zod on pages that have no form; the CSP test in
// tests/e2e/security.spec.ts fails if zod stops reading it.
// Only in the browser: the server sends no CSP to itself and keeps zod's compiled parsers.
if (typeof document !== "undefined") ((globalThis as { __zod_globalConfig?: { jitless?: boolean } }).__zod_globalConfig ??= {}).jitless = true;
// A field whose schema names no message says one of the shop's (domain/field-messages.ts), in the browser as on the server.
installFieldMessages();

// The language's redirect comes before the page cache, which keys pages by their URL alone.
// A signed-in shopper's catalogue page is spliced from the page cache's copy (issue 30), after the session is read.
export const middleware: Route.MiddlewareFunction[] = [routeNoteMiddleware, sameOriginMiddleware, languageMiddleware, pageCacheMiddleware, sessionMiddleware, spliceMiddleware];
// With JavaScript, a post that gets no answer is queued or said not sent (issue 26).
export const clientMiddleware: Route.ClientMiddlewareFunction[] = [offlinePosts];

export async function loader({ request, context }: Route.LoaderArgs) {
  const signedIn = signedInOf(context);
  // Only when there is a toast cookie, which is then expired: pages after it stay free of it
  // and of Set-Cookie, cacheable signed out and spliced signed in.
  const flash = hasCookie(request, TOAST_COOKIE) ? await cookies().toast.getToast(request) : null;
  const { flashed, clear } = await takeFlashedReply(request);
  const viewer = signedIn ? await viewerOf(context, signedIn.customer) : null;
  const body: RootData = {
    ...rootFactsOf(request, context),
    ...(!documentCarries(context, "viewer", viewer) && { viewer }),
    toast: flash?.toast ? { id: crypto.randomUUID(), message: flash.toast.message, type: flash.toast.type } : null,
    honeypot: await honeypotInputProps(),
    flashed,
  };
  const headers = new Headers();
  if (flash) headers.append("Set-Cookie", await expiredToastCookie());
  if (clear) headers.append("Set-Cookie", clear);
  return data(body, { headers });
}

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.ico", sizes: "any" },
  // Installable (issue 26): the manifest, and the icon iOS puts on the home screen.
  { rel: "manifest", href: "/manifest.webmanifest" },
  { rel: "apple-touch-icon", href: "/icons/apple-touch-icon.png" },
];

export function Layout({ children }: { children: React.ReactNode }) {
  // Absent when the root loader itself failed: the error page then shows no toast.
  const root = useRouteLoaderData("root") as RootData | undefined;
  // The language is the router's basename (decision 052): known even when the root loader failed.
  const i18n = useI18n();
  // Staff pages bring their own header (routes/staff.tsx): the shopper's header and footer
  // (search, cart, newsletter, 'Get the app') are not theirs (issue 46). Only once the staff
  // layout's loader ran, its guard having let a staff member through: anyone else's /staff
  // answer is the shop's own 404, in the shopper's header and footer.
  const staffPage = useRouteLoaderData("routes/staff") !== undefined;
  // Once the whole page is hydrated (a parent's effect runs after its children's): the moment is
  // marked (bench/mobile.ts measures the gap from the first paint to it), and what the shopper
  // typed before the scripts came is given back to its fields (entry.client.tsx noted it).
  useEffect(() => {
    performance.mark(HYDRATED_MARK);
    restoreTypedFields();
  }, []);
  return (
    <html lang={HTML_LANG[i18n.locale]}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* Hindi pages' whole catalogue, which the page's script fetches once it has hydrated with
            the messages the page carries at its end (entry.client.tsx, issue 43). */}
        {root?.catalogue ? <meta name="haat-catalogue" content={root.catalogue} /> : null}
        {/* Its reader, asked for beside the page's scripts: imported by the entry once it runs, it came after them all. */}
        {root?.reader ? <link rel="modulepreload" href={root.reader} /> : null}
        {/* The font (decision 052): the page's script declares it once the page has loaded, so it
            never delays the first paint; without JavaScript the <noscript> style declares it. */}
        {root?.font ? <meta name="haat-font" content={root.font.url} /> : null}
        {root?.font ? <style dangerouslySetInnerHTML={{ __html: root.font.stackCss }} /> : null}
        {root?.font ? (
          <noscript>
            <style dangerouslySetInnerHTML={{ __html: root.font.faceCss }} />
          </noscript>
        ) : null}
        {/* The stylesheet, in the page itself (components/stylesheet.tsx): nothing blocks the first paint. */}
        <Stylesheet href={appCss} />
        <meta name="theme-color" content={THEME_COLOR} />
        <RequestIdMeta />
        <Meta />
        <Links />
      </head>
      <body id="top" className="flex min-h-screen flex-col bg-surface font-sans text-stone-900 antialiased">
        <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:bg-surface focus:p-2">
          {i18n._("Skip to content")}
        </a>
        <HoneypotProvider {...(root?.honeypot ?? NO_HONEYPOT)}>
          <CatalogueUpdates>
            <Toaster toast={root?.toast ?? null} />
            {!staffPage && <Header />}
            <OfflineSupport />
            <main id="main" className="flex-1">
              {children}
            </main>
            {!staffPage && <Footer />}
          </CatalogueUpdates>
        </HoneypotProvider>
        <PersonalScript />
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

function RequestIdMeta() {
  const id = useDocumentRequestId();
  return id ? <meta name="request-id" content={id} /> : null;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage error={error} />;
}
