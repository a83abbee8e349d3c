// The spoken corpus (issue 44): big enough, every language at three speeds and in noise, its
// audio present, and each order's expected lines what the matcher makes of its own text, so a
// provider that hears every word right scores every line.
import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { preTicked } from "../../app/domain/voice-order.ts";
import { readCorpus } from "./corpus.ts";
import { demoOrder } from "./demo-matcher.ts";

const { takes, orders, recordings } = readCorpus();

describe("the spoken corpus", () => {
  it("holds at least 40 orders of 1 to 5 items, at least 10 in each of English, Hinglish and Hindi, at three speeds and in noise", () => {
    expect(orders.length).toBeGreaterThanOrEqual(40);
    for (const language of ["en", "hinglish", "hi"] as const) expect(orders.filter((o) => o.language === language).length).toBeGreaterThanOrEqual(10);
    expect(new Set(orders.map((o) => o.language))).toEqual(new Set(["en", "hinglish", "hi"]));
    for (const language of ["en", "hinglish", "hi"] as const) {
      expect(new Set(takes[language].map((t) => t.speed)).size).toBeGreaterThanOrEqual(3);
      expect(takes[language].some((t) => t.noise)).toBe(true);
    }
    expect(Math.min(...orders.map((o) => o.lines.length))).toBe(1);
    expect(Math.max(...orders.map((o) => o.lines.length))).toBe(5);
    // Quantities in digits and in words.
    expect(orders.some((o) => /\d/.test(o.text))).toBe(true);
    expect(new Set(orders.map((o) => o.id)).size).toBe(orders.length);
  });

  it("has every recording's audio (npm run voice:corpus makes it)", () => {
    for (const r of recordings) expect(fs.existsSync(r.file), r.file).toBe(true);
  });

  it.each(orders.map((o) => [o.id, o] as const))("%s: its text, heard perfectly, is its lines, all ticked", (_id, o) => {
    const items = demoOrder(o.text);
    expect(items.map((i) => [i.internalReference, i.count])).toEqual(o.lines);
    expect(items.every(preTicked)).toBe(true);
  });
});
