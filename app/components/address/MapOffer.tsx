import { lazy, Suspense, useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { useRootData } from "../root-data.ts";
import { useI18n } from "../i18n.tsx";
import type { PickedPlace } from "./MapPicker.tsx";

// The map and its code load only when the shopper asks for it (issue 15); if its code cannot be
// fetched, the form says so and the plain fields stay.
const MapPicker = lazy(() =>
  import("./MapPicker.tsx").then(
    (m) => ({ default: m.MapPicker }),
    () => ({ default: MapUnavailable }),
  ),
);

function MapUnavailable(_: { tiles: string; attribution: string; onPicked(place: PickedPlace): void }) {
  const i18n = useI18n();
  return <p className="text-xs text-stone-600">{i18n._("The map could not load: type the address instead.")}</p>;
}

/**
 * 'Pick the address on a map' (with JavaScript, where the shop has a map: MAP_TILES_URL and
 * GEOCODER_URL): offered below the form's buttons, so nothing moves under the shopper's pointer
 * when the page wakes; 'Skip and type manually' leaves it for the plain fields.
 */
export function MapOffer({ onPicked, onTyped }: { onPicked(place: PickedPlace): void; onTyped(): void }) {
  const map = useRootData()?.map ?? null;
  const hydrated = useHydrated();
  const [state, setState] = useState<"closed" | "open" | "picked">("closed");
  const i18n = useI18n();
  if (!hydrated || !map) return null;
  if (state === "closed") {
    return (
      <button type="button" onClick={() => setState("open")} className="text-sm font-medium text-brand-700 underline">
        {i18n._("Pick the address on a map")}
      </button>
    );
  }
  return (
    <section aria-label={i18n._("Pick the address on the map")} className="space-y-2">
      {state === "open" ? (
        <Suspense fallback={<p className="text-xs text-stone-600">{i18n._("Loading the map…")}</p>}>
          <MapPicker
            tiles={map.tiles}
            attribution={map.attribution}
            onPicked={(place) => {
              onPicked(place);
              setState("picked");
            }}
          />
        </Suspense>
      ) : (
        <p className="text-sm text-stone-700">{i18n._("The address fields are filled from the map.")}</p>
      )}
      <button
        type="button"
        onClick={() => {
          setState("closed");
          onTyped();
        }}
        className="text-sm font-medium text-brand-700 underline"
      >
        {i18n._("Skip and type manually")}
      </button>
    </section>
  );
}
