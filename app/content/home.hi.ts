// The home page's banners on the Hindi home page (issue 41 item 12): the same offers, links and
// alt texts (messages, translated where shown) as content/home.ts, with pictures that say their
// words in Hindi (banner-N.hi.svg, drawn by scripts/draw-images.ts). Chosen by the home page's
// loader, so a page names only its own language's pictures.
import { BANNERS } from "./home.ts";

export type Banner = (typeof BANNERS)[number];

export const BANNERS_HI: Banner[] = BANNERS.map((b) => ({ ...b, desktop: b.desktop.replace(/\.svg$/, ".hi.svg"), mobile: b.mobile.replace(/\.svg$/, ".hi.svg") }));
