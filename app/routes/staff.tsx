// /staff: the shop's own side (issue 14), with its own navigation. Only staff see it: to anyone
// else every /staff path and method is the shop's 404 page (the guard below). Never linked from
// the shopper's pages; never indexed.
import { Form, NavLink, Outlet } from "react-router";
import { useHydrated } from "remix-utils/use-hydrated";
import { signOut } from "../components/forms.ts";
import { privatePageMeta } from "../components/seo.ts";
import { staffOf, staffOnly } from "../server/access.server.ts";
import { staffInEnglish } from "../server/i18n.server.ts";
import type { Route } from "./+types/staff";

// The one guard of every /staff URL and method: before any loader or action, before any body is read.
export const middleware: Route.MiddlewareFunction[] = [staffOnly, staffInEnglish];

// The root layout leaves out the shopper's header and footer under this route.
export const handle = { staffPage: true };

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
  // Marked once React has the page: what end-to-end tests wait for before they press anything.
  const hydrated = useHydrated();
  return (
    <div className="mx-auto max-w-6xl px-4 py-4">
      <header className="border-b border-stone-200 pb-3" data-hydrated={hydrated ? "" : undefined}>
        <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
          <p className="font-semibold">
            <NavLink to="/staff/orders">Haat staff</NavLink>
          </p>
          <div className="flex min-w-0 items-center gap-3 text-sm">
            <p className="truncate text-stone-700">Signed in as {loaderData.name}</p>
            <Form method="post" action={signOut.action}>
              <button type="submit" className="rounded-md border border-stone-400 px-2 py-1 font-medium">
                Log Out
              </button>
            </Form>
          </div>
        </div>
        <nav aria-label="Staff" className="mt-2">
          {/* Wraps on a phone: no staff page scrolls sideways at 360 px (issue 46). */}
          <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm font-medium">
            {SECTIONS.map((s) => (
              <li key={s.to}>
                <NavLink to={s.to} className={({ isActive }) => (isActive ? "text-brand-800 underline" : "hover:underline")}>
                  {s.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </header>
      <Outlet />
    </div>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => privatePageMeta(matches, { title: "Staff", description: "The shop's staff pages.", path: "/staff" });
