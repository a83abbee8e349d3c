// /myaccount/privacy/export/:id?key=…: 'Download my data' hands over its ZIP (issue 48 item 3,
// decision 085), the link mailed and on My Account: to its signed-in owner only (the customer pages'
// guard) with the link's key, once, within 24 hours; then its bytes are gone. Refused, back to the
// page that says why.
import { waysIn } from "../server/ways-in.server.ts";
import { parseId } from "../domain/ids.ts";
import { EXPORT_MESSAGES } from "../domain/privacy/rights.ts";
import { customerIn } from "../server/access.server.ts";
import { exportKeyFits } from "../server/privacy/export-link.server.ts";
import { cookies } from "../server/auth/cookies.server.ts";
import { ShopError } from "../server/shop/port.server.ts";
import type { Route } from "./+types/myaccount.privacy.export";

export async function loader({ params, context, url }: Route.LoaderArgs) {
  const customer = customerIn(context);
  const id = parseId(params.id);
  try {
    if (id === null || !exportKeyFits(id, customer.id, url.searchParams.get("key"))) throw new ShopError("not_found", EXPORT_MESSAGES.notFound);
    const { file, filename } = await waysIn(context).useCases.dataExport.downloadDataExport(customer, id);
    return new Response(new Uint8Array(file), {
      headers: {
        "Content-Type": "application/zip",
        "Content-Disposition": `attachment; filename="${filename}"`,
        "Content-Length": String(file.byteLength),
        "Cache-Control": "private, no-store",
      },
    });
  } catch (error) {
    if (!(error instanceof ShopError)) throw error;
    // Unprefixed: a Hindi page's redirect is taken to its Hindi page by the language's own layer.
    return cookies().toast.redirectWithToast("/myaccount/privacy", { type: "error", message: error.message }, { status: 303 });
  }
}
