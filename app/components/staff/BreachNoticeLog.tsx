// The log of telling each shopper of a breach (issue 48 item 6): by whom, how, when, and what came of it.
import { StaffTable } from "./StaffTable.tsx";
import { staffTime } from "./staff-time.ts";
import { Link } from "react-router";
import type { BreachNoticeRow } from "../../server/shop/port.server.ts";

const STATUS: Record<BreachNoticeRow["status"], string> = {
  pending: "Waiting",
  sent: "Sent",
  kept: "Handed to the retry queue",
  failed: "Failed",
  skipped: "Not sent",
};

type Row = Omit<BreachNoticeRow, "queuedAt" | "sentAt"> & { queuedAt: string | Date; sentAt: string | Date | null };

export function BreachNoticeLog({ notices }: { notices: Row[] }) {
  return (
    <section aria-labelledby="notice-log-title">
      <h2 id="notice-log-title" className="text-lg font-semibold">
        Sending log
      </h2>
      {notices.length === 0 ? (
        <p className="mt-1 text-sm text-stone-700">No notice has been queued.</p>
      ) : (
        <StaffTable caption="Each notice: to which shopper, how, and what came of it" headings={["Shopper", "By", "Status", "Queued", "Sent"]} className="mt-2">
          {notices.map((n) => (
            <tr key={n.id} className="border-b border-stone-200 align-top">
              <td className="py-2 pr-3">
                <Link to={`/staff/shoppers/${n.customerId}`} className="text-brand-800 underline">
                  Account {n.customerId}
                </Link>
              </td>
              <td className="py-2 pr-3">{n.channel === "mail" ? "E-mail" : "SMS"}</td>
              <td className="py-2 pr-3">
                {STATUS[n.status]}
                {n.error ? `: ${n.error}` : ""}
              </td>
              <td className="py-2 pr-3 whitespace-nowrap">{staffTime.format(new Date(n.queuedAt))}</td>
              <td className="py-2 whitespace-nowrap">{n.sentAt ? staffTime.format(new Date(n.sentAt)) : "—"}</td>
            </tr>
          ))}
        </StaffTable>
      )}
    </section>
  );
}
