// For the components' unit tests: a component as the server renders it inside a page, with the
// root's data (a viewer or none) in English or under /hi; and the text a reader sees of it.
import { createElement, type ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { NO_HONEYPOT, type RootData, type Viewer } from "./root-data.ts";

export function rootData(viewer: Viewer | null, locale: "en" | "hi"): RootData {
  return {
    locale,
    font: null,
    catalogue: null,
    reader: null,
    viewer,
    toast: null,
    origin: "https://haat.example",
    honeypot: NO_HONEYPOT,
    flashed: null,
    payments: { online: false, prepaidPercent: 0 },
    geocoder: false,
    map: null,
    lite: { on: false, why: null },
  };
}

/** The component's HTML at `path` (in the page's language: under /hi for Hindi). */
export function renderedInPage(element: () => ReactNode, { hindi = false, viewer = null as Viewer | null, path = "/" } = {}): string {
  const root = rootData(viewer, hindi ? "hi" : "en");
  const router = createMemoryRouter([{ id: "root", path: "*", Component: element, loader: () => root }], {
    basename: hindi ? "/hi" : "/",
    initialEntries: [hindi ? `/hi${path === "/" ? "/" : path}` : path],
    hydrationData: { loaderData: { root } },
  });
  return renderToString(createElement(RouterProvider, { router }));
}

/** The page's visible text: tags gone, entities read, spaces as one. */
export function textOf(html: string): string {
  return html
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim();
}
