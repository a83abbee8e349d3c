// POST /webhooks/razorpay: Razorpay's events (issue 12; README lists which to subscribe to).
import { razorpayWebhook } from "../server/payments/returns.server.ts";
import type { Route } from "./+types/webhooks.razorpay";

export const action = ({ context, request }: Route.ActionArgs) => razorpayWebhook(context, request);
