// Who may reach a page (issue 24): one guard per branch, as React Router middleware on the
// branch's layout route, before any loader or action runs and before any body is read.
// - /staff (issue 14, decision 035): staff only. Anyone else, signed in or not, gets the
//   shop's own 404 page on every staff URL and method, as if the pages were not there.
// - The customer's own pages (/myaccount, /orders, Review Order, the success pages): a
//   signed-out visitor is sent to sign in and comes back to the same URL.
import { withoutLocale } from "../domain/i18n/locale.ts";
import { createContext, data, redirect, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { parseId } from "../domain/ids.ts";
import { signInPath } from "../domain/safe-path.ts";
import { customerOf } from "./auth/session.server.ts";
import { requestInfoContext } from "./context.server.ts";
import { waysIn } from "./ways-in.server.ts";
import type { Customer, OrderView, TicketView } from "./shop/port.server.ts";

const staffContext = createContext<Customer | null>(null);
const customerContext = createContext<Customer | null>(null);

const notFound = () => data(null, { status: 404 });

/**
 * The refusal: the shop's own 404 page for a browser's request, whatever the URL matched (a
 * page, or a file such as the CSV, whose route would answer a bare 404); a 404 for React
 * Router's own fetch, which the page's error boundary shows.
 */
async function refusal(context: Readonly<RouterContextProvider>, request: Request): Promise<unknown> {
  const page = context.get(requestInfoContext).notFoundPage;
  return page && !new URL(request.url).pathname.endsWith(".data") ? page(request) : notFound();
}

/** The /staff branch's guard. */
export const staffOnly: MiddlewareFunction<Response> = async ({ context, request }, next) => {
  const customer = customerOf(context);
  if (!customer || !(await waysIn(context).reads.staff.isStaff(customer))) throw await refusal(context, request);
  context.set(staffContext, customer);
  return next();
};

/** The staff member the /staff guard let in; a 404 anywhere the guard did not run. */
export function staffOf(context: Readonly<RouterContextProvider>): Customer {
  const staff = context.get(staffContext);
  if (!staff) throw notFound();
  return staff;
}

/** The guard of the customer's own pages: signed out, to sign in and back to this URL. */
export const customersOnly: MiddlewareFunction<Response> = ({ context, request }, next) => {
  const customer = customerOf(context);
  if (!customer) {
    const url = new URL(request.url);
    // React Router's own fetch (/orders.data?_routes=…) comes back to the page itself. Without the
    // language's prefix: the redirect after sign-in is the router's, which adds it (issue 27).
    const path = withoutLocale(url.pathname.replace(/\.data$/, "")) || "/";
    url.searchParams.delete("_routes");
    throw redirect(signInPath(path + (url.searchParams.size ? `?${url.searchParams}` : "")), 303);
  }
  context.set(customerContext, customer);
  return next();
};

/** The shopper the customer pages' guard let in; a 404 anywhere the guard did not run. */
export function customerIn(context: Readonly<RouterContextProvider>): Customer {
  const customer = context.get(customerContext);
  if (!customer) throw notFound();
  return customer;
}

/** Any placed order, for staff, by the id in a path, its opening logged. Null when there is no such order. */
export async function staffOrder(context: Readonly<RouterContextProvider>, rawId: string | undefined): Promise<OrderView | null> {
  // Any shopper's order: only where the staff guard ran.
  const staff = staffOf(context);
  const { reads, useCases } = waysIn(context);
  const id = parseId(rawId);
  const shopper = id === null ? null : await reads.staff.customerOfOrder(id);
  const order = shopper && id !== null ? await reads.orders.get(shopper, id) : null;
  // Opening an order (its page, slip or invoice) is a read of its shopper's data: the processing log.
  if (order && shopper) await useCases.processingLog.staffRead(staff, [{ customerId: shopper.id, what: "order", detail: `#${order.number}` }]);
  return order;
}

/** Any shopper's message, for staff, its opening logged when it came from an account. Null when there is none. */
export async function staffTicket(context: Readonly<RouterContextProvider>, id: number | null): Promise<TicketView | null> {
  const staff = staffOf(context);
  const { reads, useCases } = waysIn(context);
  const ticket = id === null ? null : await reads.tickets.read(id);
  // Opening a shopper's message is a read of their data: the processing log.
  if (ticket?.customerId) await useCases.processingLog.staffRead(staff, [{ customerId: ticket.customerId, what: "ticket", detail: ticket.name }]);
  return ticket;
}
