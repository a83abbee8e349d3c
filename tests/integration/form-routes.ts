// Every route of the real server that takes a form post, with the intents and fields its
// declaration has: the fuzz (fuzz.test.ts) and the hardening tests post to each.

// ---------- the forms, as app/server/forms/*.server.ts declare them ----------

export type FormName =
  | "contact"
  | "cart"
  | "wishlist"
  | "revieworder"
  | "profile"
  | "addresses"
  | "orders"
  | "signin"
  | "signup"
  | "signout"
  | "reset"
  | "newsletter"
  | "confirm"
  | "unsubscribe"
  | "verify"
  | "mobilesignin"
  | "mobileaccount"
  | "addemail";

export const FORMS: Record<FormName, { intents: string[]; fields: string[] }> = {
  contact: { intents: ["send"], fields: ["name", "email", "phone", "subject", "message", "website_url", "form_opened"] },
  cart: {
    intents: ["add", "increment", "decrement", "remove", "clear", "apply-coupon", "remove-coupon", "checkout"],
    fields: ["internal_reference", "quantity", "then", "product_id", "price", "stock", "code", "payment", "terms"],
  },
  wishlist: { intents: ["add", "toggle", "remove", "move-to-cart"], fields: ["internal_reference", "item"] },
  revieworder: {
    intents: ["select", "add-address", "update-address", "delete-address", "place", "pay", "cancel-payment", "gift", "remove-gift"],
    fields: [
      "address",
      "id",
      "cart_id",
      "address_id",
      "slot",
      "via",
      "order",
      "gift_message",
      "gift_from",
      "hide_prices",
      "firstName",
      "lastName",
      "email",
      "phone",
      "street",
      "street2",
      "city",
      "state",
      "zip",
      "country",
    ],
  },
  profile: { intents: ["update-profile"], fields: ["name", "phone"] },
  addresses: { intents: ["add", "update", "delete", "default"], fields: ["id", "name", "phone", "street", "city", "zip", "email"] },
  orders: { intents: ["cancel", "change-slot", "buy-again"], fields: ["order", "slot"] },
  signin: { intents: ["sign-in"], fields: ["email", "password", "return_to"] },
  signup: { intents: ["sign-up"], fields: ["name", "email", "phone", "password", "return_to"] },
  signout: { intents: ["sign-out"], fields: [] },
  reset: { intents: ["request", "reset"], fields: ["email", "code", "password"] },
  newsletter: { intents: ["subscribe"], fields: ["email", "website_url", "form_opened"] },
  confirm: { intents: ["confirm"], fields: ["token"] },
  unsubscribe: { intents: ["unsubscribe"], fields: ["token"] },
  verify: { intents: ["confirm-email", "send-confirmation"], fields: ["token"] },
  // Mobile sign-in (issue 28).
  mobilesignin: { intents: ["send-code", "verify-code", "create-account"], fields: ["mobile", "code", "name", "email", "return_to", "from"] },
  mobileaccount: { intents: ["send-code", "verify-code", "sign-in-again", "sms-updates"], fields: ["mobile", "code", "from", "back", "on"] },
  addemail: { intents: ["add-email"], fields: ["email", "password"] },
};

export interface Route {
  label: string;
  /** The browser's document post and React Router's data request for the same action. */
  paths: [string, string];
  form: FormName;
}

// Every route with an action (app/routes.ts), and "/" as posted without `?index`: that names
// the root route, which has no action (405), like the old `/_root.data` data URL (the splat's 405).
export const ROUTES: Route[] = [
  { label: "/", paths: ["/?index", "/_.data?index"], form: "contact" },
  { label: "/ (no ?index)", paths: ["/", "/_root.data"], form: "contact" },
  { label: "/contact", paths: ["/contact", "/contact.data"], form: "contact" },
  { label: "/aboutus", paths: ["/aboutus", "/aboutus.data"], form: "contact" },
  { label: "/googleform", paths: ["/googleform", "/googleform.data"], form: "contact" },
  { label: "/addtocart", paths: ["/addtocart", "/addtocart.data"], form: "cart" },
  { label: "/cart", paths: ["/cart", "/cart.data"], form: "cart" },
  { label: "/wishlist", paths: ["/wishlist", "/wishlist.data"], form: "wishlist" },
  { label: "/revieworder", paths: ["/revieworder", "/revieworder.data"], form: "revieworder" },
  { label: "/myaccount", paths: ["/myaccount", "/myaccount.data"], form: "profile" },
  { label: "/myaccount/addresses", paths: ["/myaccount/addresses", "/myaccount/addresses.data"], form: "addresses" },
  { label: "/myaccount/orders", paths: ["/myaccount/orders", "/myaccount/orders.data"], form: "orders" },
  { label: "/orders", paths: ["/orders", "/orders.data"], form: "orders" },
  { label: "/signin", paths: ["/signin", "/signin.data"], form: "signin" },
  { label: "/signup", paths: ["/signup", "/signup.data"], form: "signup" },
  { label: "/signout", paths: ["/signout", "/signout.data"], form: "signout" },
  { label: "/forgot-password", paths: ["/forgot-password", "/forgot-password.data"], form: "reset" },
  { label: "/newsletter", paths: ["/newsletter", "/newsletter.data"], form: "newsletter" },
  { label: "/newsletter/confirm", paths: ["/newsletter/confirm", "/newsletter/confirm.data"], form: "confirm" },
  { label: "/newsletter/unsubscribe", paths: ["/newsletter/unsubscribe", "/newsletter/unsubscribe.data"], form: "unsubscribe" },
  { label: "/verify-email", paths: ["/verify-email", "/verify-email.data"], form: "verify" },
  { label: "/signin/mobile", paths: ["/signin/mobile", "/signin/mobile.data"], form: "mobilesignin" },
  { label: "/myaccount/mobile", paths: ["/myaccount/mobile", "/myaccount/mobile.data"], form: "mobileaccount" },
  { label: "/myaccount/email", paths: ["/myaccount/email", "/myaccount/email.data"], form: "addemail" },
];
