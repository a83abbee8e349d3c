// /staff/newsletter.csv: the newsletter's confirmed, still-subscribed addresses as a CSV
// attachment (issue 14, decision 036). Staff only (404 to anyone else), never cached; each
// download is audited.
import { waysIn } from "../server/ways-in.server.ts";
import { shopDate } from "../domain/delivery.ts";
import { subscribersCsv } from "../domain/csv.ts";
import { CSV, fileResponse } from "../server/file-response.server.ts";
import { staffOf } from "../server/access.server.ts";
import type { Route } from "./+types/staff.newsletter.csv";

export async function loader({ context }: Route.LoaderArgs) {
  const staff = staffOf(context);
  const rows = await waysIn(context).useCases.newsletter.exportSubscribers(staff.id);
  return fileResponse(subscribersCsv(rows), { type: CSV, filename: `haat-newsletter-subscribers-${shopDate(new Date())}.csv` });
}
