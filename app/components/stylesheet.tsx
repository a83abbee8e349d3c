// The shop's stylesheet, written into each page in production (issue 16): the first paint then
// waits for no second request, which on a slow mobile connection is a round trip before
// anything shows. 9 kB gzipped inside a document that is compressed anyway; client-side
// navigations never fetch it again. In development Vite serves it as a file (hot reload).
import { createContext, useContext } from "react";

/** Set by the server's renderer: the built stylesheet's text. */
export const StylesheetTextContext = createContext<string | null>(null);

// In the browser, the text the server wrote into the page, read once, so that hydration
// renders the same element with the same text (the browser bundle does not carry it).
const written = typeof document === "undefined" ? null : (document.querySelector("style[data-stylesheet]")?.textContent ?? null);

export function Stylesheet({ href }: { href: string }) {
  const text = useContext(StylesheetTextContext) ?? written;
  if (import.meta.env.DEV || text === null) return <link rel="stylesheet" href={href} precedence="default" />;
  return <style data-stylesheet={href} dangerouslySetInnerHTML={{ __html: text }} />;
}
