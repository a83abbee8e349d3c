import { preload } from "react-dom";
import { Link } from "react-router";
import { HOME_BANNER_DELAY_MS, PROMOS, STORE_CAROUSEL_DELAY_MS, STORES, TRUST_BADGES } from "../../content/home.ts";
import type { Banner } from "../../content/home.hi.ts";
import { later } from "../later.tsx";
import { useI18n } from "../i18n.tsx";
import { AfterHydration, Img } from "../ui/Img.tsx";

// The strips scroll by CSS and their links work as they are; turning by itself and the arrows come once the page has hydrated.
const Carousel = later(import.meta.env.SSR ? await import("../Carousel.tsx") : () => import("../Carousel.tsx"), "Carousel");

// The content's words (content/home.ts) are marked there and translated here, as they are shown.

/** The offers' banners: the page's language's pictures (the loader's choice, content/home.hi.ts). */
export function HomeBanners({ banners }: { banners: readonly Banner[] }) {
  const i18n = useI18n();
  // The first banner is the page's largest paint: its image for this screen is fetched first,
  // at high priority (React can't preload an image inside <picture> by itself).
  const first = banners[0];
  if (first) {
    preload(first.mobile, { as: "image", fetchPriority: "high", media: "(max-width: 768px)" });
    preload(first.desktop, { as: "image", fetchPriority: "high", media: "(min-width: 769px)" });
  }
  return (
    <Carousel
      id="offers"
      label={i18n._("Offers")}
      delay={HOME_BANNER_DELAY_MS}
      slides={banners.map((b, i) => (
        <Link to={b.to} className="block">
          <AfterHydration lazy={i > 0} box={{ width: 1600, height: 500, alt: i18n._(b.alt), className: "h-auto w-full" }}>
            <picture>
              <source media="(max-width: 768px)" srcSet={b.mobile} width={768} height={640} />
              <img
                src={b.desktop}
                alt={i18n._(b.alt)}
                width={1600}
                height={500}
                // The first slide is the page's main picture; the others are fetched once hydrated.
                loading={i === 0 ? "eager" : undefined}
                fetchPriority={i === 0 ? "high" : undefined}
                className="h-auto w-full"
              />
            </picture>
          </AfterHydration>
        </Link>
      ))}
    />
  );
}

export function StoreCarousel() {
  const i18n = useI18n();
  return (
    <Carousel
      id="store"
      label={i18n._("Photos of our store")}
      delay={STORE_CAROUSEL_DELAY_MS}
      slideClass="w-4/5 pr-3 md:w-1/2"
      slides={STORES.map((s) => (
        <figure>
          <Img src={s.image} alt={i18n._(s.alt)} width={1200} height={800} loading="lazy" className="aspect-[3/2] w-full rounded-lg object-cover" />
          <figcaption className="mt-2 text-sm text-stone-700">{i18n._(s.caption)}</figcaption>
        </figure>
      ))}
    />
  );
}

const PROMO_TONES = {
  dark: { card: "bg-[#0f4a3b] text-[#fdf6e3]", button: "bg-[#d4a437] text-[#2a1a05] hover:bg-[#e0b552]" },
  light: { card: "bg-[#f5ead0] text-[#2f3a1c]", button: "bg-brand-700 text-white hover:bg-brand-800" },
} as const;

/**
 * Two promo cards. Each has one title, one line of text and one button, in HTML beside a
 * picture that carries no words, so they stay readable from a phone to a laptop.
 */
export function PromoCards() {
  const i18n = useI18n();
  return (
    <section aria-label={i18n._("Promotions")} className="mx-auto mt-10 grid max-w-7xl gap-4 px-4 md:grid-cols-2">
      {PROMOS.map((p, i) => {
        const tone = PROMO_TONES[p.tone];
        const titleId = `promo-${i + 1}-title`;
        return (
          <article key={p.title} aria-labelledby={titleId} className={`flex items-center gap-4 overflow-hidden rounded-xl p-5 sm:p-6 ${tone.card}`}>
            <div className="min-w-0 flex-1">
              <h2 id={titleId} className="font-serif text-2xl font-semibold md:text-3xl">
                {i18n._(p.title)}
              </h2>
              <p className="mt-2 text-base">{i18n._(p.text)}</p>
              <Link to={p.to} aria-label={i18n._("Shop now: {title}", { title: i18n._(p.title) })} className={`mt-4 inline-block rounded-full px-5 py-2.5 font-semibold ${tone.button}`}>
                {i18n._("Shop now")}
              </Link>
            </div>
            <Img src={p.image} alt="" width={400} height={400} loading="lazy" className="h-28 w-28 shrink-0 sm:h-40 sm:w-40 lg:h-48 lg:w-48" />
          </article>
        );
      })}
    </section>
  );
}

export function TrustBadges() {
  const i18n = useI18n();
  return (
    <section aria-label={i18n._("Why shop with us")} className="mx-auto mt-10 max-w-7xl px-4">
      <ul className="grid grid-cols-2 gap-4 rounded-xl bg-brand-50 p-6 md:grid-cols-4">
        {TRUST_BADGES.map((b) => (
          <li key={b.title} className="text-center">
            <p className="font-semibold text-brand-800">{i18n._(b.title)}</p>
            <p className="mt-1 text-sm text-stone-700">{i18n._(b.text)}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
