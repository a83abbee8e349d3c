// /staff: the shop's own side (issue 14), with its own navigation. Only staff see it: to anyone
// else every /staff path and method is the shop's 404 page (the guard below). Never linked from
// the shopper's pages; never indexed.
import { NavLink, Outlet } from "react-router";
import { privatePageMeta } from "../components/seo.ts";
import { staffOf, staffOnly } from "../server/access.server.ts";
import { staffInEnglish } from "../server/i18n.server.ts";
import type { Route } from "./+types/staff";

// The one guard of every /staff URL and method: before any loader or action, before any body is read.
export const middleware: Route.MiddlewareFunction[] = [staffOnly, staffInEnglish];

export function loader({ context }: Route.LoaderArgs) {
  const staff = staffOf(context);
  return { name: staff.name };
}

const SECTIONS = [
  { to: "/staff/orders", label: "Orders" },
  { to: "/staff/delivery", label: "Slots and PINs" },
  { to: "/staff/catalogue", label: "Catalogue" },
  { to: "/staff/tickets", label: "Tickets" },
  { to: "/staff/coupons", label: "Coupons" },
  { to: "/staff/newsletter", label: "Newsletter" },
  { to: "/staff/reviews", label: "Reviews" },
  { to: "/staff/subscriptions", label: "Subscriptions" },
] as const;

export default function StaffLayout({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-6xl px-4 py-6">
      <div className="flex flex-wrap items-center justify-between gap-3 border-b border-stone-200 pb-3">
        <p className="font-semibold">Haat staff · {loaderData.name}</p>
        <nav aria-label="Staff">
          <ul className="flex gap-4 text-sm font-medium">
            {SECTIONS.map((s) => (
              <li key={s.to}>
                <NavLink to={s.to} className={({ isActive }) => (isActive ? "text-brand-800 underline" : "hover:underline")}>
                  {s.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <Outlet />
    </div>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => privatePageMeta(matches, { title: "Staff", description: "The shop's staff pages.", path: "/staff" });
