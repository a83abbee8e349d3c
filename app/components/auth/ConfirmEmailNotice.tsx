import { Form, useNavigation } from "react-router";
import { confirmEmail } from "../forms.ts";
import { EMAIL_CONFIRMATION_MESSAGES } from "../../domain/account.ts";
import { useI18n } from "../i18n.tsx";

/** My Account's reminder while the account's e-mail is not confirmed (decision 047), with the button that mails the link again. */
export function ConfirmEmailNotice({ email }: { email: string }) {
  const busy = useNavigation().formData?.get("intent") === "send-confirmation";
  const i18n = useI18n();
  return (
    <div className="mt-4 max-w-xl rounded-md border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950">
      <p>{i18n._(EMAIL_CONFIRMATION_MESSAGES.pending(email))}</p>
      <Form method="post" action={confirmEmail.action} className="mt-3">
        <button
          type="submit"
          {...confirmEmail.intent("send-confirmation")}
          disabled={busy}
          className="rounded-md border border-amber-700 px-3 py-1.5 font-semibold text-amber-950 hover:bg-amber-100 disabled:opacity-60"
        >
          {i18n._(EMAIL_CONFIRMATION_MESSAGES.resend)}
        </button>
      </Form>
    </div>
  );
}
