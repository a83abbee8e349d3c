// Loaded on demand by Carousel: swiper core plus the one module it uses, nothing else.
import Swiper from "swiper";
import { Autoplay } from "swiper/modules";

export function mountSwiper(node: HTMLElement, delay: number, still: boolean): { destroy(): void } {
  const swiper = new Swiper(node, {
    modules: [Autoplay],
    loop: true,
    slidesPerView: "auto",
    autoplay: still ? false : { delay, disableOnInteraction: false, pauseOnMouseEnter: true },
  });
  return { destroy: () => swiper.destroy() };
}
