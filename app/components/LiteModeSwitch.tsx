import { Form } from "react-router";
import { LITE_MESSAGES } from "../domain/lite-mode.ts";
import { lite } from "./forms.ts";
import { useI18n } from "./i18n.tsx";
import { useHere, useLiteMode } from "./root-data.ts";

/** The footer's Lite mode switch (issue 26): a form post, so it works without JavaScript too. */
export function LiteModeSwitch() {
  const mode = useLiteMode();
  const here = useHere();
  // LITE_MESSAGES (domain/lite-mode.ts) are translated as they are shown.
  const i18n = useI18n();
  return (
    <section aria-labelledby="footer-lite" className="mt-6">
      <h2 id="footer-lite" className="text-lg font-semibold text-white">
        {i18n._(LITE_MESSAGES.heading)}
      </h2>
      <p role={mode.on ? "status" : undefined} className="mt-1 text-sm text-stone-300">
        {i18n._(mode.on ? (mode.why === "browser" ? LITE_MESSAGES.onByBrowser : LITE_MESSAGES.on) : LITE_MESSAGES.off)}
      </p>
      <Form method="post" action={lite.action} className="mt-2">
        <input type="hidden" name="redirectTo" value={here} />
        <button
          type="submit"
          {...lite.intent(mode.on ? "lite-off" : "lite-on")}
          className="rounded-md border border-stone-600 px-3 py-1.5 text-sm font-semibold text-white hover:bg-stone-800"
        >
          {i18n._(mode.on ? LITE_MESSAGES.turnOff : LITE_MESSAGES.turnOn)}
        </button>
      </Form>
    </section>
  );
}
