// Sends an order's mail to its customer (issue 11 point 4). A mail server that is down does
// not undo the order: the mail is kept and sent later (decision 017).
import type { MailedOrder, OrderMail } from "../../domain/order-mail.ts";
import { store } from "../../store-config.ts";
import { appEnv } from "../env.server.ts";
import type { Customer, Shop } from "../shop/port.server.ts";
import { mailer } from "./mailer.server.ts";
import { sendOrKeep } from "./queue.server.ts";

type Compose = (order: MailedOrder, customerName: string, shopName: string, origin: string) => OrderMail;

export async function mailOrder(shop: Shop, customer: Customer, orderId: number, compose: Compose): Promise<void> {
  const order = await shop.orders.get(customer, orderId);
  if (!order) return;
  const env = appEnv();
  await sendOrKeep(shop, mailer(env), { to: customer.email, ...compose(order, customer.name, store.name, env.publicOrigin) });
}
