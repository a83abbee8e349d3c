// Sends an order's mail to its customer (issue 11 point 4), and its SMS where it has one (issue 28). A mail server that is down does
// not undo the order: the mail is kept and sent later (decision 017).
import type { ComposeOrderMail } from "../../domain/order-mail.ts";
import type { Locale } from "../../domain/i18n/locale.ts";
import { i18nFor } from "../../domain/i18n/registry.ts";
import { store } from "../../domain/store-config.ts";
import { appEnv } from "../env.server.ts";
import type { Customer, Shop } from "../shop/port.server.ts";
import { errorFields, log } from "../log.server.ts";
import { mailer } from "./mailer.server.ts";
import { sendOrKeep } from "./queue.server.ts";
import { smsOrder, type OrderSms } from "../sms/order-sms.server.ts";

/**
 * Never throws: the order is placed (or cancelled) already, and the shopper must hear so even if
 * the mail cannot even be kept. In the language of the page the shopper acted on, else the one
 * their account chose, else English (issue 27); and so is the SMS (issue 41 item 12).
 */
export async function mailOrder(shop: Shop, customer: Customer, orderId: number, compose: ComposeOrderMail, locale?: Locale, sms?: OrderSms): Promise<void> {
  try {
    const order = await shop.orders.get(customer, orderId);
    if (!order) return;
    const language = locale ?? customer.language ?? "en";
    // And by SMS to a verified number (issue 28), in the mail's language (issue 41 item 12): an account opened with one alone has no e-mail.
    if (sms) await smsOrder(shop, customer.id, order, sms, language);
    if (!customer.email) return;
    const env = appEnv();
    await sendOrKeep(shop, mailer(env), { to: customer.email, ...compose(order, customer.name, store.name, env.publicOrigin, i18nFor(language)) });
  } catch (error) {
    log.error("order mail could be neither sent nor kept", { orderId, ...errorFields(error) });
  }
}
