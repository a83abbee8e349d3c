// Ids in URLs and forms: a plain positive whole number that fits the database's integer
// columns. Anything else ("abc", "-1", "1.5", "0012", a 40-digit number) names nothing.
const MAX_ID = 2 ** 31 - 1;

export function parseId(value: unknown): number | null {
  if (typeof value !== "string" || !/^[1-9]\d{0,9}$/.test(value)) return null;
  const n = Number(value);
  return n <= MAX_ID ? n : null;
}
