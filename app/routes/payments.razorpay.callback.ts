// /payments/razorpay/callback: Razorpay's return to the shop (issue 12). GET from a payment
// link, POST from Standard Checkout (the page's handler, or Razorpay's own redirect).
import { checkoutReturn, linkReturn } from "../server/payments/returns.server.ts";
import type { Route } from "./+types/payments.razorpay.callback";

export const loader = ({ context, url }: Route.LoaderArgs) => linkReturn(context, url);

export const action = ({ context, request }: Route.ActionArgs) => checkoutReturn(context, request);
