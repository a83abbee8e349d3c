// The customer's own pages (/myaccount, /orders, Review Order, the success pages): one guard for
// all of them, before any loader or action runs. Signed out, a visitor is sent to sign in and
// comes back to the same URL. A layout without a path or a view of its own.
import { Outlet } from "react-router";
import { customersOnly } from "../server/access.server.ts";
import type { Route } from "./+types/customer";

export const middleware: Route.MiddlewareFunction[] = [customersOnly];

export default function CustomerPages() {
  return <Outlet />;
}
