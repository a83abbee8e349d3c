// Every state-changing request must come from Haat's own pages (DESIGN.md, security
// rules). Browsers send Sec-Fetch-Site and Origin with every POST; a request with
// neither is not a browser's, and cannot carry a shopper's cookies across sites.
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export interface RequestFacts {
  method: string;
  host: string | undefined;
  origin: string | undefined;
  secFetchSite: string | undefined;
}

export function isCrossSiteWrite(r: RequestFacts): boolean {
  if (SAFE_METHODS.has(r.method.toUpperCase())) return false;
  // Sec-Fetch-Site, where the browser sends it, is the browser's own verdict; Origin can be
  // "null" for a same-origin form on a page with a strict referrer policy.
  if (r.secFetchSite) return r.secFetchSite !== "same-origin" && r.secFetchSite !== "none";
  if (r.origin !== undefined) {
    if (r.origin === "null") return true;
    try {
      return new URL(r.origin).host !== r.host;
    } catch {
      return true;
    }
  }
  return false;
}
