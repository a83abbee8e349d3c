import { Link } from "react-router";
import { BANNERS, HOME_BANNER_DELAY_MS, PROMOS, STORE_CAROUSEL_DELAY_MS, STORES, TRUST_BADGES } from "../../content/home.ts";
import { Carousel } from "../Carousel.tsx";

export function HomeBanners() {
  return (
    <Carousel
      label="Offers"
      delay={HOME_BANNER_DELAY_MS}
      slides={BANNERS.map((b, i) => (
        <Link to="/shopretail" className="block">
          <picture>
            <source media="(max-width: 768px)" srcSet={b.mobile} width={768} height={640} />
            <img src={b.desktop} alt={b.alt} width={1600} height={500} loading={i === 0 ? "eager" : "lazy"} fetchPriority={i === 0 ? "high" : undefined} className="h-auto w-full" />
          </picture>
        </Link>
      ))}
    />
  );
}

export function StoreCarousel() {
  return (
    <Carousel
      label="Our Store"
      delay={STORE_CAROUSEL_DELAY_MS}
      slideClass="w-4/5 pr-3 md:w-1/2"
      slides={STORES.map((s) => (
        <figure>
          <img src={s.image} alt={s.caption} width={1200} height={800} loading="lazy" className="aspect-[3/2] w-full rounded-lg object-cover" />
          <figcaption className="mt-2 text-sm text-stone-700">{s.caption}</figcaption>
        </figure>
      ))}
    />
  );
}

export function PromoCards() {
  return (
    <section aria-label="Promotions" className="mx-auto mt-10 grid max-w-7xl gap-4 px-4 md:grid-cols-2">
      {PROMOS.map((p) => (
        <Link key={p.title} to="/shopretail" className="group relative block overflow-hidden rounded-xl">
          <img src={p.image} alt="" width={800} height={500} loading="lazy" className="aspect-[8/5] w-full object-cover transition group-hover:scale-[1.02]" />
          <span className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-black/80 to-transparent p-5 text-white">
            <span className="block text-xl font-semibold">{p.title}</span>
            <span className="block text-sm">{p.text}</span>
            <span className="mt-2 inline-block rounded bg-white px-3 py-1 text-sm font-medium text-stone-900">Shop now</span>
          </span>
        </Link>
      ))}
    </section>
  );
}

export function TrustBadges() {
  return (
    <section aria-label="Why shop with us" className="mx-auto mt-10 max-w-7xl px-4">
      <ul className="grid grid-cols-2 gap-4 rounded-xl bg-brand-50 p-6 md:grid-cols-4">
        {TRUST_BADGES.map((b) => (
          <li key={b.title} className="text-center">
            <p className="font-semibold text-brand-800">{b.title}</p>
            <p className="mt-1 text-sm text-stone-700">{b.text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
