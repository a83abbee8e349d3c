import { useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { placeAt } from "./address/place.ts";
import { useI18n, carryMessages } from "./i18n.tsx";
import { useRootData, useViewer } from "./root-data.ts";
import { useSplicePart } from "./splice-protocol.tsx";

const TIMEOUT_MS = 15_000;

// Kept in English in state, translated as shown.
export const LOCATION_MESSAGES = {
  denied: /*i18n*/ "Location permission was denied.",
  unavailable: /*i18n*/ "Your location is not available right now.",
  timeout: /*i18n*/ "Finding your location took too long.",
  unsupported: /*i18n*/ "This browser cannot share its location.",
} as const;

/**
 * The header's location line (Specification: Header; issue 15): the chosen delivery address's city and
 * PIN; and, where the shop can name a place, 'Use my location', which asks the browser only when
 * tapped (nothing is asked on page load) and says why when it cannot.
 */
export function LocationLine() {
  useSplicePart("location-line");
  const deliverTo = useViewer()?.deliverTo ?? null;
  const geocoder = useRootData()?.geocoder ?? false;
  const hydrated = useHydrated();
  const [place, setPlace] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);
  const i18n = useI18n();
  carryMessages(i18n, ["Use my location", "Finding you…"]);

  function locate() {
    setProblem(null);
    if (!("geolocation" in navigator)) return setProblem(LOCATION_MESSAGES.unsupported);
    setAsking(true);
    navigator.geolocation.getCurrentPosition(
      async ({ coords }) => {
        try {
          const found = await placeAt(coords.latitude, coords.longitude);
          if (found) setPlace(found.text);
          else setProblem(LOCATION_MESSAGES.unavailable);
        } catch {
          setProblem(LOCATION_MESSAGES.unavailable);
        } finally {
          setAsking(false);
        }
      },
      (error) => {
        setAsking(false);
        setProblem(error.code === error.PERMISSION_DENIED ? LOCATION_MESSAGES.denied : error.code === error.TIMEOUT ? LOCATION_MESSAGES.timeout : LOCATION_MESSAGES.unavailable);
      },
      { timeout: TIMEOUT_MS, maximumAge: 10 * 60_000 },
    );
  }

  const text = place ?? (deliverTo ? `${deliverTo.city} ${deliverTo.zip}` : "");
  return (
    <span className="block text-stone-600" data-testid="delivery-location">
      <span aria-live="polite">{text}</span>
      {hydrated && geocoder && !place && (
        <button type="button" onClick={locate} disabled={asking} className={`${text ? "ml-2 " : ""}underline hover:text-brand-700`}>
          {asking ? i18n._("Finding you…") : i18n._("Use my location")}
        </button>
      )}
      {problem && (
        <span role="alert" className="block text-xs text-red-700">
          {i18n._(problem)}
        </span>
      )}
    </span>
  );
}
