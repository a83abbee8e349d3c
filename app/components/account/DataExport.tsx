// My Account's 'Download my data' (issue 48 item 3): ask for the file, see it being made, download
// it once. A plain form and a plain link (the file is an attachment, never a page the router
// renders); with JavaScript, a file being made is looked for again every few seconds.
import { useEffect, useState } from "react";
import { Form, useRevalidator } from "react-router";
import { EXPORT_MESSAGES } from "../../domain/privacy/rights.ts";
import { privacy } from "../forms.ts";
import { useI18n } from "../i18n.tsx";

const WHEN: Intl.DateTimeFormatOptions = { day: "numeric", month: "short", hour: "numeric", minute: "2-digit", timeZone: "Asia/Kolkata" };

export interface ExportShown {
  id: number;
  link: string;
  status: "pending" | "ready" | "downloaded" | "failed";
  bytes: number | null;
  expiresAt: string | null;
  downloadedAt: string | null;
  /** Past its hours: the link no longer works. */
  expired: boolean;
}

const sizeOf = (bytes: number) => (bytes < 1_000_000 ? `${Math.max(1, Math.round(bytes / 1000))} kB` : `${(bytes / 1_000_000).toFixed(1)} MB`);

/** While the file is being made, the page asks again every few seconds (it is usually a matter of seconds). */
function useWhileMaking(making: boolean) {
  const { revalidate, state } = useRevalidator();
  useEffect(() => {
    if (!making || state !== "idle") return;
    const timer = setTimeout(() => void revalidate(), 3000);
    return () => clearTimeout(timer);
  }, [making, state, revalidate]);
}

export function DataExport({ exported, hasEmail }: { exported: ExportShown | null; hasEmail: boolean }) {
  const i18n = useI18n();
  // Taken in this browser: the link works once, so the button goes (without JavaScript, a second press says why on this page).
  const [taken, setTaken] = useState<number | null>(null);
  const expired = exported?.expired === true;
  const ready = exported?.status === "ready" && !expired && taken !== exported.id;
  const making = exported?.status === "pending";
  useWhileMaking(making);
  return (
    <section aria-labelledby="export-title" className="mt-10">
      <h2 id="export-title" className="text-lg font-semibold">
        {i18n._(EXPORT_MESSAGES.heading)}
      </h2>
      <p className="mt-2 text-sm text-stone-700">{i18n._(hasEmail ? EXPORT_MESSAGES.explain : EXPORT_MESSAGES.explainNoEmail)}</p>
      <div role="status" className="mt-3 text-sm">
        {making && <p>{i18n._(EXPORT_MESSAGES.making)}</p>}
        {ready && <p>{i18n._(EXPORT_MESSAGES.ready, { time: i18n.date(exported.expiresAt!, WHEN) })}</p>}
        {expired && <p>{i18n._(EXPORT_MESSAGES.expired, { time: i18n.date(exported.expiresAt!, WHEN) })}</p>}
        {exported?.status === "downloaded" && exported.downloadedAt && <p>{i18n._(EXPORT_MESSAGES.downloaded, { time: i18n.date(exported.downloadedAt, WHEN) })}</p>}
        {taken !== null && taken === exported?.id && exported.status === "ready" && <p>{i18n._(EXPORT_MESSAGES.downloading)}</p>}
        {exported?.status === "failed" && <p>{i18n._(EXPORT_MESSAGES.failed)}</p>}
      </div>
      {ready ? (
        // A document request, never the router's: the answer is an attachment, or a page that says why not.
        <a
          href={exported.link}
          onClick={() => setTaken(exported.id)}
          className="mt-3 inline-block rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800"
        >
          {i18n._(EXPORT_MESSAGES.download, { size: sizeOf(exported.bytes ?? 0) })}
        </a>
      ) : (
        !making && (
          <Form method="post" action={privacy.action} className="mt-3">
            <input type="hidden" {...privacy.intent("export")} />
            <button type="submit" className="rounded-md border border-brand-700 px-4 py-2 text-sm font-semibold text-brand-800">
              {i18n._(EXPORT_MESSAGES.ask)}
            </button>
          </Form>
        )
      )}
    </section>
  );
}
