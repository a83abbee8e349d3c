// The home page's fixed content (browsing §2). Images are drawn by scripts/draw-images.ts.
export const BANNERS = [
  { desktop: "/images/banners/desktop/banner-1.svg", mobile: "/images/banners/mobile/banner-1.svg", alt: "Fresh from the farm: seasonal produce, delivered tomorrow" },
  { desktop: "/images/banners/desktop/banner-2.svg", mobile: "/images/banners/mobile/banner-2.svg", alt: "Gourmet gifting: hampers and tea sets for every occasion" },
  { desktop: "/images/banners/desktop/banner-3.svg", mobile: "/images/banners/mobile/banner-3.svg", alt: "Pantry staples: rice, dals and atta at everyday prices" },
];

// Each alt text says what its picture shows (it is the picture's own <title>, kept equal by
// tests/e2e/home.spec.ts); the caption names the place.
export const STORES = [
  { image: "/images/stores/store-1.svg", caption: "Our flagship market, Gurugram", alt: "The Haat store front in Gurugram, with a striped awning and window displays" },
  { image: "/images/stores/store-2.svg", caption: "The Grocers Pick aisle", alt: "Inside the Haat grocery: shelves of rice, dals, spices and dry fruits" },
  { image: "/images/stores/store-3.svg", caption: "The café counter", alt: "The Haat café corner with a coffee counter, menu board and tables" },
  { image: "/images/stores/store-4.svg", caption: "Farm basket corner", alt: "The Farm Basket stand at Haat, with crates of fresh vegetables and fruit" },
  { image: "/images/stores/store-5.svg", caption: "Street Food Gully", alt: "The Street Food Gully at Haat at dusk: golgappe, kathi roll and kulfi stalls under string lights" },
];

// The promo pictures carry no words: each card's one title, text and button are HTML.
export const PROMOS = [
  {
    image: "/images/promos/promo-1.svg",
    title: "Gourmet hampers",
    text: "Curated for every celebration, gift-wrapped and delivered tomorrow.",
    to: "/products?category=gifting&sub=hamper",
    tone: "dark",
  },
  {
    image: "/images/promos/promo-2.svg",
    title: "Go organic",
    text: "Millets, quinoa, dals and greens from growers we know.",
    to: "/products?search=organic",
    tone: "light",
  },
] as const;

export const TRUST_BADGES = [
  { title: "Premium Quality", text: "Hand-picked by our grocers" },
  { title: "Swift Shipping", text: "Delivery tomorrow in Gurugram" },
  { title: "Easy Return", text: "Damaged or defective? We make it right" },
  { title: "24/7 Support", text: "We are here when you need us" },
];

export const HOME_BANNER_DELAY_MS = 4000;
export const STORE_CAROUSEL_DELAY_MS = 6000;
export const NEW_PRODUCTS_COUNT = 10;
