// The link a 'Download my data' file is handed over by (decision 085): its export's id and an HMAC of
// it and its owner, keyed by the cookie secret. The owner's session is needed too; the key makes the
// link unguessable, so no other site can make the owner's browser spend it (export ids count up).
import { createHmac, timingSafeEqual } from "node:crypto";
import { exportPath } from "../../domain/privacy/rights.ts";
import type { Locale } from "../../domain/i18n/locale.ts";
import { appEnv } from "../env.server.ts";
import { cookieSecret } from "../security/secret.server.ts";

const mac = (id: number, customerId: number) =>
  createHmac("sha256", `data-export:${cookieSecret(appEnv())}`)
    .update(`${id}.${customerId}`)
    .digest("base64url");

/** `/myaccount/privacy/export/{id}?key=…`, in the shopper's language. */
export function exportLink(id: number, customerId: number, locale: Locale = "en"): string {
  return `${exportPath(id, locale)}?key=${mac(id, customerId)}`;
}

/** Whether `key` is the one made for this export and owner. */
export function exportKeyFits(id: number, customerId: number, key: string | null): boolean {
  const want = Buffer.from(mac(id, customerId));
  const got = Buffer.from(key ?? "");
  return want.length === got.length && timingSafeEqual(want, got);
}
