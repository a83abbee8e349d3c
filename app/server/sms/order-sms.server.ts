// An order's updates by SMS (issue 28 item 6): placed, out for delivery, delivered, cancelled,
// to the account's verified number when its owner gave that consent (issue 48, decision 084), through the shop's SMS provider
// and its DLT templates (domain/sms.ts). Like the order's mail: never throws, and a send that
// fails is kept in the queue for a retry (an update holds no secret).
import { pathIn, type Locale } from "../../domain/i18n/locale.ts";
import { formatRupees } from "../../domain/money.ts";
import type { MailedOrder } from "../../domain/order-mail.ts";
import { smsVariables, type SmsTemplate } from "../../domain/sms.ts";
import { appEnv } from "../env.server.ts";
import { errorFields, log } from "../log.server.ts";
import type { Shop } from "../shop/port.server.ts";
import { smsLanguage } from "../../domain/sms.ts";
import { sendSmsOrKeep, smsSender } from "./sms.server.ts";

export type OrderSms = Extract<SmsTemplate, "orderPlaced" | "outForDelivery" | "delivered" | "cancelled">;

/**
 * The update's values: short (a DLT variable holds 30 characters). An English text keeps GSM
 * characters (Rs., not ₹, keeps it one plain SMS); a Hindi one is Unicode anyway and says ₹. The
 * link is to the shopper's language's page (issue 41 item 12), whatever language the text is in.
 */
export function orderSmsValues(order: Pick<MailedOrder, "id" | "number" | "totalPaise">, origin: string, page: Locale = "en", text: Locale = page): Record<string, string> {
  const total = formatRupees(order.totalPaise);
  // The number people see; the link by the order's key (decision 065).
  return { order: `#${order.number}`, total: text === "en" ? total.replace("₹", "Rs. ") : total, link: `${new URL(origin).host}${pathIn(page, `/orders/${order.id}`)}` };
}

/** `language`: the shopper's, as the order's mail chooses it (the page they acted on, else their account's). */
export async function smsOrder(shop: Shop, customerId: number, order: Pick<MailedOrder, "id" | "number" | "totalPaise">, template: OrderSms, language: Locale = "en"): Promise<void> {
  try {
    const env = appEnv();
    const sender = smsSender(env);
    if (!sender?.sends(template)) return;
    const { mobile, updates } = await shop.accounts.smsSettings(customerId);
    if (!mobile || !updates) return;
    const text = smsLanguage(sender, template, language);
    const all = orderSmsValues(order, env.publicOrigin, language, text);
    const values = Object.fromEntries(smsVariables(template).map((name) => [name, all[name]!]));
    await sendSmsOrKeep(shop, sender, { to: mobile, template, values, ...(text !== "en" && { language: text }) });
  } catch (error) {
    log.error("order SMS could be neither sent nor kept", { orderId: order.id, ...errorFields(error) });
  }
}
