import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import { PLACEHOLDER_IMAGE, type VariantView } from "../../domain/catalog.ts";
import { PHOTO_SIZES } from "../../domain/photo.ts";
import { useI18n } from "../i18n.tsx";
import { ProductImage } from "../ui/ProductImage.tsx";

/**
 * Pictures and video of the chosen variant. Thumbnails are links (`?image=N`), so the
 * gallery works without JavaScript; with it, hovering a thumbnail previews it.
 */
export function Gallery({ title, variant }: { title: string; variant: VariantView }) {
  const [params] = useSearchParams();
  const [preview, setPreview] = useState<number | null>(null);
  const i18n = useI18n();
  const items: { kind: "image" | "video"; src: string }[] = [
    ...(variant.images.length ? variant.images : [PLACEHOLDER_IMAGE]).map((src) => ({ kind: "image" as const, src })),
    ...(variant.video ? [{ kind: "video" as const, src: variant.video }] : []),
  ];
  const chosen = Math.min(Math.max(Number.parseInt(params.get("image") ?? "0", 10) || 0, 0), items.length - 1);
  const shown = items[preview ?? chosen];
  const poster = variant.images[0] ?? PLACEHOLDER_IMAGE;
  const hrefFor = (i: number) => {
    const next = new URLSearchParams(params);
    next.set("variant", variant.internalReference);
    if (i === 0) next.delete("image");
    else next.set("image", String(i));
    return `?${next.toString()}`;
  };
  return (
    <div>
      <div className="aspect-square overflow-hidden rounded-xl border border-stone-200 bg-stone-50">
        {shown.kind === "video" ? (
          // The products' videos show the product and have no speech to caption.
          // eslint-disable-next-line jsx-a11y/media-has-caption
          <video key={shown.src} src={shown.src} poster={poster} controls preload="none" playsInline className="h-full w-full object-contain">
            <a href={shown.src}>{i18n._("Watch the video of {title}", { title })}</a>
          </video>
        ) : (
          <ProductImage key={shown.src} src={shown.src} alt={title} width={600} height={600} sizes={PHOTO_SIZES.gallery} fetchPriority="high" className="h-full w-full object-contain" />
        )}
      </div>
      {items.length > 1 && (
        <ul className="mt-3 flex gap-2 overflow-x-auto" aria-label={i18n._("Pictures and video")}>
          {items.map((item, i) => (
            <li key={item.src}>
              <Link
                to={hrefFor(i)}
                replace
                preventScrollReset
                aria-current={i === chosen ? "true" : undefined}
                aria-label={item.kind === "video" ? i18n._("Play video of {title}", { title }) : i18n._("Show picture {number} of {title}", { number: i + 1, title })}
                onMouseEnter={() => setPreview(i)}
                onMouseLeave={() => setPreview(null)}
                onFocus={() => setPreview(null)}
                className={`relative block h-16 w-16 overflow-hidden rounded-lg border-2 ${i === chosen ? "border-brand-700" : "border-stone-200 hover:border-stone-400"}`}
              >
                <ProductImage
                  src={item.kind === "video" ? poster : item.src}
                  alt=""
                  width={64}
                  height={64}
                  sizes={PHOTO_SIZES.px(64)}
                  loading="lazy"
                  className="h-full w-full object-cover"
                />
                {item.kind === "video" && (
                  <span className="absolute inset-0 flex items-center justify-center bg-black/40 text-lg text-white" aria-hidden="true">
                    ▶
                  </span>
                )}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
