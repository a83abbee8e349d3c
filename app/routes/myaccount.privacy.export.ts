// /myaccount/privacy/export/:id?key=…: 'Download my data' hands over its ZIP (issue 48 item 3,
// decision 085), the link mailed and on My Account: to its signed-in owner only (the customer pages'
// guard) with the link's key, once, within 24 hours; then its bytes are gone. Refused, back to the
// page that says why.
import { waysIn } from "../server/ways-in.server.ts";
import { parseId } from "../domain/ids.ts";
import { customerIn } from "../server/access.server.ts";
import { sentOnWhenRefused } from "../server/forms/pipeline.server.ts";
import { fileResponse } from "../server/file-response.server.ts";
import type { Route } from "./+types/myaccount.privacy.export";

export async function loader({ params, context, url }: Route.LoaderArgs) {
  const customer = customerIn(context);
  // Refused (a wrong key, used, past its hours): back to the page that says why. Unprefixed: a Hindi
  // page's redirect is taken to its Hindi page by the language's own layer.
  return sentOnWhenRefused("/myaccount/privacy", async () => {
    const { file, filename } = await waysIn(context).useCases.dataExport.downloadDataExport(customer, parseId(params.id), url.searchParams.get("key"));
    return fileResponse(file, { type: "application/zip", filename });
  });
}
