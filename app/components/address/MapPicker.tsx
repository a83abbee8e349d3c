import { useEffect, useRef, useState } from "react";
import { placeAt, type PickedPlace } from "./place.ts";
import { useI18n } from "../i18n.tsx";

export type { PickedPlace };

// Specification: Transaction constants: the map opens on Gurugram at zoom 16; its code is fetched with up to 3 retries.
const CENTRE: [number, number] = [28.4595, 77.0266];
const ZOOM = 16;
const RETRIES = 3;

/** Imports the map's code, trying again after 0.5, 1 and 2 seconds when the network drops it. */
async function loadLeaflet(): Promise<typeof import("leaflet")> {
  for (let attempt = 0; ; attempt++) {
    try {
      const [leaflet] = await Promise.all([import("leaflet"), import("leaflet/dist/leaflet.css")]);
      return (leaflet as { default?: typeof import("leaflet") }).default ?? leaflet;
    } catch (error) {
      if (attempt >= RETRIES) throw error;
      await new Promise((resolve) => setTimeout(resolve, 500 * 2 ** attempt));
    }
  }
}

/**
 * A map to pick a new address's point (issue 15): tap it, and the place's street, city, state and
 * PIN are looked up by the shop's geocoder and handed to the form. Its code loads only here.
 */
export function MapPicker({ tiles, attribution, onPicked }: { tiles: string; attribution: string; onPicked: (place: PickedPlace) => void }) {
  const box = useRef<HTMLDivElement>(null);
  const picked = useRef(onPicked);
  const [state, setState] = useState<"loading" | "ready" | "failed" | "looking">("loading");
  // In English, said in the page's language where it is shown.
  const [problem, setProblem] = useState<string | null>(null);
  const i18n = useI18n();

  useEffect(() => {
    picked.current = onPicked;
  });

  useEffect(() => {
    let map: import("leaflet").Map | null = null;
    let cancelled = false;
    loadLeaflet().then(
      (L) => {
        if (cancelled || !box.current) return;
        map = L.map(box.current).setView(CENTRE, ZOOM);
        L.tileLayer(tiles, { attribution, maxZoom: 19 }).addTo(map);
        let marker: import("leaflet").CircleMarker | null = null;
        let latest = 0;
        map.on("click", async (event) => {
          // Quick taps: only the last one's answer fills the form.
          const ask = ++latest;
          const { lat, lng } = event.latlng;
          marker?.remove();
          marker = L.circleMarker([lat, lng], { radius: 9, color: "#b91c1c" }).addTo(map!);
          setState("looking");
          setProblem(null);
          try {
            const place = await placeAt(lat, lng);
            if (ask !== latest) return;
            if (place) picked.current(place);
            else setProblem(/*i18n*/ "No address was found there. Pick another point, or type the address.");
          } catch {
            setProblem(/*i18n*/ "The address could not be looked up. Pick again, or type the address.");
          } finally {
            setState("ready");
          }
        });
        setState("ready");
      },
      () => setState("failed"),
    );
    return () => {
      cancelled = true;
      map?.remove();
    };
  }, [tiles, attribution]);

  return (
    <div>
      <div ref={box} role="application" aria-label={i18n._("Map: tap where the address is")} className="h-64 w-full rounded-md border border-stone-300" />
      <p role="status" className="mt-1 text-xs text-stone-600">
        {state === "loading"
          ? i18n._("Loading the map…")
          : state === "looking"
            ? i18n._("Finding the address…")
            : state === "failed"
              ? i18n._("The map could not load: type the address instead.")
              : i18n._("Tap the map where the address is.")}
      </p>
      {problem && (
        <p role="alert" className="text-xs text-red-700">
          {i18n._(problem)}
        </p>
      )}
    </div>
  );
}
