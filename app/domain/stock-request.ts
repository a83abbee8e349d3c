// 'Notify Me' (issue 29 part 3, decision 057): a shopper asks to hear when an out-of-stock item
// is back; when staff or an import put stock back, each waiting shopper gets one mail with a link
// to the product, and the request ends. Messages and the mail. Pure.
import { pathIn } from "./i18n/locale.ts";
import type { I18n } from "./i18n/messages.ts";

export const NOTIFY_MESSAGES = {
  button: /*i18n*/ "Notify Me",
  requested: /*i18n*/ "We will let you know when it is back in stock.",
  /** In the button's place once the shopper asked (issue 41), beside Cancel. */
  waiting: /*i18n*/ "We will let you know",
  inStock: /*i18n*/ "This item is in stock: add it to your cart.",
  notFound: /*i18n*/ "That item could not be found.",
  signIn: /*i18n*/ "Sign in, and we will let you know when it is back in stock.",
  cancelled: /*i18n*/ "You will not be told when it is back in stock.",
  noRequest: /*i18n*/ "That request could not be found.",
  title: /*i18n*/ "Back in stock requests",
  description: /*i18n*/ "The products you asked to hear about when they are back in stock.",
  empty: /*i18n*/ "You are not waiting for anything to come back in stock.",
  cancel: /*i18n*/ "Cancel",
} as const;

export interface WaitingShopper {
  name: string;
  /** The product's title, in the shopper's language where the catalogue has it. */
  title: string;
  productId: number;
}

/** The mail a waiting shopper gets when the item is back, in their language, linking to its page. */
export function backInStockMail(who: WaitingShopper, shopName: string, origin: string, i18n: I18n): { subject: string; text: string } {
  const link = origin + pathIn(i18n.locale, `/product/${who.productId}`);
  return {
    subject: i18n._("{title} is back in stock at {shop}", { title: who.title, shop: shopName }),
    text: [
      i18n._("Hello {name},", { name: who.name }),
      "",
      i18n._("{title} is back in stock, as you asked us to tell you. Stock is limited: order soon.", { title: who.title }),
      "",
      i18n._("See it: {link}", { link }),
      "",
      i18n._("We have told you once; your request is now closed."),
      "",
    ].join("\n"),
  };
}
