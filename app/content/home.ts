// The home page's fixed content (Specification: Home page). Images are drawn by scripts/draw-images.ts.
// Its words are English here, marked /*i18n*/ for the extractor, and translated where shown
// (components/home/HomeSections.tsx).
import { store } from "../domain/store-config.ts";

// Each banner leads to the category its picture shows and its button names ('Shop Farm Basket',
// 'Explore Gifting', 'Stock up now' on pantry staples): the category tiles' URLs.
export const BANNERS = [
  {
    desktop: "/images/banners/desktop/banner-1.svg",
    mobile: "/images/banners/mobile/banner-1.svg",
    alt: /*i18n*/ "Fresh from the farm: seasonal produce, delivered tomorrow",
    to: "/products?category=farm-basket",
  },
  {
    desktop: "/images/banners/desktop/banner-2.svg",
    mobile: "/images/banners/mobile/banner-2.svg",
    alt: /*i18n*/ "Gourmet gifting: hampers and tea sets for every occasion",
    to: "/products?category=gifting",
  },
  {
    desktop: "/images/banners/desktop/banner-3.svg",
    mobile: "/images/banners/mobile/banner-3.svg",
    alt: /*i18n*/ "Pantry staples: rice, dals and atta at everyday prices",
    to: "/products?category=grocers-pick",
  },
];

// Each alt text says what its picture shows (it is the picture's own <title>, kept equal by
// tests/e2e/home.spec.ts); the caption names the place.
export const STORES = [
  {
    image: "/images/stores/store-1.svg",
    caption: /*i18n*/ "Our flagship market, Gurugram",
    alt: /*i18n*/ "The Haat store front in Gurugram, with a striped awning and window displays",
  },
  { image: "/images/stores/store-2.svg", caption: /*i18n*/ "The Grocers Pick aisle", alt: /*i18n*/ "Inside the Haat grocery: shelves of rice, dals, spices and dry fruits" },
  { image: "/images/stores/store-3.svg", caption: /*i18n*/ "The café counter", alt: /*i18n*/ "The Haat café corner with a coffee counter, menu board and tables" },
  { image: "/images/stores/store-4.svg", caption: /*i18n*/ "Farm basket corner", alt: /*i18n*/ "The Farm Basket stand at Haat, with crates of fresh vegetables and fruit" },
  {
    image: "/images/stores/store-5.svg",
    caption: /*i18n*/ "Street Food Gully",
    alt: /*i18n*/ "The Street Food Gully at Haat at dusk: golgappe, kathi roll and kulfi stalls under string lights",
  },
];

// The promo pictures carry no words: each card's one title, text and button are HTML.
export const PROMOS = [
  {
    image: "/images/promos/promo-1.svg",
    title: /*i18n*/ "Gourmet hampers",
    text: /*i18n*/ "Curated for every celebration, gift-wrapped and delivered tomorrow.",
    to: "/products?category=gifting&sub=hamper",
    tone: "dark",
  },
  {
    image: "/images/promos/promo-2.svg",
    title: /*i18n*/ "Go organic",
    text: /*i18n*/ "Millets, quinoa, dals and greens from growers we know.",
    to: "/products?search=organic",
    tone: "light",
  },
] as const;

export const TRUST_BADGES = [
  { title: /*i18n*/ "Premium Quality", text: /*i18n*/ "Hand-picked by our grocers" },
  { title: /*i18n*/ "Swift Shipping", text: /*i18n*/ "Delivery tomorrow in Gurugram" },
  { title: /*i18n*/ "Easy Return", text: /*i18n*/ "Damaged or defective? We make it right" },
  // Support keeps the footer's hours (store-config), so the two can never disagree.
  { title: /*i18n*/ "Helpful Support", text: store.support.hours },
];

export const HOME_BANNER_DELAY_MS = 4000;
export const STORE_CAROUSEL_DELAY_MS = 6000;
export const NEW_PRODUCTS_COUNT = 10;
