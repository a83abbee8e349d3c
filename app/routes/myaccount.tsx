// /myaccount: the account area's layout, with its side menu (Specification: Account). The
// profile form on the dashboard posts here, so a refused save stays at /myaccount.
import { Form, NavLink, Outlet } from "react-router";
import { signOut } from "../components/forms.ts";
import { useI18n } from "../components/i18n.tsx";
import { customerIn } from "../server/access.server.ts";
import { accountForms } from "../server/forms/account.server.ts";
import type { Route } from "./+types/myaccount";

export function loader({ context }: Route.LoaderArgs) {
  const customer = customerIn(context);
  return { name: customer.name };
}

export const action = accountForms.profile.run;

/** What the dashboard's profile form gets back from a refused save. */
export type AccountOutlet = Route.ComponentProps["actionData"];

// Labels said in the page's language where they are shown.
const links = [
  { to: "/myaccount", label: /*i18n*/ "Dashboard", end: true },
  { to: "/myaccount/orders", label: /*i18n*/ "Orders", end: false },
  { to: "/myaccount/wishlist", label: /*i18n*/ "Wishlist", end: false },
  { to: "/myaccount/notify", label: /*i18n*/ "Back in stock requests", end: false },
  { to: "/myaccount/subscriptions", label: /*i18n*/ "Subscriptions", end: false },
  { to: "/myaccount/addresses", label: /*i18n*/ "Addresses", end: false },
  { to: "/myaccount/privacy", label: /*i18n*/ "Data and consents", end: false },
];

export default function MyAccount({ loaderData, actionData }: Route.ComponentProps) {
  const i18n = useI18n();
  return (
    <div className="mx-auto grid max-w-6xl gap-6 px-4 py-8 md:grid-cols-[13rem_1fr]">
      <nav aria-label={i18n._("My account")} className="md:border-r md:border-stone-200 md:pr-4">
        <p className="mb-3 text-sm text-stone-600">{i18n._("Hello, {name}", { name: loaderData.name })}</p>
        <ul className="flex flex-wrap gap-2 md:flex-col md:gap-1">
          {links.map((l) => (
            <li key={l.to}>
              <NavLink
                to={l.to}
                end={l.end}
                className={({ isActive }) => `block rounded px-3 py-2 text-sm font-medium ${isActive ? "bg-brand-50 text-brand-800" : "hover:bg-stone-50"}`}
              >
                {i18n._(l.label)}
              </NavLink>
            </li>
          ))}
          <li>
            <Form method="post" action={signOut.action}>
              <button type="submit" className="block w-full rounded px-3 py-2 text-left text-sm font-medium hover:bg-stone-50">
                {i18n._("Logout")}
              </button>
            </Form>
          </li>
        </ul>
      </nav>
      <div>
        <Outlet context={actionData satisfies AccountOutlet} />
      </div>
    </div>
  );
}
