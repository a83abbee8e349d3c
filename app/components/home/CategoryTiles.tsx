import { Link } from "react-router";
import type { CategoryNode } from "../../domain/catalog.ts";
import { useI18n } from "../i18n.tsx";
import { Img } from "../ui/Img.tsx";

/** 'Curated For You': coming-soon tiles are disabled, greyed and last; the first four load eagerly (Specification: Home page), the rest once hydrated. */
export function CategoryTiles({ categories }: { categories: CategoryNode[] }) {
  const i18n = useI18n();
  return (
    <ul className="grid grid-cols-2 gap-3 md:grid-cols-4 md:gap-4">
      {categories.map((c, i) => {
        const body = (
          <>
            <Img
              src={c.image ?? "/images/placeholder.svg"}
              alt=""
              width={600}
              height={600}
              loading={i < 4 ? "eager" : "lazy"}
              className="aspect-square w-full rounded-lg object-cover"
            />
            <span className="mt-2 block text-center font-medium">{c.name}</span>
          </>
        );
        return (
          <li key={c.id}>
            {c.status === "coming_soon" ? (
              <div aria-disabled="true" className="cursor-not-allowed opacity-50 grayscale">
                {body}
                <span className="block text-center text-xs text-stone-600">{i18n._("Coming soon")}</span>
              </div>
            ) : (
              <Link to={`/products?category=${encodeURIComponent(c.backendKey ?? c.slug)}`} className="block rounded-lg hover:opacity-90">
                {body}
              </Link>
            )}
          </li>
        );
      })}
    </ul>
  );
}
