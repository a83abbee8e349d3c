// The id of the request that rendered this document (issue 10 point 10): the server puts
// it in a meta tag and error pages show it, so a shopper's report can be found in the log.
import { createContext, useContext } from "react";
import { useLocation } from "react-router";

/** Set by the server's renderer around the whole page. */
export const RequestIdContext = createContext<string | null>(null);

// In the browser, the id the server wrote into the page, read once: hydration must render
// the same meta tag as the server did.
const rendered = typeof document === "undefined" ? null : (document.querySelector('meta[name="request-id"]')?.getAttribute("content") ?? null);

/** The document's request id (for its meta tag). */
export function useDocumentRequestId(): string | null {
  return useContext(RequestIdContext) ?? rendered;
}

/**
 * The id to quote on an error page: only for the page the server rendered. After a
 * navigation in the browser the error came from another request, whose id the page never
 * saw, so none is shown rather than a wrong one.
 */
export function useErrorRequestId(): string | null {
  const id = useDocumentRequestId();
  return useLocation().key === "default" ? id : null;
}
