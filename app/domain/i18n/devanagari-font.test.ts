import { describe, expect, it, vi } from "vitest";
import { addDevanagariFont, devanagariFaceCss, DEVANAGARI_STACK_CSS } from "./devanagari-font.ts";

class FakeFontFace {
  loaded = false;
  readonly family: string;
  readonly source: string;
  readonly descriptors: FontFaceDescriptors;
  constructor(family: string, source: string, descriptors: FontFaceDescriptors) {
    this.family = family;
    this.source = source;
    this.descriptors = descriptors;
  }
  load() {
    this.loaded = true;
    return Promise.resolve(this);
  }
}

function fakeDocument(readyState: DocumentReadyState) {
  const added: FakeFontFace[] = [];
  const listeners: Array<() => void> = [];
  const doc = {
    readyState,
    fonts: { add: (f: FakeFontFace) => added.push(f) },
    defaultView: { addEventListener: (_: string, fn: () => void) => listeners.push(fn) },
  } as unknown as Document;
  return { doc, added, load: () => listeners.forEach((fn) => fn()) };
}

describe("the Hindi pages' font", () => {
  it("is declared for Devanagari only, with swap, the phone's own copy first, under a name of its own", () => {
    const css = devanagariFaceCss("/assets/noto-abc.woff2");
    expect(css).toContain("font-display:swap");
    expect(css).toContain("unicode-range:U+0900-097F");
    expect(css.indexOf('local("Noto Sans Devanagari")')).toBeLessThan(css.indexOf("url(/assets/noto-abc.woff2)"));
    expect(css).toContain('font-family:"Noto Sans Devanagari Web"');
  });

  it("names the phone's own Devanagari faces before our copy, and the system's Latin font before them", () => {
    const stack = DEVANAGARI_STACK_CSS.slice(DEVANAGARI_STACK_CSS.indexOf("--font-sans:"));
    const at = (family: string) => stack.indexOf(family);
    expect(at("ui-sans-serif")).toBeLessThan(at('"Noto Sans Devanagari"'));
    for (const own of ['"Noto Sans Devanagari"', '"Kohinoor Devanagari"', '"Nirmala UI"', '"Mangal"', '"Lohit Devanagari"']) {
      expect(at(own)).toBeGreaterThan(-1);
      expect(at(own)).toBeLessThan(at('"Noto Sans Devanagari Web"'));
    }
  });

  it("is declared by the page's script only once the page has loaded", () => {
    vi.stubGlobal("FontFace", FakeFontFace);
    try {
      const { doc, added, load } = fakeDocument("interactive");
      addDevanagariFont("/assets/noto-abc.woff2", doc);
      expect(added).toHaveLength(0);
      load();
      expect(added).toHaveLength(1);
      // Declared, not fetched: the browser fetches it only for a character no face of the phone's has.
      expect(added[0]).toMatchObject({ family: "Noto Sans Devanagari Web", loaded: false, descriptors: { display: "swap", weight: "400" } });
      expect(added[0]!.source).toContain("url(/assets/noto-abc.woff2)");

      const later = fakeDocument("complete");
      addDevanagariFont("/assets/noto-abc.woff2", later.doc);
      expect(later.added).toHaveLength(1);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
