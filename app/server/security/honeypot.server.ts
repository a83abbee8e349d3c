// The honeypot on the contact and newsletter forms (remix-utils): a field people never see
// and an encrypted timestamp. A filled field means a bot: the post is refused quietly.
import { Honeypot, SpamError, type HoneypotInputProps } from "remix-utils/honeypot/server";
import { cookieSecret } from "../auth/secret.server.ts";
import { appEnv } from "../env.server.ts";

let honeypot: Honeypot | undefined;
function instance(): Honeypot {
  return (honeypot ??= new Honeypot({ encryptionSeed: cookieSecret(appEnv()), nameFieldName: "website_url", validFromFieldName: "form_opened" }));
}

export function honeypotInputProps(): Promise<HoneypotInputProps> {
  return instance().getInputProps();
}

export async function isSpam(form: FormData): Promise<boolean> {
  try {
    await instance().check(form);
    return false;
  } catch (error) {
    if (error instanceof SpamError) return true;
    throw error;
  }
}
