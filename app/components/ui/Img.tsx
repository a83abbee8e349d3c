import type { ImgHTMLAttributes, ReactNode } from "react";
import { useHydrated } from "remix-utils/use-hydrated";

/**
 * An empty drawing of a picture's proportions: it keeps the picture's box (its width, height and
 * natural aspect ratio, so a class like `h-auto w-full` lays it out the same) and costs no request.
 */
export function placeholderOf(width: number, height: number): string {
  return `data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 ${width} ${height}'/%3E`;
}

/**
 * A picture below the first screen (`loading="lazy"`) is fetched once the page is React's, when
 * scripts run (issue 43). On a slow phone the browser's lazy loading still fetches every picture
 * within thousands of pixels at once, sharing the link with the scripts: on home 45 kB of
 * pictures arrived before the page hydrated. Until then the page shows the picture's box; without
 * scripts the `<noscript>` copy is the picture, fetched as before, and the box is hidden
 * (app.css, `scripting: none`).
 */
export function AfterHydration({ lazy, box, children }: { lazy: boolean; box: { width: number; height: number; alt: string; className?: string }; children: ReactNode }) {
  const hydrated = useHydrated();
  if (!lazy || hydrated) return children;
  return (
    <>
      <noscript>{children}</noscript>
      <img src={placeholderOf(box.width, box.height)} alt={box.alt} width={box.width} height={box.height} className={box.className} data-later="" />
    </>
  );
}

type Props = Omit<ImgHTMLAttributes<HTMLImageElement>, "src" | "alt" | "width" | "height"> & { src: string; alt: string; width: number; height: number };

/** A picture that is not a product photo (a banner, a badge, a drawing): `loading="lazy"` waits for hydration as above. */
export function Img({ src, alt, width, height, ...rest }: Props) {
  return (
    <AfterHydration lazy={rest.loading === "lazy"} box={{ width, height, alt, className: rest.className }}>
      <img src={src} alt={alt} width={width} height={height} {...rest} />
    </AfterHydration>
  );
}
