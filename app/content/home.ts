// The home page's fixed content (browsing §2). Images are drawn by scripts/draw-images.ts.
export const BANNERS = [
  { desktop: "/images/banners/desktop/banner-1.svg", mobile: "/images/banners/mobile/banner-1.svg", alt: "Fresh from the farm: seasonal produce, delivered tomorrow" },
  { desktop: "/images/banners/desktop/banner-2.svg", mobile: "/images/banners/mobile/banner-2.svg", alt: "Gourmet gifting: hampers and tea sets for every occasion" },
  { desktop: "/images/banners/desktop/banner-3.svg", mobile: "/images/banners/mobile/banner-3.svg", alt: "Pantry staples: rice, dals and atta at everyday prices" },
];

export const STORES = [
  { image: "/images/stores/store-1.svg", caption: "Our flagship market, Gurugram" },
  { image: "/images/stores/store-2.svg", caption: "The café counter" },
  { image: "/images/stores/store-3.svg", caption: "Gourmet aisle" },
  { image: "/images/stores/store-4.svg", caption: "Farm basket corner" },
];

export const PROMOS = [
  { image: "/images/promos/promo-1.svg", title: "Stock up the pantry", text: "Rice, dals, atta and spices, picked by our grocers." },
  { image: "/images/promos/promo-2.svg", title: "Gifts worth giving", text: "Hampers, tea sets and planters for every celebration." },
];

export const TRUST_BADGES = [
  { title: "Premium Quality", text: "Hand-picked by our grocers" },
  { title: "Swift Shipping", text: "Delivery tomorrow in Gurugram" },
  { title: "Easy Return", text: "Damaged or defective? We make it right" },
  { title: "24/7 Support", text: "We are here when you need us" },
];

export const HOME_BANNER_DELAY_MS = 4000;
export const STORE_CAROUSEL_DELAY_MS = 6000;
export const NEW_PRODUCTS_COUNT = 10;
