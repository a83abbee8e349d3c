// The honeypot on the contact and newsletter forms (remix-utils): a field people never see
// and an encrypted timestamp. A filled field means a bot: the post is refused quietly.
import { Honeypot, type HoneypotInputProps } from "remix-utils/honeypot/server";
import { cookieSecret } from "../auth/secret.server.ts";
import { appEnv } from "../env.server.ts";

const NAME_FIELD = "website_url";
const VALID_FROM_FIELD = "form_opened";

let honeypot: Honeypot | undefined;
function instance(): Honeypot {
  return (honeypot ??= new Honeypot({ encryptionSeed: cookieSecret(appEnv()), nameFieldName: NAME_FIELD, validFromFieldName: VALID_FROM_FIELD }));
}

export function honeypotInputProps(): Promise<HoneypotInputProps> {
  return instance().getInputProps();
}

/**
 * A post without both hidden fields is spam too: remix-utils checks only when one of them
 * is there, so a bot that leaves both out would pass. An unreadable timestamp (the decrypt
 * throws on anything but its own output) is a bot's guess, not a fault of ours.
 */
export async function isSpam(form: FormData): Promise<boolean> {
  if (!form.has(NAME_FIELD) || !form.has(VALID_FROM_FIELD)) return true;
  try {
    await instance().check(form);
    return false;
  } catch {
    return true;
  }
}
