// The shop's policy pages (Specification: Content pages, Browsing constants and Transaction constants). Their numbers live in
// POLICY (policy-numbers.ts) so the pages, the product page and checkout say the same thing; where the two
// specifications disagree, decision 013 records the choice. The pages in Hindi are in
// policies.hi.ts (issue 27), chosen by the page's loader.
import { POLICY } from "./policy-numbers.ts";
import { store } from "../domain/store-config.ts";

export interface PolicySection {
  heading: string;
  paragraphs: string[];
}

export interface PolicyPage {
  path: string;
  title: string;
  description: string;
  updated: string;
  sections: PolicySection[];
}

const c = store.company;
const s = store.support;

export const POLICIES: PolicyPage[] = [
  {
    path: "/PrivacyPolicy",
    title: "Privacy Policy",
    description: `How ${store.name} collects, uses and protects your personal information when you shop with us.`,
    updated: "23 November 2026",
    sections: [
      {
        heading: "Who we are",
        paragraphs: [
          `${store.name} is run by ${c.legalName}, ${c.address}. This policy explains what we collect when you use our website and how we use it. By using the site you agree to it.`,
        ],
      },
      {
        heading: "What we collect",
        paragraphs: [
          "Account details you give us: your name, e-mail address and mobile number, and a password that we store only as a one-way hash.",
          "Delivery addresses you save, the orders you place, your cart and your wishlist.",
          "Messages you send us through the contact form, and your e-mail address if you subscribe to our newsletter.",
          "Technical information needed to run the site safely: your IP address for rate limits and fraud prevention, and cookies that keep you signed in and remember what you added to your cart. We do not use advertising or tracking cookies.",
        ],
      },
      {
        heading: "How we use it",
        paragraphs: [
          "To deliver your orders, issue tax invoices, answer your questions and handle returns and refunds.",
          "To send the newsletter you asked for; every newsletter carries a link to unsubscribe at once.",
          "We never sell your information. We share it only with the people who need it to serve you: our delivery partners (your name, address and phone number), our payment provider when you pay online, and authorities when the law requires it.",
        ],
      },
      {
        heading: "Keeping it safe, and your rights",
        paragraphs: [
          "Your data is stored on servers in India with access limited to the staff who need it. Sessions expire after 30 days without use.",
          `You may ask to see, correct or delete your personal information at any time by writing to ${s.email}. You can edit your name, mobile number and addresses yourself in My Account.`,
        ],
      },
      {
        heading: "Children",
        paragraphs: [`Our services are for people aged ${POLICY.minimumAge} or over, or younger shoppers under the supervision of a parent or guardian.`],
      },
    ],
  },
  {
    path: "/termsandconditions",
    title: "Terms & Conditions",
    description: `The terms on which ${store.name} sells groceries, gourmet food and general merchandise online.`,
    updated: "23 November 2026",
    sections: [
      {
        heading: "Using the site",
        paragraphs: [
          `These terms apply to every purchase on this website, operated by ${c.legalName} (${c.registration}). You must be ${POLICY.minimumAge} or over, or shop under the supervision of a parent or guardian.`,
          "You are responsible for keeping your password private and for the orders placed from your account.",
        ],
      },
      {
        heading: "Prices and payment",
        paragraphs: [
          "Prices are in Indian rupees and include GST. The price you pay is the one shown when you confirm your order.",
          `You may pay in cash on delivery, or online by card or UPI where offered; prepaid orders get a ${POLICY.prepaidDiscountPercent}% discount when the offer is running. Coupons have their own conditions, shown when you apply them; one coupon applies per order.`,
        ],
      },
      {
        heading: "Orders and delivery",
        paragraphs: [
          "An order is accepted when you see its confirmation. We may cancel an order if an item turns out to be unavailable or mispriced; you are then not charged, or refunded in full.",
          `Delivery times and charges are described in our Shipping & Delivery policy; delivery is free on orders above ₹${POLICY.freeDeliveryAboveRupees}.`,
        ],
      },
      {
        heading: "Returns",
        paragraphs: [
          `Food and personal-care items cannot be returned once delivered, except when damaged, defective or not what you ordered, reported within ${POLICY.returnWindowHours} hours of delivery. See our Cancellation & Refund policy.`,
        ],
      },
      {
        heading: "Liability and disputes",
        paragraphs: [
          "Product descriptions come from our suppliers and are checked with care; packaging may change. Always read the label before use.",
          `These terms are governed by the laws of India, and disputes are subject to the courts of ${POLICY.courts}.`,
        ],
      },
    ],
  },
  {
    path: "/cancellationandrefundpolicy",
    title: "Cancellation & Refund Policy",
    description: `How to cancel an order with ${store.name}, what can be returned, and when refunds arrive.`,
    updated: "28 November 2026",
    sections: [
      {
        heading: "Cancelling an order",
        paragraphs: [
          "You can cancel an order from Your Orders until it is packed: once its status shows Packed, it can no longer be cancelled, so please contact us if something is wrong. Cash-on-delivery orders are simply not charged; prepaid orders are refunded in full.",
          `Orders are processed within ${POLICY.processingHours} hours and those placed before ${POLICY.sameDayDispatchBefore} are usually packed and dispatched the same day, so cancel as early as you can.`,
        ],
      },
      {
        heading: "Returns",
        paragraphs: [
          `We accept returns only for items that arrive damaged, defective, expired or different from what you ordered, reported within ${POLICY.returnWindowHours} hours of delivery with a photo of the item and its packaging. Other returns are not accepted under the Consumer Protection Act for food and perishable goods.`,
          `Write to ${s.email} or call ${s.phone} (${s.hours}). We arrange a pickup within ${POLICY.pickupBusinessDays} business days, or a replacement when the item is in stock.`,
        ],
      },
      {
        heading: "Refunds",
        paragraphs: [
          `Approved refunds reach your original payment method within ${POLICY.refundBusinessDays} business days of the pickup. Cash-on-delivery orders are refunded to a bank account or UPI ID you give us.`,
        ],
      },
    ],
  },
  {
    path: "/shippinganddelivery",
    title: "Shipping & Delivery Policy",
    description: `Where ${store.name} delivers, how fast, delivery slots and charges.`,
    updated: "28 November 2026",
    sections: [
      {
        heading: "Delivery times",
        paragraphs: [
          `${store.deliveryPromise}: orders to Gurugram placed before ${POLICY.sameDayDispatchBefore} are dispatched the same day and delivered the next day. Every order is processed within ${POLICY.processingHours} hours.`,
          `Elsewhere in India, delivery takes ${POLICY.deliveryBusinessDays} business days after dispatch.`,
        ],
      },
      {
        heading: "Delivery slots",
        paragraphs: [
          `In Gurugram you can choose a slot: ${POLICY.slots.join(", ")}. You can change the slot yourself on the order's page in Your Orders until ${POLICY.slotChangeHoursBefore} hours before it begins.`,
        ],
      },
      {
        heading: "Charges",
        paragraphs: [`Delivery is free on orders above ₹${POLICY.freeDeliveryAboveRupees}. Below that, any delivery charge is shown in your cart and order summary before you order.`],
      },
      {
        heading: "At your door",
        paragraphs: [
          "Please check the packages when they arrive. If anything is damaged or missing, tell the delivery partner and write to us within the return window; see our Cancellation & Refund policy.",
        ],
      },
    ],
  },
];

export function policyByPath(pathname: string): PolicyPage | undefined {
  return POLICIES.find((p) => p.path.toLowerCase() === pathname.toLowerCase());
}
