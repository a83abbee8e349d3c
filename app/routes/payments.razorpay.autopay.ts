// /payments/razorpay/autopay: a standing order's Autopay registration link returning (issue 45,
// decision 078). GET, as an invoice's callback; verified against what Haat stored.
import { autopayReturn } from "../server/payments/returns.server.ts";
import type { Route } from "./+types/payments.razorpay.autopay";

export const loader = ({ context, url }: Route.LoaderArgs) => autopayReturn(context, url);
