// The shop's policy pages (Specification: Content pages, Browsing constants and Transaction constants). Their numbers live in
// POLICY (policy-numbers.ts) so the pages, the product page and checkout say the same thing; where the two
// specifications disagree, decision 013 records the choice. The pages in Hindi are in
// policies.hi.ts (issue 27), chosen by the page's loader.
import { POLICY } from "./policy-numbers.ts";
import { store } from "../domain/store-config.ts";

export interface PolicySection {
  heading: string;
  paragraphs: string[];
  /** The privacy notice's items (issue 48) follow this section's paragraphs, generated from what the shop holds. */
  notice?: true;
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
    // The notice's items changed (issue 48): NOTICE_VERSION in domain/privacy/personal-data.ts.
    updated: "30 November 2026",
    sections: [
      {
        heading: "Who we are",
        paragraphs: [
          `${store.name} is run by ${c.legalName}, ${c.address}. This policy explains what we collect when you use our website and how we use it. By using the site you agree to it.`,
        ],
      },
      {
        heading: "What we hold, why, and for how long",
        paragraphs: ["This notice lists each item of personal data we hold about you, why we need it, how long we keep it and who else receives it. We never sell your information."],
        notice: true,
      },
      {
        heading: "Cookies",
        paragraphs: [
          "We use cookies only to keep you signed in, remember your cart and language, and protect your forms. We do not use advertising or tracking cookies. Your IP address is used to limit repeated attempts to sign in or send codes.",
        ],
      },
      {
        heading: "Keeping it safe, and your rights",
        paragraphs: [
          "Your data is stored on servers in India with access limited to the staff who need it. Sessions expire after 30 days without use.",
          `You may ask for a summary of the personal data we hold about you and whom we shared it with, have it corrected or completed, have it erased (except what the law makes us keep, above), and name someone to exercise these rights for you if you die or cannot. You can edit your name, mobile number and addresses yourself in My Account, and on its 'Data and consents' page download everything we hold on you and delete your account; for anything else write to ${s.email}.`,
          "Each of these needs your consent, and none is needed to shop: the newsletter by e-mail, order updates by SMS, offers by SMS, and each 'Notify Me' request. We ask with a box you tick or a button you press yourself, never ticked for you, and record each consent and its withdrawal with the version of this notice. My Account's 'Data and consents' page lists them all and withdraws each in one press; the newsletter's mails also carry an unsubscribe link.",
          `For a complaint, write to our Grievance Officer at ${s.email}; we answer within 30 days. If you are not satisfied, you may complain to the Data Protection Board of India.`,
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
