import { store } from "../../domain/store-config.ts";

/** The home page's LocalBusiness JSON-LD (issue 5), from the store configuration. */
export function localBusinessJsonLd(origin: string) {
  return {
    "@context": "https://schema.org",
    "@type": "GroceryStore",
    name: store.name,
    legalName: store.company.legalName,
    url: `${origin}/`,
    logo: `${origin}/images/logo.svg`,
    email: store.support.email,
    telephone: store.support.phone,
    address: { "@type": "PostalAddress", streetAddress: store.company.address, addressLocality: "Gurugram", addressRegion: "Haryana", addressCountry: "IN" },
    openingHours: "Mo-Fr 10:00-18:00",
    areaServed: "Gurugram",
    currenciesAccepted: "INR",
    paymentAccepted: "Cash, Credit Card, UPI",
  };
}
