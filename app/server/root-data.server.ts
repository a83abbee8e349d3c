// What every page's root data says of the shop and the request, apart from the shopper, a
// toast and a form's reply: the root loader's, and the splice's for the parts it renders (issue 30).
import type { RouterContextProvider } from "react-router";
import type { RootData } from "../components/root-data.ts";
import { readsIfAny } from "./ways-in.server.ts";
import { HINDI_FONT } from "./devanagari-font.server.ts";
import { appEnv, paymentOffer } from "./env.server.ts";
import { geocoderConfigured, mapConfig } from "./geo/geocoder.server.ts";
import { HINDI_CATALOGUE_URL, HINDI_READER_URL, localeOf } from "./i18n.server.ts";
import { liteModeOf } from "./lite-mode.server.ts";

export type RootFacts = Omit<RootData, "viewer" | "toast" | "honeypot" | "flashed">;

export function rootFactsOf(request: Request, context: Readonly<RouterContextProvider>): RootFacts {
  const locale = localeOf(request);
  return {
    locale,
    font: locale === "hi" ? HINDI_FONT : null,
    catalogue: locale === "hi" ? HINDI_CATALOGUE_URL : null,
    reader: locale === "hi" ? HINDI_READER_URL : null,
    origin: appEnv().publicOrigin,
    // No Shop (a bare react-router-serve): nothing can be paid for.
    payments: paymentOffer(readsIfAny(context)?.capabilities.onlinePayment ?? false),
    geocoder: geocoderConfigured(appEnv()),
    map: mapConfig(appEnv()),
    lite: liteModeOf(request),
  };
}
