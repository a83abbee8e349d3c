// The shop's public pages, for /sitemap.xml: add a page here when it is built.
export const SITEMAP_PAGES = ["/", "/products", "/contact", "/PrivacyPolicy", "/termsandconditions", "/cancellationandrefundpolicy", "/shippinganddelivery"] as const;
