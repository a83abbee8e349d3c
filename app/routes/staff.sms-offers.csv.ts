// /staff/sms-offers.csv: the verified numbers whose owners agreed to offers by SMS (issue 48 item
// 2, decision 084), for the SMS provider's promotional route. Staff only (404 to anyone else),
// never cached; each download is audited.
import { waysIn } from "../server/ways-in.server.ts";
import { shopDate } from "../domain/delivery.ts";
import { smsOffersCsv } from "../domain/csv.ts";
import { CSV, fileResponse } from "../server/file-response.server.ts";
import { staffOf } from "../server/access.server.ts";
import type { Route } from "./+types/staff.sms-offers.csv";

export async function loader({ context }: Route.LoaderArgs) {
  const staff = staffOf(context);
  const rows = await waysIn(context).useCases.newsletter.exportSmsOffers(staff.id);
  return fileResponse(smsOffersCsv(rows), { type: CSV, filename: `haat-sms-offers-${shopDate(new Date())}.csv` });
}
