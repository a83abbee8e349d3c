import { refusalOf } from "../../domain/form-reply.ts";
import { useI18n } from "../i18n.tsx";

/** Why a plain form post was refused, on the page that answers it (with JavaScript a toast says it too). */
export function RefusalNotice({ reply, className = "" }: { reply: unknown; className?: string }) {
  const refusal = refusalOf(reply);
  const i18n = useI18n();
  if (!refusal) return null;
  return (
    <p role="alert" className={`rounded-md bg-red-50 p-3 text-sm text-red-900 ${className}`}>
      {i18n._(refusal.error)}
    </p>
  );
}
