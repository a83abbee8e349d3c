// The one way the browser asks the shop what is at a point (app/routes/api.location.ts): the
// header's 'Use my location' and the address map both use it.
export interface PickedPlace {
  text: string;
  street: string | null;
  city: string | null;
  state: string | null;
  postcode: string | null;
}

/** The place at a point, or null when nothing is known there; throws when the shop cannot be reached. */
export async function placeAt(lat: number, lon: number): Promise<PickedPlace | null> {
  const answer = await fetch(`/api/location?lat=${lat}&lon=${lon}`);
  if (!answer.ok && answer.status !== 400) throw new Error(`HTTP ${answer.status}`);
  return ((await answer.json()) as { place: PickedPlace | null }).place;
}
