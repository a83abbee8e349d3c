import { Link } from "react-router";
import { useI18n } from "./i18n.tsx";

export function NotFound() {
  const i18n = useI18n();
  return (
    <section className="mx-auto max-w-xl px-4 py-20 text-center">
      <title>{`${i18n._("Page not found")} | Haat`}</title>
      <meta name="robots" content="noindex" />
      <p className="text-6xl font-bold text-brand-700" aria-hidden="true">
        404
      </p>
      <h1 className="mt-4 text-2xl font-semibold">{i18n._("That Page Can't Be Found")}</h1>
      <p className="mt-3 text-stone-700">{i18n._("The page you were looking for has moved, or never existed.")}</p>
      <Link to="/" className="mt-6 inline-block rounded bg-brand-700 px-5 py-2.5 font-medium text-white hover:bg-brand-800">
        {i18n._("Go Back Home")}
      </Link>
    </section>
  );
}
