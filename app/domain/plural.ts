// One way to say a count in English: "1 item", "2 items", "0 items". Indian English follows
// the same rule as English (Intl's "one" is exactly 1), so no table of exceptions is needed.
const rules = new Intl.PluralRules("en-IN");

/** `n` with its noun, singular or plural by the count: count(1, "item") is "1 item". */
export function count(n: number, singular: string, plural = `${singular}s`): string {
  return `${n.toLocaleString("en-IN")} ${rules.select(n) === "one" ? singular : plural}`;
}
