// How often a standing order comes: the five rhythms, the weekdays to choose and every N weeks.
// Plain radios and checkboxes, so it works without JavaScript; what was typed survives a refusal.
import { useI18n } from "../i18n.tsx";
import { MAX_EVERY_WEEKS, WEEKDAYS, type Frequency } from "../../domain/subscription.ts";
import { FREQUENCY_CHOICES, weekdayName } from "./subscription-text.ts";

export function RhythmFields({ current, idPrefix }: { current: Frequency; idPrefix: string }) {
  const i18n = useI18n();
  const chosenDays = current.kind === "days" ? current.days : [];
  return (
    <fieldset className="space-y-2">
      <legend className="font-medium">{i18n._("How often")}</legend>
      {FREQUENCY_CHOICES.map((c) => (
        <label key={c.kind} className="flex items-center gap-2">
          <input type="radio" name="every" value={c.kind} defaultChecked={current.kind === c.kind} />
          {i18n._(c.label)}
        </label>
      ))}
      <fieldset className="ml-6 flex flex-wrap gap-3" aria-label={i18n._("Days of the week")}>
        {WEEKDAYS.map((d) => (
          <label key={d} className="flex items-center gap-1 text-sm">
            <input type="checkbox" name="days" value={d} defaultChecked={chosenDays.includes(d)} />
            {weekdayName(i18n, d)}
          </label>
        ))}
      </fieldset>
      <label htmlFor={`${idPrefix}-weeks`} className="ml-6 flex items-center gap-2 text-sm">
        {i18n._("Every how many weeks (1 to {max})", { max: MAX_EVERY_WEEKS })}
        <input
          id={`${idPrefix}-weeks`}
          name="weeks"
          inputMode="numeric"
          defaultValue={current.kind === "weeks" ? current.every : 1}
          className="w-16 rounded-md border border-stone-300 px-2 py-1"
        />
      </label>
    </fieldset>
  );
}
