// The honeypot on the contact and newsletter forms (remix-utils): a field people never see
// and an encrypted timestamp. A filled field means a bot: the post is refused quietly.
import { Honeypot, type HoneypotInputProps } from "remix-utils/honeypot/server";
import { cookieSecret } from "./secret.server.ts";
import { appEnv } from "../env.server.ts";

const NAME_FIELD = "website_url";
const VALID_FROM_FIELD = "form_opened";

let honeypot: Honeypot | undefined;
function instance(): Honeypot {
  return (honeypot ??= new Honeypot({ encryptionSeed: cookieSecret(appEnv()), nameFieldName: NAME_FIELD, validFromFieldName: VALID_FROM_FIELD }));
}

// Every page's root loader carries the fields, and each set costs a key derivation and an
// AES-GCM encryption (a few per cent of a signed-in page). The timestamp only says when the form
// was shown, to the second, so one set serves every page rendered within the same second.
let recent: { at: number; props: Promise<HoneypotInputProps> } | null = null;

export function honeypotInputProps(): Promise<HoneypotInputProps> {
  const now = Date.now();
  if (!recent || now - recent.at >= 1000 || now < recent.at) {
    const props = instance().getInputProps({ validFromTimestamp: now });
    recent = { at: now, props };
    // A failed encryption is not kept for the rest of the second.
    props.catch(() => {
      if (recent?.props === props) recent = null;
    });
  }
  return recent.props;
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
