import type { ImgHTMLAttributes } from "react";
import { preload } from "react-dom";
import { photoSet } from "../../domain/photo.ts";
import { useLiteMode } from "../root-data.ts";
import { AfterHydration, Img } from "./Img.tsx";

type Props = Omit<ImgHTMLAttributes<HTMLImageElement>, "src" | "srcSet" | "sizes" | "width" | "height" | "alt"> & {
  src: string;
  alt: string;
  /** How wide the picture shows (PHOTO_SIZES), so the browser fetches the width it needs. */
  sizes: string;
  /** The box of a picture that is not a photo (a drawing scales to any size). */
  width: number;
  height: number;
};

/**
 * A product's picture. A photo (decision 041) is a `<picture>`: AVIF, else WebP, each at the
 * widths made of it, with its own width and height so its place is kept while it loads. Anything
 * else (the demo's drawings, a plain image URL) is the `<img>` it always was. Either, when lazy,
 * is fetched once the page has hydrated (ui/Img.tsx).
 */
export function ProductImage({ src, alt, sizes, width, height, ...rest }: Props) {
  // Lite mode (issue 26): only the smallest width is offered, whatever the screen.
  const lite = useLiteMode().on;
  const photo = photoSet(src);
  if (!photo) return <Img src={src} alt={alt} width={width} height={height} {...rest} />;
  const offered = (srcSet: string) => (lite ? srcSet.split(", ")[0]! : srcSet);
  // The page's main picture (its LCP on a phone, issue 26 part 5) is asked for from the head,
  // before the styles and scripts, at the width the screen shows, in the best format offered: a
  // browser that cannot show that format ignores the preload and takes the <picture>'s choice.
  const best = photo.sources[0];
  if (rest.fetchPriority === "high" && best) preload(photo.src, { as: "image", imageSrcSet: offered(best.srcSet), imageSizes: sizes, type: best.type, fetchPriority: "high" });
  return (
    <AfterHydration lazy={rest.loading === "lazy"} box={{ width: photo.width, height: photo.height, alt, className: rest.className }}>
      <picture>
        {photo.sources.map((source) => (
          <source key={source.type} type={source.type} srcSet={offered(source.srcSet)} sizes={sizes} />
        ))}
        <img src={photo.src} srcSet={offered(photo.srcSet)} sizes={sizes} alt={alt} width={photo.width} height={photo.height} {...rest} />
      </picture>
    </AfterHydration>
  );
}
