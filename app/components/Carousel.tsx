import { useCallback, useEffect, useRef, useState, type FocusEvent, type MouseEvent, type ReactNode } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { useI18n, carryMessages } from "./i18n.tsx";
import { useLiteMode } from "./root-data.ts";

export type AutoplayState = "off" | "running" | "paused";

/**
 * A carousel that needs no library (swiper used to take this over and cost ~21 kB of gzip
 * JavaScript for what a scroll-snap strip and these few lines do): the slides are a horizontal CSS
 * scroll-snap strip, and below it one link per slide ("Go to slide n", a plain
 * `#<id>-slide-n` anchor), so without JavaScript every slide can be reached by the links,
 * by swiping, or by the arrow keys once the strip has focus.
 *
 * Once React has hydrated, the links scroll the strip smoothly instead of jumping, and
 * Previous / Next buttons and a button that stops or starts the slide show appear. Autoplay
 * moves to the next slide every `delay` ms (wrapping round), pauses while the pointer is over
 * the carousel or focus is inside it, stops for good when the shopper presses Stop, and never
 * starts when the shopper prefers reduced motion. Its state is in `data-autoplay`
 * ("off", "running" or "paused").
 */
export function Carousel({ id, label, delay, slides, slideClass = "w-full" }: { id: string; label: string; delay: number; slides: ReactNode[]; slideClass?: string }) {
  const track = useRef<HTMLDivElement>(null);
  const hydrated = useHydrated();
  const count = slides.length;
  const [current, setCurrent] = useState(0);
  const [reducedMotion, setReducedMotion] = useState(true);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [stopped, setStopped] = useState(false);
  const i18n = useI18n();
  carryMessages(i18n, ["Slide {number} of {count}", "Previous slide", "Next slide"]);

  // Lite mode (issue 26): nothing moves by itself.
  const lite = useLiteMode().on;
  const autoplay: AutoplayState = !hydrated || reducedMotion || lite || stopped || count < 2 ? "off" : hovered || focused ? "paused" : "running";

  useEffect(() => {
    const query = window.matchMedia("(prefers-reduced-motion: reduce)");
    const update = () => setReducedMotion(query.matches);
    update();
    query.addEventListener("change", update);
    return () => query.removeEventListener("change", update);
  }, []);

  /** The slide nearest the strip's left edge, and whether the strip is scrolled to its end. */
  const position = useCallback(() => {
    const strip = track.current;
    if (!strip) return { nearest: 0, atEnd: false };
    const items = Array.from(strip.children) as HTMLElement[];
    const origin = items[0]?.offsetLeft ?? 0;
    let nearest = 0;
    items.forEach((item, i) => {
      if (Math.abs(item.offsetLeft - origin - strip.scrollLeft) < Math.abs(items[nearest]!.offsetLeft - origin - strip.scrollLeft)) nearest = i;
    });
    return { nearest, atEnd: strip.scrollLeft >= strip.scrollWidth - strip.clientWidth - 2 };
  }, []);

  const go = useCallback(
    (index: number) => {
      const strip = track.current;
      if (!strip) return;
      const items = Array.from(strip.children) as HTMLElement[];
      const target = items[((index % count) + count) % count];
      if (!target) return;
      strip.scrollTo({ left: target.offsetLeft - items[0]!.offsetLeft, behavior: reducedMotion ? "auto" : "smooth" });
    },
    [count, reducedMotion],
  );

  const next = useCallback(() => {
    const { nearest, atEnd } = position();
    go(atEnd ? 0 : nearest + 1);
  }, [go, position]);

  const previous = () => go(position().nearest - 1);

  // The current slide follows the strip, however it was scrolled (buttons, links, swipe, keys).
  useEffect(() => {
    const strip = track.current;
    if (!strip) return;
    let frame = 0;
    const onScroll = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const { nearest, atEnd } = position();
        setCurrent(atEnd ? count - 1 : nearest);
      });
    };
    strip.addEventListener("scroll", onScroll, { passive: true });
    return () => {
      strip.removeEventListener("scroll", onScroll);
      cancelAnimationFrame(frame);
    };
  }, [count, position]);

  useEffect(() => {
    if (autoplay !== "running") return;
    const timer = window.setInterval(next, delay);
    return () => window.clearInterval(timer);
  }, [autoplay, delay, next]);

  const onDot = (event: MouseEvent<HTMLAnchorElement>, index: number) => {
    event.preventDefault();
    go(index);
  };
  // Start (as in the ARIA carousel pattern) resumes even though focus is on the button.
  const toggleAutoplay = () => {
    if (stopped) setFocused(false);
    setStopped(!stopped);
  };
  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
  };

  const button = "flex h-10 w-10 items-center justify-center rounded-full border border-stone-300 bg-surface text-stone-800 shadow-sm hover:bg-stone-100";
  return (
    <section
      aria-roledescription={i18n._("carousel")}
      aria-label={label}
      data-autoplay={autoplay}
      onPointerEnter={() => setHovered(true)}
      onPointerLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={onBlur}
    >
      <div
        ref={track}
        // A scroll container: focusable, so the strip scrolls by keyboard too (axe's
        // scrollable-region-focusable), with or without JavaScript.
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        tabIndex={0}
        className="flex snap-x snap-mandatory overflow-x-auto overscroll-x-contain rounded-lg [scrollbar-width:thin]"
      >
        {slides.map((slide, i) => (
          <div
            key={i}
            id={`${id}-slide-${i + 1}`}
            role="group"
            aria-roledescription={i18n._("slide")}
            aria-label={i18n._("{number} of {count}", { number: i + 1, count })}
            // Without JavaScript a link jumps the page to the slide: clear of the sticky header.
            className={`shrink-0 snap-start scroll-mt-40 ${slideClass}`}
          >
            {slide}
          </div>
        ))}
      </div>
      {hydrated && (
        // Says which slide the shopper has moved to; quiet while the slide show runs by itself.
        <p className="sr-only" aria-live={autoplay === "running" ? "off" : "polite"}>
          {i18n._("Slide {number} of {count}", { number: current + 1, count })}
        </p>
      )}
      {count > 1 && (
        <div className="mt-2 flex min-h-10 items-center justify-center gap-2">
          {hydrated && (
            <button type="button" className={button} aria-label={i18n._("Previous slide")} onClick={previous}>
              <Chevron direction="left" />
            </button>
          )}
          <ul className="flex items-center">
            {slides.map((_, i) => (
              <li key={i}>
                <a
                  href={`#${id}-slide-${i + 1}`}
                  aria-label={i18n._("Go to slide {number}", { number: i + 1 })}
                  aria-current={hydrated && i === current ? "true" : undefined}
                  onClick={(event) => onDot(event, i)}
                  className="group flex h-8 w-8 items-center justify-center rounded-full"
                >
                  <span aria-hidden="true" className="block h-3 w-3 rounded-full border-2 border-brand-700 group-hover:bg-brand-100 group-aria-[current=true]:bg-brand-700" />
                </a>
              </li>
            ))}
          </ul>
          {hydrated && (
            <button type="button" className={button} aria-label={i18n._("Next slide")} onClick={next}>
              <Chevron direction="right" />
            </button>
          )}
          {hydrated && !reducedMotion && (
            <button type="button" className={button} aria-label={stopped ? i18n._("Start automatic slide show") : i18n._("Stop automatic slide show")} onClick={toggleAutoplay}>
              {stopped ? (
                <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4" fill="currentColor">
                  <path d="M6 4l10 6-10 6z" />
                </svg>
              ) : (
                <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4" fill="currentColor">
                  <path d="M5 4h3v12H5zM12 4h3v12h-3z" />
                </svg>
              )}
            </button>
          )}
        </div>
      )}
    </section>
  );
}

function Chevron({ direction }: { direction: "left" | "right" }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
      <path d={direction === "left" ? "M12 4l-6 6 6 6" : "M8 4l6 6-6 6"} />
    </svg>
  );
}
