// The relevance measures of issue 13, over a judged query set.
//
// Precision at 5: of the first five results, the share that are right answers, out of
// min(5, max(results shown, right answers)): junk among the first five costs, and so does a
// right answer left out, but a query with two right answers that shows exactly those two
// scores 1. Reciprocal rank: 1 / the position of the first right answer (0 when none is shown).
// The zero-result rate: the share of queries with an answer that show nothing.

export interface Judged {
  q: string;
  kind: string;
  /** internal_reference of each right answer's first variant, the best first. */
  relevant: string[];
  note?: string;
}

export interface Report {
  answered: number;
  precisionAt5: number;
  mrr: number;
  zeroRate: number;
  notSold: number;
  junk: number;
  junkQueries: string[];
  byKind: Record<string, { n: number; precisionAt5: number; mrr: number }>;
  misses: { q: string; kind: string; precision: number; rr: number; got: number[] }[];
}

export function evaluate(judged: readonly Judged[], search: (q: string) => number[], idOf: ReadonlyMap<string, number>): Report {
  let p5 = 0;
  let rrSum = 0;
  let zero = 0;
  let answered = 0;
  const junkQueries: string[] = [];
  const byKind: Record<string, { n: number; p: number; rr: number }> = {};
  const misses: Report["misses"] = [];
  for (const j of judged) {
    const got = search(j.q);
    if (j.relevant.length === 0) {
      if (got.length > 0) {
        junkQueries.push(j.q);
        misses.push({ q: j.q, kind: j.kind, precision: 0, rr: 0, got: got.slice(0, 5) });
      }
      continue;
    }
    answered++;
    const right = new Set(j.relevant.map((r) => idOf.get(r)));
    const top = got.slice(0, 5);
    const hits = top.filter((id) => right.has(id)).length;
    const precision = hits / Math.min(5, Math.max(got.length, right.size));
    const first = got.findIndex((id) => right.has(id));
    const rr = first < 0 ? 0 : 1 / (first + 1);
    if (got.length === 0) zero++;
    p5 += precision;
    rrSum += rr;
    const k = (byKind[j.kind] ??= { n: 0, p: 0, rr: 0 });
    k.n++;
    k.p += precision;
    k.rr += rr;
    if (precision < 1 || rr < 1) misses.push({ q: j.q, kind: j.kind, precision, rr, got: top });
  }
  return {
    answered,
    precisionAt5: answered ? p5 / answered : 1,
    mrr: answered ? rrSum / answered : 1,
    zeroRate: answered ? zero / answered : 0,
    notSold: judged.length - answered,
    junk: junkQueries.length,
    junkQueries,
    byKind: Object.fromEntries(Object.entries(byKind).map(([kind, v]) => [kind, { n: v.n, precisionAt5: v.p / v.n, mrr: v.rr / v.n }])),
    misses,
  };
}
