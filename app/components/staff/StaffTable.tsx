// A staff table that scrolls sideways on a narrow screen (360 px): its scroller is a region named by
// the table's caption and reached by the keyboard, as the coupons' table's is.
import { useId, type ReactNode } from "react";

export function StaffTable({ caption, headings, children, className = "" }: { caption: string; headings: string[]; children: ReactNode; className?: string }) {
  const id = useId();
  return (
    <div role="region" aria-labelledby={id} tabIndex={0} className={`overflow-x-auto ${className}`}>
      <table className="w-full text-left text-sm">
        <caption id={id} className="sr-only">
          {caption}
        </caption>
        <thead>
          <tr className="border-b border-stone-300">
            {headings.map((h, i) => (
              <th key={h} scope="col" className={`py-2 ${i < headings.length - 1 ? "pr-3" : ""}`}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
