// The web app manifest (issue 26 part 1): what a phone needs to offer 'Add to Home screen' and
// install the shop: its names, the brand's colours, where it opens, and the icons
// scripts/draw-images.ts draws. Shortcuts lead to the cart, the orders and the shop's search.
import { store } from "./store-config.ts";

/** The brand's green (brand-700): the toolbar and the splash screen's accents. */
export const THEME_COLOR = "#2f5616";
/** The page's own white (app.css `--color-surface`): the splash screen behind the icon. */
export const BACKGROUND_COLOR = "#ffffff";

export interface ManifestIcon {
  src: string;
  sizes: string;
  type: "image/png";
  purpose?: "any" | "maskable";
}

export const MANIFEST_ICONS: readonly ManifestIcon[] = [
  { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
  { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
  { src: "/icons/icon-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
];

export function webAppManifest() {
  const shortcutIcons = [{ src: "/icons/icon-192.png", sizes: "192x192", type: "image/png" }];
  return {
    id: "/",
    name: `${store.name}: ${store.tagline}`,
    short_name: store.name,
    description: `${store.tagline}. ${store.deliveryPromise} in Gurugram.`,
    lang: "en-IN",
    dir: "ltr",
    start_url: "/",
    scope: "/",
    display: "standalone",
    orientation: "portrait",
    theme_color: THEME_COLOR,
    background_color: BACKGROUND_COLOR,
    categories: ["shopping", "food"],
    icons: MANIFEST_ICONS,
    shortcuts: [
      { name: "Cart", short_name: "Cart", description: "Your cart", url: "/addtocart", icons: shortcutIcons },
      { name: "Orders", short_name: "Orders", description: "Your orders", url: "/orders", icons: shortcutIcons },
      { name: "Search", short_name: "Search", description: "Search the shop", url: "/products", icons: shortcutIcons },
    ],
  };
}
