// /staff: the shop's own side (issue 14), with its own navigation. Only staff see it: to anyone
// else every /staff path and method is the shop's 404 page (the guard below). Never linked from
// the shopper's pages; never indexed.
import { Outlet, useRouteLoaderData } from "react-router";
import { StaffChrome } from "../components/staff/StaffChrome.tsx";
import { ErrorPage } from "../components/ErrorPage.tsx";
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

export default function StaffLayout({ loaderData }: Route.ComponentProps) {
  return (
    <StaffChrome name={loaderData.name}>
      <Outlet />
    </StaffChrome>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => privatePageMeta(matches, { title: "Staff", description: "The shop's staff pages.", path: "/staff" });

// A staff page's 404 or error keeps the staff header and menu (only staff get here: the guard ran).
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const staff = useRouteLoaderData<typeof loader>("routes/staff");
  if (!staff) return <ErrorPage error={error} />;
  return (
    <StaffChrome name={staff.name}>
      <ErrorPage error={error} />
    </StaffChrome>
  );
}
