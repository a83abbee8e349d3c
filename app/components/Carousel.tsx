import { useEffect, useRef, type ReactNode } from "react";
import "swiper/css";

/**
 * Slides in a CSS scroll-snap strip; once JavaScript runs, swiper (loaded only by the
 * pages that show a carousel) takes the same markup over and autoplays it.
 */
export function Carousel({ label, delay, slides, slideClass = "w-full" }: { label: string; delay: number; slides: ReactNode[]; slideClass?: string }) {
  const el = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const node = el.current;
    if (!node || slides.length < 2) return;
    const still = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    let swiper: { destroy(): void } | undefined;
    let cancelled = false;
    import("./mount-swiper.ts").then(({ mountSwiper }) => {
      if (!cancelled) swiper = mountSwiper(node, delay, still);
    });
    return () => {
      cancelled = true;
      swiper?.destroy();
    };
  }, [delay, slides.length]);
  return (
    // Focusable, so that without JavaScript the scroll-snap strip scrolls by keyboard too.
    <div ref={el} className="carousel swiper" role="region" aria-roledescription="carousel" aria-label={label} tabIndex={0}>
      <div className="swiper-wrapper">
        {slides.map((slide, i) => (
          <div key={i} className={`swiper-slide ${slideClass}`} role="group" aria-roledescription="slide" aria-label={`${i + 1} of ${slides.length}`}>
            {slide}
          </div>
        ))}
      </div>
    </div>
  );
}
