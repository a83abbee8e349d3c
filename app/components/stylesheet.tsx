// The shop's stylesheet, written into each page in production (issue 16): the first paint then
// waits for no second request, which on a slow mobile connection is a round trip before
// anything shows. 9 kB gzipped inside a document that is compressed anyway; client-side
// navigations never fetch it again. In development Vite serves it as a file (hot reload).
import { createContext, useContext, useEffect } from "react";

/** Set by the server's renderer: the built stylesheet's text. */
export const StylesheetTextContext = createContext<string | null>(null);

// In the browser, the text the server wrote into the page, read once, so that hydration
// renders the same element with the same text (the browser bundle does not carry it).
const written = typeof document === "undefined" ? null : (document.querySelector("style[data-stylesheet]")?.textContent ?? null);

export function Stylesheet({ href }: { href: string }) {
  const text = useContext(StylesheetTextContext) ?? written;
  // A browser that has the file (its cookie says so: server/stylesheet.server.ts) gets a link to it.
  if (import.meta.env.DEV || text === null) return <link rel="stylesheet" href={href} precedence="default" />;
  // Carried in the page; the file is asked for once the page is done, and its answer's cookie
  // has the next page link it (issue 43: 42 kB less in each page of a repeat visit). A prefetch in
  // the page itself went out before hydration, 10 kB on a slow link: with scripts it is added once
  // the page has loaded; without, the <noscript> one asks (nothing hydrates then).
  return (
    <>
      <style data-stylesheet={href} dangerouslySetInnerHTML={{ __html: text }} />
      <noscript>
        <link rel="prefetch" href={href} as="style" />
      </noscript>
      <PrefetchOnceLoaded href={href} />
    </>
  );
}

function PrefetchOnceLoaded({ href }: { href: string }) {
  useEffect(() => {
    const prefetch = () => {
      const link = document.createElement("link");
      Object.assign(link, { rel: "prefetch", href, as: "style" });
      document.head.append(link);
    };
    if (document.readyState === "complete") prefetch();
    else window.addEventListener("load", prefetch, { once: true });
    return () => window.removeEventListener("load", prefetch);
  }, [href]);
  return null;
}
