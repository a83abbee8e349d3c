import { useEffect, useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { ArrowUpIcon } from "./ui/icons.tsx";
import { useI18n } from "./i18n.tsx";

/**
 * A plain anchor to the top of the page; with JavaScript it appears only after the
 * shopper has scrolled past `threshold` pixels (200 on the listing, 300 on a product).
 */
export function BackToTop({ threshold }: { threshold: number }) {
  const hydrated = useHydrated();
  const [past, setPast] = useState(false);
  const i18n = useI18n();
  useEffect(() => {
    const onScroll = () => setPast(window.scrollY > threshold);
    onScroll();
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, [threshold]);
  if (hydrated && !past) return null;
  return (
    <a
      href="#top"
      className={`${hydrated ? "fixed bottom-5 right-5 shadow-lg" : "mx-auto mt-8 w-fit"} z-20 flex items-center gap-1 rounded-full bg-brand-700 px-4 py-2 text-sm font-medium text-white hover:bg-brand-800`}
    >
      <ArrowUpIcon />
      {i18n._("Back to top")}
    </a>
  );
}
