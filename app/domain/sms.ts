// The shop's SMS (issue 28, decision 053), each a template as registered under India's DLT rules:
// a text that must go out exactly as registered apart from its variables ({name}). MSG91 keeps
// the same text under its template id (env MSG91_TEMPLATE_*); the outbox and the stand-in render
// it from here. English only: a Hindi SMS is Unicode (70 characters a part) and would need its own
// registered templates.
export const SMS_TEMPLATES = {
  // The last line is what the WebOTP API reads: "@host #code".
  otp: "{code} is your Haat code. It is valid for 10 minutes. Do not share it with anyone.\n\n@{host} #{code}",
  orderPlaced: "Haat: your order {order} of {total} is placed. See it at {link}",
  outForDelivery: "Haat: your order {order} is out for delivery. See it at {link}",
  delivered: "Haat: your order {order} has been delivered. Thank you for shopping with us. {link}",
  cancelled: "Haat: your order {order} is cancelled. See it at {link}",
  // 'Notify Me' (issue 29): once, when the item a shopper waited for is back.
  backInStock: "Haat: {item} is back in stock. See it at {link}",
  // When a way to sign in is added or changed, to the number the account had (ASVS: the old contact is told).
  signInChanged: "Haat: the sign-in details of your account were changed. If this was not you, write to us at {link}",
} as const;

export type SmsTemplate = keyof typeof SMS_TEMPLATES;

export interface Sms {
  /** The 10-digit mobile number. */
  to: string;
  template: SmsTemplate;
  values: Record<string, string>;
}

export function isSmsTemplate(name: string): name is SmsTemplate {
  return Object.hasOwn(SMS_TEMPLATES, name);
}

/** The text an SMS reads. Throws when a variable has no value: a DLT template goes out whole or not at all. */
export function smsText(sms: Pick<Sms, "template" | "values">): string {
  return SMS_TEMPLATES[sms.template].replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = sms.values[name];
    if (value === undefined) throw new Error(`The SMS template ${sms.template} needs {${name}}`);
    return value;
  });
}

/** The variables a template names, each once. */
export function smsVariables(template: SmsTemplate): string[] {
  return [...new Set([...SMS_TEMPLATES[template].matchAll(/\{(\w+)\}/g)].map((m) => m[1]!))];
}

/** Whether `text` is `template` with something in place of each variable (what DLT scrubbing checks). */
export function matchesTemplate(text: string, template: string): boolean {
  const pattern = template
    .split(/\{\w+\}/)
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
    .join("[^\\n]{1,30}");
  return new RegExp(`^${pattern}$`).test(text);
}
