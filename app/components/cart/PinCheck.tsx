import { Form } from "react-router";
import { useI18n } from "../i18n.tsx";

/** 'Check delivery to your PIN' on the cart page (issue 14): a GET form, so it works without JavaScript. */
export function PinCheck({ pin, answer }: { pin: string | null; answer: { ok: boolean; message: string } | null }) {
  const i18n = useI18n();
  return (
    <Form method="get" className="mt-4" aria-label={i18n._("Check delivery to your PIN")}>
      <label htmlFor="pin-check" className="text-sm font-semibold">
        {i18n._("Check delivery to your PIN")}
      </label>
      <div className="mt-1 flex gap-2">
        <input
          id="pin-check"
          name="pin"
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={7}
          defaultValue={pin ?? ""}
          placeholder="122002"
          className="min-w-0 flex-1 rounded-md border border-stone-300 px-3 py-2"
        />
        <button type="submit" className="rounded-md border border-brand-700 px-4 py-2 text-sm font-semibold text-brand-800 hover:bg-brand-50">
          {i18n._("Check")}
        </button>
      </div>
      {answer && (
        <p role="status" className={`mt-1 text-sm font-medium ${answer.ok ? "text-brand-800" : "text-red-700"}`}>
          {i18n._(answer.message)}
        </p>
      )}
    </Form>
  );
}
