// The shop's public pages, for /sitemap.xml (blog posts and the catalogue are added from their data).
export const SITEMAP_PAGES = [
  "/",
  "/products",
  "/aboutus",
  "/contact",
  "/blog",
  "/PrivacyPolicy",
  "/termsandconditions",
  "/cancellationandrefundpolicy",
  "/shippinganddelivery",
  "/landingpage",
  "/marketplace",
  "/artisanalcafe",
  "/streetfoodgully",
  "/testimonial",
  "/googleform",
] as const;
