import { TESTIMONIAL_AUTOPLAY_MS, TESTIMONIALS } from "../../content/brand.ts";
import { Carousel } from "../Carousel.tsx";
import { Stars } from "../ui/Stars.tsx";
import { useI18n } from "../i18n.tsx";

/**
 * The guest testimonials: a scroll-snap strip with a link to each, autoplaying every 2.5 s
 * once JavaScript runs (unless the shopper prefers reduced motion). Their words (content/brand.ts)
 * are translated as shown, where the catalogue has them; names and places are not.
 */
export function Testimonials({ heading }: { heading?: string }) {
  const i18n = useI18n();
  return (
    <section aria-labelledby="testimonials-title" className="mx-auto max-w-5xl px-4 py-10">
      <h2 id="testimonials-title" className="mb-4 text-2xl font-semibold">
        {heading ?? i18n._("What our guests say")}
      </h2>
      <Carousel
        id="testimonials"
        label={i18n._("Guest testimonials")}
        delay={TESTIMONIAL_AUTOPLAY_MS}
        slideClass="w-full p-2 md:w-1/2"
        slides={TESTIMONIALS.map((t) => (
          <figure key={t.name} className="h-full rounded-lg border border-stone-200 bg-surface p-5">
            <p>
              <Stars rating={t.rating} label={i18n._("{rating} out of 5 stars", { rating: t.rating })} />
            </p>
            <blockquote className="mt-2">
              <p className="font-semibold">{i18n._(t.title)}</p>
              <p className="mt-2 text-stone-700">{i18n._(t.text)}</p>
            </blockquote>
            <figcaption className="mt-3 flex items-center gap-3 text-sm">
              <span aria-hidden="true" className="flex h-10 w-10 items-center justify-center rounded-full bg-brand-100 font-bold text-brand-800">
                {t.name
                  .split(" ")
                  .map((w) => w[0])
                  .join("")}
              </span>
              <span>
                <span className="block font-medium">{t.name}</span>
                <span className="text-stone-600">
                  {i18n._(t.role)}, {t.location}
                </span>
              </span>
            </figcaption>
          </figure>
        ))}
      />
    </section>
  );
}
