// A shopper's processing log as staff read it (issue 48 item 7): when, who (a staff member or one
// of the shop's jobs), read or changed, what.
import { StaffTable } from "./StaffTable.tsx";
import { staffTime } from "./staff-time.ts";
import type { ProcessingLogLine } from "../../server/shop/port.server.ts";

/** The shop's jobs, as staff name them. */
const SYSTEMS: Record<string, string> = {
  "data-export": "The shop: 'Download my data'",
  erasure: "The shop: 'Delete my account'",
  "breach-notice": "The shop: breach notice",
};

type Line = Omit<ProcessingLogLine, "at"> & { at: string | Date };

const who = (by: Line["by"]) => ("system" in by ? (SYSTEMS[by.system] ?? `The shop: ${by.system}`) : (by.staff ?? "A staff member no longer with the shop"));

export function ProcessingLogTable({ lines }: { lines: Line[] }) {
  if (lines.length === 0) return <p className="text-sm text-stone-700">Nobody at the shop has read or changed this shopper&apos;s data in that time.</p>;
  return (
    <StaffTable caption="Each read or change, the latest first" headings={["When", "Who", "Did", "What", "Which"]}>
      {lines.map((line, i) => (
        <tr key={i} className="border-b border-stone-200 align-top">
          <td className="py-2 pr-3 whitespace-nowrap">{staffTime.format(new Date(line.at))}</td>
          <td className="py-2 pr-3">{who(line.by)}</td>
          <td className="py-2 pr-3">{line.action === "read" ? "Read" : "Changed"}</td>
          <td className="py-2 pr-3">{line.what}</td>
          <td className="py-2">{line.detail ?? ""}</td>
        </tr>
      ))}
    </StaffTable>
  );
}
