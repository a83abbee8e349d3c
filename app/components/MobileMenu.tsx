import { useRef } from "react";
import { Link } from "react-router";
import { MenuIcon } from "./ui/icons.tsx";

// A <details> toggle: it opens without JavaScript; with it, following a link closes it.
export function MobileMenu({ links }: { links: { label: string; to: string }[] }) {
  const ref = useRef<HTMLDetailsElement>(null);
  const close = () => ref.current?.removeAttribute("open");
  return (
    <details ref={ref} className="md:hidden">
      <summary className="flex h-10 w-10 cursor-pointer list-none items-center justify-center rounded hover:bg-stone-100 [&::-webkit-details-marker]:hidden">
        <MenuIcon />
        <span className="sr-only">Menu</span>
      </summary>
      <nav aria-label="Mobile" className="absolute inset-x-0 top-full border-b border-stone-200 bg-white shadow-lg">
        <ul className="divide-y divide-stone-100">
          {links.map((l) => (
            <li key={l.to}>
              <Link to={l.to} onClick={close} className="block px-5 py-3 font-medium hover:bg-stone-50">
                {l.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </details>
  );
}
