import type { ReactNode } from "react";
import { Form } from "react-router";
import { staffOrders } from "../forms.ts";

/**
 * A staff form about one line of an order (mark short, replace, take back): its intent, the
 * order and line it names and the page to come back to, written once; the form's own fields go inside.
 */
export function LineForm({
  intent,
  order,
  line,
  back,
  action = staffOrders.action,
  className,
  children,
}: {
  intent: "short" | "replace" | "take-back";
  order: number;
  line: number;
  back: string;
  action?: string;
  className: string;
  children: ReactNode;
}) {
  return (
    <Form method="post" action={action} className={className}>
      <input type="hidden" {...staffOrders.intent(intent)} />
      <input type="hidden" name={staffOrders.field(intent, "order")} value={order} />
      <input type="hidden" name={staffOrders.field(intent, "line")} value={line} />
      <input type="hidden" name="redirectTo" value={back} />
      {children}
    </Form>
  );
}
