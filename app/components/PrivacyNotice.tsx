// The privacy notice's items (issue 48): one block per item of personal data under its heading,
// so it reads on a 360 px phone as on a desk (a four-column table would not).
import type { Notice } from "../domain/privacy/notice.ts";
import { useI18n } from "./i18n.tsx";

export function PrivacyNotice({ notice }: { notice: Notice }) {
  const i18n = useI18n();
  return (
    <div className="mt-4 space-y-4">
      {notice.rows.map((row) => (
        <div key={row.key} className="rounded-md border border-stone-200 p-4">
          <h3 className="font-semibold">{row.what}</h3>
          <dl className="mt-2 space-y-1 text-sm leading-relaxed">
            <div>
              <dt className="inline font-medium">{i18n._("Why:")} </dt>
              <dd className="inline">{row.why}</dd>
            </div>
            <div>
              <dt className="inline font-medium">{i18n._("Kept:")} </dt>
              <dd className="inline">{row.kept}</dd>
            </div>
            <div>
              <dt className="inline font-medium">{i18n._("Also received by:")} </dt>
              <dd className="inline">{row.sharedWith.length ? row.sharedWith.join("; ") : i18n._("no one outside the shop")}</dd>
            </div>
          </dl>
        </div>
      ))}
      <p className="text-sm text-stone-600">{i18n._("Notice version {version}", { version: notice.version })}</p>
    </div>
  );
}
