// An order's updates by SMS (issue 28 item 6): placed, out for delivery, delivered, cancelled,
// to the account's verified number unless it turned them off, through the shop's SMS provider
// and its DLT templates (domain/sms.ts). Like the order's mail: never throws, and a send that
// fails is kept in the queue for a retry (an update holds no secret).
import { formatRupees } from "../../domain/money.ts";
import type { MailedOrder } from "../../domain/order-mail.ts";
import { smsVariables, type SmsTemplate } from "../../domain/sms.ts";
import { appEnv } from "../env.server.ts";
import { errorFields, log } from "../log.server.ts";
import type { Shop } from "../shop/port.server.ts";
import { sendSmsOrKeep, smsSender } from "./sms.server.ts";

export type OrderSms = Extract<SmsTemplate, "orderPlaced" | "outForDelivery" | "delivered" | "cancelled">;

/** The update's values: short (a DLT variable holds 30 characters) and in GSM characters (Rs., not ₹, keeps it one plain SMS). */
export function orderSmsValues(order: Pick<MailedOrder, "id" | "number" | "totalPaise">, origin: string): Record<string, string> {
  // The number people see; the link by the order's key (decision 065).
  return { order: `#${order.number}`, total: formatRupees(order.totalPaise).replace("₹", "Rs. "), link: `${new URL(origin).host}/orders/${order.id}` };
}

export async function smsOrder(shop: Shop, customerId: number, order: Pick<MailedOrder, "id" | "number" | "totalPaise">, template: OrderSms): Promise<void> {
  try {
    const env = appEnv();
    const sender = smsSender(env);
    if (!sender?.sends(template)) return;
    const { mobile, updates } = await shop.accounts.smsSettings(customerId);
    if (!mobile || !updates) return;
    const all = orderSmsValues(order, env.publicOrigin);
    const values = Object.fromEntries(smsVariables(template).map((name) => [name, all[name]!]));
    await sendSmsOrKeep(shop, sender, { to: mobile, template, values });
  } catch (error) {
    log.error("order SMS could be neither sent nor kept", { orderId: order.id, ...errorFields(error) });
  }
}
