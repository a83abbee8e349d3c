// The store's own details, in one place a deployer edits. Every value here is a
// clearly fictional demo value: replace them before going live.
export const store = {
  name: "Haat",
  tagline: /*i18n*/ "Grocery, gourmet & more from Gurugram",
  company: {
    legalName: "Haat Retail Private Limited (demo)",
    address: "Plot 00, Demo Market, Sector 00, Gurugram, Haryana 122000, India",
    registration: "CIN U00000HR2026PTC000000 (demo)",
    fssaiLicence: "FSSAI Lic. No. 00000000000000 (demo)",
    // A well-formed but fictional GSTIN (its check character is right; the PAN is not
    // issued). Haryana's state code is 06: orders delivered in Haryana carry CGST and SGST,
    // orders delivered in any other state IGST (app/domain/invoice-tax.ts).
    gstin: "06AAACH0000A1ZV",
    state: "Haryana",
  },
  support: {
    hours: /*i18n*/ "Monday–Friday 10am–06pm",
    phone: "+91 00000 00000",
    email: "support@haat.example",
  },
  // An empty address is a page not open yet: the footer and the blog both show it as 'coming soon'.
  social: {
    linkedin: "https://www.linkedin.com/company/haat-demo",
    facebook: "",
    instagram: "",
  },
  apps: {
    android: { note: /*i18n*/ "Download App Get -10% Discount", url: "" },
    ios: { note: /*i18n*/ "Download App Get -20% Discount", url: "" },
  },
  deliveryPromise: /*i18n*/ "Delivery Tomorrow",
  prepaidDiscountPercent: 5,
} as const;

/** Header navigation labels; their paths follow the rule of Specification: Header (see navPath). */
export const NAV_LABELS = [/*i18n*/ "Home", /*i18n*/ "Shop Retail", /*i18n*/ "Blog", /*i18n*/ "About Us"] as const;

/**
 * Specification: The shop: the shop's categories, used as search prompts. Category names, and what the
 * search understands: they stay English on Hindi pages too, inside a translated "Search for …".
 */
export const SEARCH_PROMPTS = ["sugar", "rice", "dry fruits", "pulses", "snacks", "oil and ghee", "flour and atta", "spices", "biscuits", "beverages"] as const;

/** The social pages, in the footer's order; one without an address is 'coming soon', never a link. */
export const SOCIAL_LINKS = [
  { label: "LinkedIn", href: store.social.linkedin },
  { label: "Facebook", href: store.social.facebook },
  { label: "Instagram", href: store.social.instagram },
] as const satisfies readonly { label: string; href: string }[];

export const FOOTER_LINKS = [
  { label: /*i18n*/ "Contact Us", to: "/contact" },
  { label: /*i18n*/ "Privacy Policy", to: "/PrivacyPolicy" },
  { label: /*i18n*/ "Shipping & Delivery", to: "/shippinganddelivery" },
  { label: /*i18n*/ "Terms & Conditions", to: "/termsandconditions" },
  { label: /*i18n*/ "Cancellation & Refund Policy", to: "/cancellationandrefundpolicy" },
] as const;
