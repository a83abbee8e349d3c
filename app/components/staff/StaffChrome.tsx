import { Form, NavLink } from "react-router";
import { useHydrated } from "remix-utils/use-hydrated";
import { signOut } from "../forms.ts";

const SECTIONS = [
  { to: "/staff/orders", label: "Orders" },
  { to: "/staff/dashboard", label: "Dashboard" },
  { to: "/staff/delivery", label: "Slots and PINs" },
  { to: "/staff/catalogue", label: "Catalogue" },
  { to: "/staff/tickets", label: "Tickets" },
  { to: "/staff/coupons", label: "Coupons" },
  { to: "/staff/newsletter", label: "Newsletter" },
  { to: "/staff/reviews", label: "Reviews" },
  { to: "/staff/subscriptions", label: "Subscriptions" },
  { to: "/staff/shoppers", label: "Shoppers" },
  { to: "/staff/breaches", label: "Breaches" },
] as const;

/** The staff's own header around a staff page (the root layout leaves out the shopper's). */
export function StaffChrome({ name, children }: { name: string; children: React.ReactNode }) {
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
            <p className="truncate text-stone-700">Signed in as {name}</p>
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
      {children}
    </div>
  );
}
