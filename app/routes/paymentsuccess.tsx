import { Link } from "react-router";
import type { Route } from "./+types/paymentsuccess";
import { privatePageMeta } from "../components/seo.ts";

// 'Payment Successful' (transactions §2): where an online payment ends (Razorpay, a later issue).
export default function PaymentSuccess() {
  return (
    <section className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-2xl font-semibold text-brand-800">Payment Successful</h1>
      <p className="mt-3 text-stone-700">Thank you. Your payment was received and your order is confirmed.</p>
      <Link to="/" className="mt-6 inline-block rounded-md bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800">
        Return to Home
      </Link>
    </section>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => privatePageMeta(matches, { title: "Payment Successful", description: "Your payment was received.", path: "/paymentsuccess" });
