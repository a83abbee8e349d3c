// Draws every picture the shop shows, as small SVG files, from the demo catalogue.
//
//   npm run images        (node scripts/draw-images.ts)
//
// Deterministic: the same catalogue always gives byte-identical files (no clock, no
// Math.random; variation comes from a hash of each product's slug). No remote URLs, no
// fonts embedded: text uses the visitor's system fonts. Writes under public/:
//   images/products/<slug>.svg (+ <slug>-2.svg, -3.svg for extra gallery images)
//   images/categories/<slug>.svg, images/banners/{desktop,mobile}/banner-N.svg (and banner-N.hi.svg,
//   the Hindi home page's),
//   images/stores/store-N.svg, images/promos/promo-N.svg, images/placeholder.svg,
//   images/logo.svg, images/badges/{google-play,app-store}.svg, favicon.ico,
//   icons/*.png (the web app manifest's icons and Apple's touch icon)
// Product videos are made separately by scripts/make-videos.sh (needs ffmpeg).
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { crc32, deflateSync } from "node:zlib";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

interface CatalogVariant {
  attribute: string;
  images: string[];
}
interface CatalogProduct {
  title: string;
  category: string;
  isOrganic: boolean;
  variants: CatalogVariant[];
}
interface CatalogChild {
  name: string;
  slug: string;
}
interface CatalogCategory extends CatalogChild {
  children?: CatalogChild[];
}
interface Catalog {
  categories: CatalogCategory[];
  products: CatalogProduct[];
}

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
const PUBLIC = join(ROOT, "public");

// ---------------------------------------------------------------- utilities

function esc(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/** FNV-1a, 32 bit. */
function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}

/** mulberry32: a small seeded generator, so "random" scatter is the same every run. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const n1 = (v: number): number => Math.round(v * 10) / 10;

function hexRgb(hex: string): [number, number, number] {
  const v = parseInt(hex.slice(1), 16);
  return [(v >> 16) & 255, (v >> 8) & 255, v & 255];
}

/** Mix a colour toward white (amount > 0) or black (amount < 0). */
function shade(hex: string, amount: number): string {
  const target = amount > 0 ? 255 : 0;
  const k = Math.abs(amount);
  return (
    "#" +
    hexRgb(hex)
      .map((c) =>
        Math.round(c + (target - c) * k)
          .toString(16)
          .padStart(2, "0"),
      )
      .join("")
  );
}

function isDark(hex: string): boolean {
  const [r, g, b] = hexRgb(hex);
  return 0.299 * r + 0.587 * g + 0.114 * b < 150;
}

const SANS = `font-family="Trebuchet MS,Segoe UI,Helvetica,Arial,sans-serif"`;
const SERIF = `font-family="Georgia,Cambria,Times New Roman,serif"`;
// Devanagari (the Hindi banners): the faces phones and computers have (Android's Noto, Windows'
// Nirmala UI and Mangal, Apple's Kohinoor), then any.
const DEVANAGARI = `font-family="Noto Sans Devanagari,Nirmala UI,Kohinoor Devanagari,Mangal,sans-serif"`;

/** Greedy word wrap into at most maxLines lines. */
function wrap(text: string, maxChars: number, maxLines: number): string[] {
  const lines: string[] = [];
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const last = lines[lines.length - 1];
    if (last !== undefined && (last + " " + word).length <= maxChars) lines[lines.length - 1] = last + " " + word;
    else lines.push(word);
  }
  while (lines.length > maxLines) {
    const extra = lines.pop() as string;
    lines[lines.length - 1] += " " + extra;
  }
  return lines;
}

interface TextOpts {
  weight?: string;
  font?: string;
  anchor?: "middle" | "start";
  spacing?: number;
  opacity?: number;
}

/** Lines of text centred on (x, cy), shrunk to fit width. */
function textBlock(lines: string[], x: number, cy: number, width: number, maxFs: number, fill: string, o: TextOpts = {}): string {
  const longest = Math.max(1, ...lines.map((l) => l.length));
  const fs = Math.floor(Math.min(maxFs, width / (0.6 * longest)));
  const lh = fs * 1.12;
  const top = cy - (lh * (lines.length - 1)) / 2 + fs * 0.36;
  const spans = lines.map((l, i) => `<tspan x="${x}" y="${n1(top + i * lh)}">${esc(l)}</tspan>`).join("");
  const extra = (o.spacing ? ` letter-spacing="${o.spacing}"` : "") + (o.opacity !== undefined ? ` fill-opacity="${o.opacity}"` : "");
  return `<text ${o.font ?? SANS} font-size="${fs}" font-weight="${o.weight ?? "bold"}" fill="${fill}" text-anchor="${o.anchor ?? "middle"}"${extra}>${spans}</text>`;
}

/** The wrapping (up to 3 lines) that gives the largest type fitting a width x height box. */
function fit(text: string, width: number, height: number, maxFs: number): { lines: string[]; fs: number } {
  let best = { lines: [text], fs: 0 };
  for (let chars = 5; chars <= 24; chars++) {
    const lines = wrap(text, chars, 3);
    const longest = Math.max(...lines.map((l) => l.length));
    const fs = Math.floor(Math.min(maxFs, width / (0.6 * longest), height / (1.12 * lines.length)));
    if (fs > best.fs) best = { lines, fs };
  }
  return best;
}

function svgDoc(w: number, h: number, title: string, body: string): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}" role="img" aria-label="${esc(title)}">` + `<title>${esc(title)}</title>${body}</svg>\n`
  );
}

function write(rel: string, content: string | Uint8Array): void {
  const file = join(PUBLIC, rel);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, content);
  written.push(rel);
}
const written: string[] = [];

// ---------------------------------------------------------------- the catalogue

const BRANDS = ["Haat Select", "Haat Organics", "Haat Gifting", "Kiln & Co.", "Clearcut", "Mitti Craft", "Aravalli Farms"];

interface Item {
  slug: string;
  title: string;
  brand: string;
  name: string;
  note: string;
  group: string;
  organic: boolean;
}

function toItem(title: string, group: string, slug: string, organic: boolean): Item {
  const brand = BRANDS.find((b) => title.startsWith(b + " ")) ?? "";
  const rest = brand ? title.slice(brand.length + 1) : title;
  const paren = rest.match(/\(([^)]*)\)/);
  return {
    slug,
    title,
    brand,
    name: rest.replace(/\s*\([^)]*\)\s*/g, " ").trim(),
    note: paren ? paren[1] : "",
    group,
    organic,
  };
}

// ---------------------------------------------------------------- palettes

interface Palette {
  bg: string;
  bg2: string;
  packs: string[];
  ink: string;
}

const PAL: Record<string, Palette> = {
  "dry-fruits": { bg: "#f7ecdc", bg2: "#eddcc2", packs: ["#7b2d35", "#2f5d46", "#8a5a2b", "#27406b"], ink: "#3b2314" },
  pulses: { bg: "#fbf3d6", bg2: "#f2e2a6", packs: ["#b8322a", "#1f6f5c", "#c25a12", "#5a3d8a"], ink: "#3a2a10" },
  "flours-grains": { bg: "#f4efe4", bg2: "#e5dac3", packs: ["#e4cfa4", "#d9bf8c", "#efe2c4"], ink: "#4a3520" },
  spices: { bg: "#fde9dc", bg2: "#f5cdb2", packs: ["#8e1b1b", "#1d4e5f", "#5b2c6f", "#a64200"], ink: "#3a1a0e" },
  rice: { bg: "#eef3ea", bg2: "#d9e6d0", packs: ["#f3ead4", "#ebe1c8", "#f6efe0"], ink: "#2e3b22" },
  "dinner-ware": { bg: "#e9eef3", bg2: "#d3dde8", packs: ["#2a5d8f", "#9c4a2f", "#2f6b5a"], ink: "#1f2d3d" },
  "bar-glass": { bg: "#e5eef1", bg2: "#cadbe1", packs: ["#1e5a6e"], ink: "#17323b" },
  "gift-set": { bg: "#f6e3e3", bg2: "#ebc6c6", packs: ["#8b1e3f", "#1e4d8b", "#0f5e4b", "#6b2d8b"], ink: "#3d0f1e" },
  "tea-set-glass-cup": { bg: "#eef0e4", bg2: "#d9dfc4", packs: ["#3d6b8f", "#8b3d5a", "#3f7a4a"], ink: "#2f3a1c" },
  "flower-pots": { bg: "#edf3e6", bg2: "#d3e5c0", packs: ["#1f6f78", "#2d4f8a", "#a34a6a"], ink: "#27401a" },
  hamper: { bg: "#f8eedb", bg2: "#eed7a8", packs: ["#8b1e3f", "#0f5e4b", "#7a5a0b"], ink: "#3b2a0b" },
  "farm-basket": { bg: "#eaf5e3", bg2: "#cde6bc", packs: ["#3f7a2a"], ink: "#1f4a1a" },
  "sugar-salt": { bg: "#f1f0ec", bg2: "#dfdbd1", packs: ["#1f5a8a", "#b8322a", "#6b2d8b", "#2f6b3a"], ink: "#2a2a30" },
  "oil-ghee": { bg: "#fbf2d4", bg2: "#f1dc9a", packs: ["#8a5a0b", "#2f6b3a", "#8b1e3f", "#27406b"], ink: "#3b2a0b" },
  biscuits: { bg: "#f8ecd9", bg2: "#ecd3ad", packs: ["#8b1e3f", "#27406b", "#a64200", "#0f5e4b"], ink: "#3b2314" },
  "snacks-namkeen": { bg: "#fdebd3", bg2: "#f6cf9c", packs: ["#b8322a", "#1f6f5c", "#5a3d8a", "#c25a12"], ink: "#3a1a0e" },
  beverages: { bg: "#eaf1e6", bg2: "#cfe0c4", packs: ["#2f5d46", "#7b2d35", "#5a3a1f", "#27406b"], ink: "#1f2f1a" },
};
const ACCENTS = ["#2f6b3a", "#8b1e3f", "#b07a0b", "#27406b", "#a64200"];

// ---------------------------------------------------------------- motifs (small items, drawn at 0,0)

interface Motif {
  shape: string;
  color: string;
  powder?: boolean;
}

const MOTIFS: [RegExp, Motif][] = [
  [/khand/, { shape: "crystal", color: "#c9954a" }],
  [/sugar|mishri/, { shape: "crystal", color: "#fbfbf8" }],
  [/jaggery/, { shape: "dot", color: "#b5742a", powder: true }],
  [/rock-salt/, { shape: "crystal", color: "#f2c4c4" }],
  [/black-salt/, { shape: "crystal", color: "#b59aa8" }],
  [/salt/, { shape: "crystal", color: "#f6f6f4" }],
  [/mustard-oil/, { shape: "drop", color: "#d9a400", powder: true }],
  [/coconut-oil/, { shape: "drop", color: "#f4f0dc", powder: true }],
  [/oil/, { shape: "drop", color: "#eec24a", powder: true }],
  [/ghee/, { shape: "drop", color: "#f2c84b", powder: true }],
  [/rusk/, { shape: "rusk", color: "#d89a50" }],
  [/biscuit|cookie|nankhatai/, { shape: "biscuit", color: "#d9a24a" }],
  [/khakhra/, { shape: "biscuit", color: "#d8b070" }],
  [/bhujia/, { shape: "sev", color: "#d9a23a" }],
  [/makhana/, { shape: "round", color: "#efe6d2" }],
  [/banana-chips/, { shape: "chip", color: "#f2d04a" }],
  [/green-tea/, { shape: "leaf", color: "#6f8a3a" }],
  [/tea|chai/, { shape: "dot", color: "#4a2a18" }],
  [/instant-coffee/, { shape: "dot", color: "#3a1f10", powder: true }],
  [/coffee/, { shape: "bean", color: "#4a2a17" }],
  [/mango-juice/, { shape: "round", color: "#f4a62a", powder: true }],
  [/aam-panna/, { shape: "round", color: "#b5c94a", powder: true }],
  [/almond/, { shape: "almond", color: "#a8652f" }],
  [/cashew/, { shape: "cashew", color: "#ecd3a0" }],
  [/date/, { shape: "date", color: "#5a2a1b" }],
  [/raisin/, { shape: "raisin", color: "#a88a2a" }],
  [/walnut/, { shape: "walnut", color: "#b98a52" }],
  [/pistachio/, { shape: "pistachio", color: "#93b54a" }],
  [/apricot/, { shape: "round", color: "#f0a23b" }],
  [/fig/, { shape: "round", color: "#8a5a44" }],
  [/toor/, { shape: "lentil", color: "#e8b730" }],
  [/chana-dal/, { shape: "lentil", color: "#e3b93e" }],
  [/moong/, { shape: "lentil", color: "#f1d45a" }],
  [/masoor/, { shape: "lentil", color: "#e0703a" }],
  [/rajma/, { shape: "kidney", color: "#8e3b2f" }],
  [/kabuli/, { shape: "round", color: "#e6cc98" }],
  [/urad/, { shape: "lentil", color: "#2b2b2b" }],
  [/atta|dalia/, { shape: "wheat", color: "#d2a54f", powder: true }],
  [/ragi/, { shape: "dot", color: "#8a5a4a", powder: true }],
  [/jowar/, { shape: "dot", color: "#e9dcc0", powder: true }],
  [/quinoa/, { shape: "dot", color: "#efe0b9" }],
  [/besan/, { shape: "lentil", color: "#f2cf5b", powder: true }],
  [/bajra/, { shape: "dot", color: "#9b9a85", powder: true }],
  [/millet/, { shape: "dot", color: "#e6c96a" }],
  [/mirch/, { shape: "chilli", color: "#c62d1f", powder: true }],
  [/garam/, { shape: "star", color: "#7b4a2a", powder: true }],
  [/turmeric/, { shape: "root", color: "#f2a900", powder: true }],
  [/cumin/, { shape: "seed", color: "#8a6a3d" }],
  [/coriander-powder/, { shape: "dot", color: "#a08a4a", powder: true }],
  [/cardamom/, { shape: "pod", color: "#7fa04a" }],
  [/pepper/, { shape: "dot", color: "#2e2620" }],
  [/methi/, { shape: "leaf", color: "#6f8a3a" }],
  [/brown-basmati/, { shape: "grain", color: "#c9a27a" }],
  [/matta/, { shape: "grain", color: "#b0574a" }],
  [/black-rice/, { shape: "grain", color: "#3a2442" }],
  [/rice/, { shape: "grain", color: "#fbf6ea" }],
];

function motifOf(slug: string): Motif {
  for (const [re, m] of MOTIFS) if (re.test(slug)) return m;
  return { shape: "dot", color: "#b08a5a" };
}

/** A motif drawn around 0,0, about 30 units across. */
function motifShape(m: Motif): string {
  const c = m.color;
  switch (m.shape) {
    case "almond":
      return `<path d="M0-15C10-8 9 9 0 15C-9 9-10-8 0-15Z" fill="${c}"/><path d="M0-11V11" stroke="#0002" stroke-width="2"/>`;
    case "cashew":
      return `<path d="M-9-12C-16 0-9 14 5 13C13 12 14 5 8 4C2 4-1 0-1-7C-1-13-6-16-9-12Z" fill="${c}" stroke="#b8965c" stroke-width="1.5"/>`;
    case "date":
      return `<ellipse rx="7" ry="15" fill="${c}"/><path d="M-2-10Q1 0-2 10" stroke="#fff3" stroke-width="2" fill="none"/>`;
    case "raisin":
      return `<ellipse rx="5" ry="8" fill="${c}"/>`;
    case "walnut":
      return `<circle r="13" fill="${c}"/><path d="M0-13V13M-7-8Q-2-3-7 3M7-8Q2-3 7 3" stroke="#0004" stroke-width="2" fill="none"/>`;
    case "pistachio":
      return `<ellipse rx="9" ry="13" fill="#e6d3a8"/><ellipse rx="5" ry="9" fill="${c}"/>`;
    case "round":
      return `<circle r="11" fill="${c}"/><circle cx="-4" cy="-4" r="3" fill="#fff" fill-opacity=".35"/>`;
    case "lentil":
      return `<circle r="6" fill="${c}"/><circle cx="-2" cy="-2" r="2" fill="#fff" fill-opacity=".3"/>`;
    case "kidney":
      return `<ellipse rx="12" ry="7" fill="${c}"/><ellipse cx="-4" cy="-2" rx="4" ry="1.6" fill="#fff" fill-opacity=".35"/>`;
    case "grain":
      return `<ellipse rx="3.2" ry="10" fill="${c}" stroke="#0002"/>`;
    case "seed":
      return `<ellipse rx="2.5" ry="8" fill="${c}"/>`;
    case "pod":
      return `<ellipse rx="6" ry="11" fill="${c}"/><path d="M0-9V9" stroke="#0003" stroke-width="1.5"/>`;
    case "chilli":
      return `<path d="M-4-12Q10-4 3 15Q-5 3-7-9Z" fill="${c}"/><path d="M-5-12L-8-17" stroke="#3a7d2c" stroke-width="3" stroke-linecap="round"/>`;
    case "leaf":
      return `<path d="M0-14Q10 0 0 14Q-10 0 0-14Z" fill="${c}"/><path d="M0-12V12" stroke="#0003"/>`;
    case "star":
      return `<path d="M0-13L3-3 13 0 3 3 0 13-3 3-13 0-3-3Z" fill="${c}"/><circle r="3" fill="#c9a06a"/>`;
    case "root":
      return `<path d="M-14-3Q-10-8 0-6T14-4Q16 2 8 4T-12 5Q-17 2-14-3Z" fill="#c98a2a"/><path d="M-8 0H8" stroke="${c}" stroke-width="3"/>`;
    case "wheat":
      return (
        `<path d="M0 18V-16" stroke="${c}" stroke-width="2"/>` +
        [-12, -5, 2]
          .map(
            (y) =>
              `<ellipse cx="-4" cy="${y}" rx="3" ry="6" transform="rotate(-25 -4 ${y})" fill="${c}"/><ellipse cx="4" cy="${y}" rx="3" ry="6" transform="rotate(25 4 ${y})" fill="${c}"/>`,
          )
          .join("")
      );
    case "crystal":
      return `<path d="M0-9L8-2 4 9H-5L-8-2Z" fill="${c}" stroke="#0003" stroke-width="1.5"/><path d="M0-8L-1 5" stroke="#fff" stroke-opacity=".7" stroke-width="1.5"/>`;
    case "drop":
      return `<path d="M0-14Q10 0 8 6Q6 14 0 14Q-6 14-8 6Q-10 0 0-14Z" fill="${c}" stroke="#0002"/><ellipse cx="-3" cy="4" rx="2" ry="4" fill="#fff" fill-opacity=".5"/>`;
    case "biscuit":
      return `<circle r="13" fill="${c}"/><circle r="10" fill="none" stroke="#0002" stroke-width="1.5" stroke-dasharray="2 3"/><circle cx="-4" cy="-3" r="1.5" fill="#0003"/><circle cx="4" cy="2" r="1.5" fill="#0003"/><circle cy="6" r="1.5" fill="#0003"/>`;
    case "rusk":
      return `<rect x="-14" y="-8" width="28" height="16" rx="5" fill="${c}"/><path d="M-9-3H9M-9 3H9" stroke="#0002" stroke-width="1.5" stroke-dasharray="2 3"/>`;
    case "sev":
      return `<path d="M-12-6Q-6-12 0-6T12-6M-12 2Q-6-4 0 2T12 2M-12 10Q-6 4 0 10T12 10" stroke="${c}" stroke-width="3" fill="none" stroke-linecap="round"/>`;
    case "chip":
      return `<circle r="11" fill="${c}"/><circle r="7" fill="none" stroke="#c9a21a" stroke-width="1.5"/><circle r="2" fill="#c9a21a"/>`;
    case "bean":
      return `<ellipse rx="8" ry="11" fill="${c}"/><path d="M0-10Q-4 0 0 10" stroke="#0006" stroke-width="2" fill="none"/>`;
    default:
      return `<circle r="4" fill="${c}"/>`;
  }
}

/** A repeating fill of the motif, for packets full of small things. */
function motifPattern(id: string, m: Motif, base: string, scale: number, seed: number): string {
  const tile = Math.round(40 * scale);
  const rnd = rng(seed);
  const spots = [
    [0.25, 0.25],
    [0.75, 0.3],
    [0.3, 0.75],
    [0.75, 0.75],
  ];
  const uses = spots
    .map(([x, y]) => `<use href="#${id}m" transform="translate(${n1(x * tile)} ${n1(y * tile)}) rotate(${Math.round(rnd() * 360)}) scale(${n1(scale * 0.5)})"/>`)
    .join("");
  return `<defs><g id="${id}m">${motifShape(m)}</g><pattern id="${id}p" width="${tile}" height="${tile}" patternUnits="userSpaceOnUse"><rect width="${tile}" height="${tile}" fill="${base}"/>${uses}</pattern></defs>`;
}

/** n copies of the motif scattered in a rectangle. Needs `<g id="{id}m">` defined. */
function scatter(id: string, n: number, x: number, y: number, w: number, h: number, s: number, seed: number): string {
  const rnd = rng(seed);
  let out = "";
  for (let i = 0; i < n; i++) {
    out += `<use href="#${id}m" transform="translate(${Math.round(x + rnd() * w)} ${Math.round(y + rnd() * h)}) rotate(${Math.round(rnd() * 360)}) scale(${n1(s * (0.85 + rnd() * 0.3))})"/>`;
  }
  return out;
}

/** Copies of the motif on a jittered grid: even cover without visible repetition. */
function gridScatter(id: string, cols: number, rows: number, x: number, y: number, w: number, h: number, s: number, seed: number): string {
  const rnd = rng(seed);
  let out = "";
  for (let r = 0; r < rows; r++) {
    for (let k = 0; k < cols; k++) {
      const px = x + ((k + 0.5 + (r % 2) * 0.4) * w) / cols + (rnd() - 0.5) * (w / cols) * 0.5;
      const py = y + ((r + 0.5) * h) / rows + (rnd() - 0.5) * (h / rows) * 0.5;
      out += `<use href="#${id}m" transform="translate(${Math.round(px)} ${Math.round(py)}) rotate(${Math.round(rnd() * 360)}) scale(${n1(s * (0.85 + rnd() * 0.3))})"/>`;
    }
  }
  return out;
}

// ---------------------------------------------------------------- shared parts

interface Ctx {
  id: string;
  item: Item;
  pal: Palette;
  pack: string;
  accent: string;
  motif: Motif;
  view: number;
  label: boolean;
  seed: number;
}

function background(pal: Palette, view: number): string {
  const [a, b] = view === 2 ? [pal.bg2, pal.bg] : [pal.bg, pal.bg2];
  return `<rect width="600" height="600" fill="${a}"/><circle cx="300" cy="290" r="232" fill="${b}"/>`;
}

const shadow = (y = 512, rx = 175): string => `<ellipse cx="300" cy="${y}" rx="${rx}" ry="20" fill="#000" fill-opacity=".13"/>`;

/** The shelf tag under objects that carry no printed label. */
function tag(name: string, ink: string, organic: boolean): string {
  const lines = name.length > 24 ? wrap(name, 22, 2) : [name];
  const longest = Math.max(...lines.map((l) => l.length));
  const fs = Math.floor(Math.min(30, 430 / (0.6 * longest)));
  const w = Math.min(540, Math.round(longest * fs * 0.6 + 48));
  const h = lines.length === 1 ? 54 : 88;
  const y = 548 - h / 2;
  const leaf = organic
    ? `<circle cx="${300 + w / 2 - 6}" cy="${y + 4}" r="16" fill="#3f8a2e"/><path d="M${300 + w / 2 - 13} ${y + 10}Q${300 + w / 2 - 12} ${y - 5} ${300 + w / 2 + 2} ${y - 3}Q${300 + w / 2} ${y + 10} ${300 + w / 2 - 13} ${y + 10}Z" fill="#fff"/>`
    : "";
  return `<rect x="${300 - w / 2}" y="${y}" width="${w}" height="${h}" rx="${lines.length === 1 ? 27 : 22}" fill="${ink}"/>${textBlock(lines, 300, y + h / 2, w - 40, fs, "#fff")}${leaf}`;
}

/** A front label: brand, product name, note. */
function frontLabel(c: Ctx, cx: number, top: number, w: number, h: number, ink: string, maxFs = 40): string {
  const brand = c.item.brand ? textBlock([c.item.brand.toUpperCase()], cx, top + 14, w * 0.8, 15, ink, { spacing: 1.5, opacity: 0.75 }) : "";
  const note = c.item.note ? textBlock([c.item.note], cx, top + h - 16, w * 0.85, 18, ink, { weight: "normal" }) : "";
  const organic = c.item.organic ? textBlock(["ORGANIC"], cx, top + h - (c.item.note ? 40 : 16), w * 0.6, 14, c.item.organic && isDark(ink) ? "#2f6b3a" : ink, { spacing: 2 }) : "";
  const bottomUsed = (c.item.note ? 30 : 0) + (c.item.organic ? 24 : 0);
  const name = fit(c.item.name, w * 0.9, h - 42 - bottomUsed, maxFs);
  return brand + textBlock(name.lines, cx, top + 30 + (h - 30 - bottomUsed) / 2, w * 0.9, name.fs, ink) + organic + note;
}

/** The back of a pack: brand, a few grey lines, a barcode. */
function backLabel(c: Ctx, cx: number, top: number, w: number, ink: string): string {
  const rnd = rng(c.seed + 7);
  let lines = "";
  for (let i = 0; i < 5; i++)
    lines += `<rect x="${cx - w / 2 + 14}" y="${top + 62 + i * 16}" width="${Math.round((w - 28) * (0.55 + rnd() * 0.45))}" height="6" rx="3" fill="${ink}" fill-opacity=".35"/>`;
  let bars = "";
  let x = cx - 50;
  while (x < cx + 50) {
    const bw = 1 + Math.floor(rnd() * 4);
    bars += `M${x} ${top + 150}v36`;
    x += bw + 2 + Math.floor(rnd() * 3);
    void bw;
  }
  return (
    textBlock([c.item.name], cx, top + 16, w * 0.9, 22, ink) +
    textBlock(["Ingredients & nutrition"], cx, top + 44, w * 0.85, 14, ink, { weight: "normal" }) +
    lines +
    `<rect x="${cx - 58}" y="${top + 144}" width="116" height="48" fill="#fff"/><path d="${bars}" stroke="#222" stroke-width="2"/>`
  );
}

// ---------------------------------------------------------------- packs (printed label)

function pouch(c: Ctx): string {
  const ink = isDark(c.pack) ? "#fff" : c.pal.ink;
  let out =
    `<path d="M178 104H422Q430 104 431 112L446 498Q447 526 420 526H180Q153 526 154 498L169 112Q170 104 178 104Z" fill="${c.pack}"/>` +
    `<path d="M172 146H428" stroke="#000" stroke-opacity=".25" stroke-width="4"/><circle cx="300" cy="126" r="9" fill="${c.pal.bg}"/>` +
    `<path d="M188 172V492" stroke="#fff" stroke-opacity=".16" stroke-width="12" stroke-linecap="round"/>`;
  if (c.view === 2) return out + `<rect x="190" y="178" width="220" height="300" rx="16" fill="#fffaf0"/>` + backLabel(c, 300, 188, 210, c.pal.ink);
  out +=
    `<defs><g id="${c.id}m">${motifShape(c.motif)}</g><clipPath id="${c.id}w"><rect x="205" y="176" width="190" height="150" rx="75"/></clipPath></defs>` +
    `<rect x="205" y="176" width="190" height="150" rx="75" fill="#fff8ee"/><g clip-path="url(#${c.id}w)">${gridScatter(c.id, 5, 4, 196, 172, 200, 158, 1.6, c.seed)}</g>` +
    `<rect x="205" y="176" width="190" height="150" rx="75" fill="none" stroke="${shade(c.pack, 0.35)}" stroke-width="5"/>`;
  return out + frontLabel(c, 300, 340, 240, 168, ink);
}

function sack(c: Ctx): string {
  const band = shade(c.pack, -0.18);
  const out =
    `<path d="M186 150L414 150L440 506Q442 526 420 526H180Q158 526 160 506Z" fill="${c.pack}"/>` +
    `<path d="M178 108H422L414 158H186Z" fill="${band}"/><path d="M184 132H416" stroke="#fff" stroke-opacity=".7" stroke-width="3" stroke-dasharray="9 7"/>` +
    `<path d="M400 170L424 500" stroke="#000" stroke-opacity=".06" stroke-width="18"/>`;
  if (c.view === 2) return out + `<rect x="196" y="196" width="208" height="290" rx="12" fill="#fffdf6"/>` + backLabel(c, 300, 206, 200, c.pal.ink);
  const icon =
    c.motif.shape === "grain"
      ? [-40, -20, 0, 20, 40]
          .map((a) => `<ellipse cx="300" cy="236" rx="5" ry="16" transform="rotate(${a} 300 262)" fill="${c.motif.color === "#fbf6ea" ? "#e8dcc0" : c.motif.color}" stroke="#0002"/>`)
          .join("")
      : `<g transform="translate(300 244) scale(1.5)">${motifShape(c.motif)}</g><g transform="translate(274 250) rotate(-25) scale(1.2)">${motifShape(c.motif)}</g><g transform="translate(326 250) rotate(25) scale(1.2)">${motifShape(c.motif)}</g>`;
  return out + `<rect x="198" y="196" width="204" height="282" rx="14" fill="#fffdf6" stroke="${c.accent}" stroke-width="5"/>` + icon + frontLabel(c, 300, 280, 196, 190, c.accent, 38);
}

function pillowBag(c: Ctx): string {
  const fill = `url(#${c.id}p)`;
  const crimp = (y: number): string =>
    `<rect x="162" y="${y}" width="276" height="36" rx="6" fill="${c.pack}"/><path d="M168 ${y + 18}H432" stroke="#000" stroke-opacity=".18" stroke-width="30" stroke-dasharray="3 6"/>`;
  let out =
    motifPattern(c.id, c.motif, shade(c.motif.color, 0.25), 1.1, c.seed) +
    `<rect x="172" y="118" width="256" height="396" rx="28" fill="${fill}"/>` +
    `<rect x="172" y="118" width="256" height="396" rx="28" fill="#fff" fill-opacity=".12"/>` +
    crimp(104) +
    crimp(494) +
    `<path d="M192 160V470" stroke="#fff" stroke-opacity=".35" stroke-width="10" stroke-linecap="round"/>`;
  if (c.view === 2) return out + `<rect x="196" y="170" width="208" height="300" rx="14" fill="#fffdf6"/>` + backLabel(c, 300, 180, 200, c.pal.ink);
  out += `<circle cx="300" cy="316" r="112" fill="#fffdf6" stroke="${c.pack}" stroke-width="8"/>`;
  return out + frontLabel(c, 300, 226, 190, 180, c.pack, 34);
}

function jar(c: Ctx): string {
  const powder = c.motif.powder;
  const fillColour = powder ? c.motif.color : `url(#${c.id}p)`;
  let out =
    (powder ? "" : motifPattern(c.id, c.motif, shade(c.motif.color, -0.1), 0.9, c.seed)) +
    `<rect x="186" y="188" width="228" height="330" rx="44" fill="#fff" fill-opacity=".45" stroke="#000" stroke-opacity=".15" stroke-width="4"/>` +
    `<rect x="198" y="236" width="204" height="270" rx="34" fill="${fillColour}"/>` +
    `<rect x="228" y="168" width="144" height="26" fill="#fff" fill-opacity=".6" stroke="#000" stroke-opacity=".12" stroke-width="3"/>` +
    `<rect x="210" y="112" width="180" height="62" rx="12" fill="${c.pack}"/><path d="M216 143H384" stroke="#000" stroke-opacity=".18" stroke-width="50" stroke-dasharray="3 7"/>` +
    `<path d="M204 230V490" stroke="#fff" stroke-opacity=".5" stroke-width="10" stroke-linecap="round"/>`;
  if (c.view === 2) return out + `<rect x="186" y="270" width="228" height="210" fill="#fffaf0"/>` + backLabel(c, 300, 276, 210, c.pal.ink);
  out += `<rect x="186" y="284" width="228" height="178" fill="#fffaf0"/><rect x="186" y="284" width="228" height="12" fill="${c.pack}"/><rect x="186" y="450" width="228" height="12" fill="${c.pack}"/>`;
  return out + frontLabel(c, 300, 298, 214, 150, c.pack, 34);
}

/** A bottle with a printed label, for oils and drinks. */
function bottle(c: Ctx): string {
  let out =
    `<path d="M262 96H338V150Q338 164 352 176Q410 222 410 290V500Q410 526 384 526H216Q190 526 190 500V290Q190 222 248 176Q262 164 262 150Z" fill="#fff" fill-opacity=".5" stroke="#000" stroke-opacity=".15" stroke-width="4"/>` +
    `<path d="M204 300Q204 240 256 200H344Q396 240 396 300V498Q396 512 382 512H218Q204 512 204 498Z" fill="${c.motif.color}" fill-opacity=".9"/>` +
    `<rect x="254" y="70" width="92" height="40" rx="8" fill="${c.pack}"/><path d="M258 90H342" stroke="#000" stroke-opacity=".18" stroke-width="30" stroke-dasharray="3 6"/>` +
    `<path d="M214 300V490" stroke="#fff" stroke-opacity=".5" stroke-width="10" stroke-linecap="round"/>`;
  if (c.view === 2) return out + `<rect x="190" y="300" width="220" height="200" fill="#fffaf0"/>` + backLabel(c, 300, 306, 204, c.pal.ink);
  out += `<rect x="190" y="316" width="220" height="170" fill="#fffaf0"/><rect x="190" y="316" width="220" height="12" fill="${c.pack}"/><rect x="190" y="474" width="220" height="12" fill="${c.pack}"/>`;
  return out + frontLabel(c, 300, 330, 206, 142, c.pack, 32);
}

/** The "contents" view: a bowl of what is inside the pack. */
function contentsBowl(c: Ctx, withTag: boolean): string {
  const m = c.motif;
  const inside = m.powder
    ? `<ellipse cx="300" cy="300" rx="170" ry="168" fill="${m.color}"/><ellipse cx="270" cy="270" rx="90" ry="70" fill="#fff" fill-opacity=".15"/>` +
      `<defs><g id="${c.id}m">${motifShape(m)}</g></defs>${scatter(c.id, 5, 400, 440, 120, 60, 2.2, c.seed)}`
    : `${motifPattern(c.id, m, isDark(m.color) ? shade(m.color, 0.3) : shade(m.color, -0.2), m.shape === "lentil" || m.shape === "dot" ? 0.9 : m.shape === "grain" || m.shape === "seed" ? 1.3 : 2.1, c.seed)}<circle cx="300" cy="300" r="170" fill="url(#${c.id}p)"/>` +
      scatter(c.id, 6, 360, 450, 160, 60, m.shape === "lentil" || m.shape === "dot" ? 1.2 : 1.8, c.seed);
  return (
    `<circle cx="306" cy="312" r="206" fill="#000" fill-opacity=".12"/><circle cx="300" cy="300" r="206" fill="#b5813a"/><circle cx="300" cy="300" r="190" fill="#d9a95a"/>` +
    inside +
    `<circle cx="300" cy="300" r="178" fill="none" stroke="#000" stroke-opacity=".12" stroke-width="16"/>` +
    (withTag ? tag(c.item.name, c.pal.ink, c.item.organic) : "")
  );
}

// ---------------------------------------------------------------- objects (shelf tag)

const GLASS = `fill="#eaf5fa" fill-opacity=".6" stroke="#8fb3c4" stroke-width="4"`;

function tumbler(x: number, y: number, s: number, liquid: string, ice: boolean): string {
  return (
    `<g transform="translate(${x} ${y}) scale(${s})">` +
    `<path d="M-80-130H80L68 110Q66 130 46 130H-46Q-66 130-68 110Z" ${GLASS}/>` +
    `<path d="M-72-20H72L66 100Q64 112 46 112H-46Q-64 112-66 100Z" fill="${liquid}" fill-opacity=".85"/>` +
    (ice
      ? `<rect x="-40" y="-50" width="46" height="46" rx="6" transform="rotate(12)" fill="#fff" fill-opacity=".6"/><rect x="6" y="-34" width="40" height="40" rx="6" transform="rotate(-10)" fill="#fff" fill-opacity=".55"/>`
      : "") +
    `<path d="M-70 98H70" stroke="#8fb3c4" stroke-width="18" stroke-opacity=".5"/><path d="M-58-110V80" stroke="#fff" stroke-width="8" stroke-opacity=".8" stroke-linecap="round"/></g>`
  );
}

function barGlass(c: Ctx): string {
  const s = c.item.slug;
  if (/whisky/.test(s)) return tumbler(230, 350, 0.9, "#c9822a", true) + tumbler(380, 380, 0.8, "#c9822a", true);
  if (/highball/.test(s)) {
    const tall = (x: number): string =>
      `<g transform="translate(${x} 300)"><path d="M-55-190H55L48 185Q47 200 32 200H-32Q-47 200-48 185Z" ${GLASS}/><path d="M-50-90H50L46 180H-46Z" fill="#f3c64a" fill-opacity=".6"/>` +
      `<circle cx="-12" cy="40" r="5" fill="#fff"/><circle cx="14" cy="0" r="4" fill="#fff"/><circle cx="0" cy="110" r="6" fill="#fff"/>` +
      `<circle cx="40" cy="-150" r="34" fill="#8cc63f" stroke="#5a9a1f" stroke-width="6"/><path d="M-40-170V160" stroke="#fff" stroke-width="8" stroke-opacity=".8" stroke-linecap="round"/></g>`;
    return tall(225) + tall(375);
  }
  if (/wine/.test(s)) {
    const wine = (x: number, r: number): string =>
      `<g transform="translate(${x} 300) rotate(${r})"><path d="M-75-180H75Q82-60 20-20V170H-20V-20Q-82-60-75-180Z" ${GLASS}/><path d="M-78-110H78Q76-52 20-26H-20Q-76-52-78-110Z" fill="#8e1b33"/>` +
      `<ellipse cx="0" cy="190" rx="70" ry="14" ${GLASS}/><path d="M-58-160V-80" stroke="#fff" stroke-width="8" stroke-opacity=".8" stroke-linecap="round"/></g>`;
    return wine(225, -4) + wine(375, 4);
  }
  if (/mug/.test(s)) {
    const mug = (x: number): string =>
      `<g transform="translate(${x} 320)"><path d="M60-90Q130-90 130-10Q130 70 60 70" fill="none" stroke="#8fb3c4" stroke-width="18"/><rect x="-70" y="-150" width="140" height="320" rx="16" ${GLASS}/>` +
      `<rect x="-60" y="-90" width="120" height="250" rx="10" fill="#e5a12a" fill-opacity=".85"/><path d="M-74-100Q-60-150-30-120Q0-170 30-122Q60-150 74-100Z" fill="#fffaf0"/>` +
      `<path d="M-35-60V140M0-60V140M35-60V140" stroke="#fff" stroke-opacity=".35" stroke-width="10"/></g>`;
    return mug(220) + mug(400);
  }
  if (/shot/.test(s)) return [170, 300, 430].map((x, i) => tumbler(x, 400 - (i % 2) * 20, 0.55, "#e7e0c8", false)).join("");
  if (/decanter/.test(s))
    return (
      `<g transform="translate(300 300)"><path d="M-28-190H28V-110Q130-60 130 70Q130 200 0 200Q-130 200-130 70Q-130-60-28-110Z" ${GLASS}/>` +
      `<path d="M-124 40H124Q126 190 0 192Q-126 190-124 40Z" fill="#b8651d" fill-opacity=".8"/><path d="M-36-214H36V-186H-36Z" fill="#a7c4d1"/><circle cy="-236" r="28" ${GLASS}/>` +
      `<path d="M-90-20Q-104 60-80 140" stroke="#fff" stroke-width="10" stroke-opacity=".8" fill="none" stroke-linecap="round"/></g>`
    );
  return tumbler(300, 340, 1, "#c9822a", true);
}

function plateTop(x: number, y: number, r: number, glaze: string, rim: string, dots: boolean): string {
  return (
    `<circle cx="${x + 6}" cy="${y + 10}" r="${r}" fill="#000" fill-opacity=".12"/><circle cx="${x}" cy="${y}" r="${r}" fill="${glaze}"/>` +
    `<circle cx="${x}" cy="${y}" r="${n1(r * 0.7)}" fill="${shade(glaze, 0.25)}"/><circle cx="${x}" cy="${y}" r="${n1(r * 0.7)}" fill="none" stroke="#000" stroke-opacity=".08" stroke-width="6"/>` +
    `<circle cx="${x}" cy="${y}" r="${n1(r * 0.86)}" fill="none" stroke="${rim}" stroke-width="${n1(r * 0.05)}"${dots ? ` stroke-dasharray="2 ${n1(r * 0.1)}" stroke-linecap="round"` : ""}/>` +
    `<circle cx="${x}" cy="${y}" r="${n1(r * 0.97)}" fill="none" stroke="${rim}" stroke-width="3"/>`
  );
}

function dinnerWare(c: Ctx): string {
  const s = c.item.slug;
  if (/stoneware/.test(s) && c.view === 2) {
    // side view: a stack of four plates
    let stack = "";
    for (let k = 0; k < 4; k++)
      stack += `<path d="M110 ${440 - k * 34}Q300 ${500 - k * 34} 490 ${440 - k * 34}L470 ${468 - k * 34}Q300 ${520 - k * 34} 130 ${468 - k * 34}Z" fill="#6b4f3a"/><ellipse cx="300" cy="${430 - k * 34}" rx="190" ry="46" fill="${k === 3 ? "#d8d0c4" : "#2a5d8f"}" fill-opacity="${k === 3 ? 1 : 0.75}"/>`;
    return `<g transform="rotate(7 300 320)">${stack}<ellipse cx="300" cy="328" rx="130" ry="28" fill="#e6dfd4"/></g>`;
  }
  if (/stoneware/.test(s))
    return plateTop(300, 290, 200, "#d8d0c4", "#6b4f3a", false) + `<circle cx="300" cy="290" r="200" fill="none" stroke="#2a5d8f" stroke-opacity=".5" stroke-width="26"/>`;
  if (/pasta/.test(s))
    return plateTop(300, 290, 205, "#fbf7ee", c.pack, true) + `<circle cx="300" cy="290" r="60" fill="none" stroke="${c.accent}" stroke-width="6" stroke-dasharray="14 10"/>`;
  if (/bowl/.test(s))
    return (
      `<path d="M120 260H480Q470 470 300 480Q130 470 120 260Z" fill="${c.pack}"/><ellipse cx="300" cy="260" rx="180" ry="46" fill="${shade(c.pack, 0.55)}"/>` +
      `<ellipse cx="300" cy="266" rx="160" ry="34" fill="#e0a23a"/><path d="M136 330Q300 380 464 330" stroke="#fff" stroke-opacity=".5" stroke-width="10" fill="none"/>` +
      `<path d="M230 470H370L360 500H240Z" fill="${shade(c.pack, -0.2)}"/>`
    );
  if (/handi/.test(s))
    return (
      `<path d="M180 300Q140 480 300 490Q460 480 420 300Z" fill="#b8673a"/><path d="M180 300Q140 480 300 490Q460 480 420 300Z" fill="none" stroke="#7a3c1c" stroke-width="3" stroke-dasharray="1 14" stroke-linecap="round"/>` +
      `<ellipse cx="300" cy="300" rx="130" ry="26" fill="#d98b55"/><path d="M190 296Q300 180 410 296Z" fill="#c9773f"/><circle cx="300" cy="206" r="20" fill="#d4a437"/>` +
      `<path d="M170 330Q140 330 146 360M430 330Q460 330 454 360" stroke="#d4a437" stroke-width="10" fill="none"/><path d="M214 340Q220 420 262 460" stroke="#fff" stroke-opacity=".35" stroke-width="12" fill="none" stroke-linecap="round"/>`
    );
  // sets: a stack of plates with a bowl
  const rim = /bone/.test(s) ? "#c9a227" : c.pack;
  let stack = "";
  for (let k = 0; k < 6; k++) stack += `<ellipse cx="250" cy="${460 - k * 16}" rx="170" ry="44" fill="#fdfbf6" stroke="${rim}" stroke-width="4"/>`;
  return (
    stack +
    `<ellipse cx="250" cy="380" rx="120" ry="28" fill="#f1ece0"/>` +
    `<path d="M340 330H500Q496 470 420 478Q344 470 340 330Z" fill="#fdfbf6" stroke="${rim}" stroke-width="4"/><ellipse cx="420" cy="330" rx="80" ry="20" fill="#f1ece0" stroke="${rim}" stroke-width="4"/>` +
    (/melamine/.test(s)
      ? `<path d="M360 390Q420 420 480 390" stroke="${c.accent}" stroke-width="10" fill="none"/><circle cx="200" cy="460" r="14" fill="${c.accent}"/><circle cx="300" cy="462" r="14" fill="#e0703a"/>`
      : "")
  );
}

function teaCup(x: number, y: number, s: number, body: string, trim: string): string {
  return (
    `<g transform="translate(${x} ${y}) scale(${s})"><ellipse cy="70" rx="110" ry="22" fill="${body}" stroke="${trim}" stroke-width="4"/>` +
    `<path d="M62-10Q110-10 104 25Q98 55 55 50" fill="none" stroke="${body}" stroke-width="14"/><path d="M-75-40H75Q72 55 0 62Q-72 55-75-40Z" fill="${body}" stroke="${trim}" stroke-width="4"/>` +
    `<ellipse cy="-40" rx="75" ry="14" fill="#a0602a"/><path d="M-60-20Q0 0 60-20" stroke="${trim}" stroke-width="4" fill="none"/></g>`
  );
}

function teaSet(c: Ctx): string {
  const s = c.item.slug;
  if (/kulhad/.test(s))
    return [
      [190, 380],
      [410, 380],
      [300, 410],
    ]
      .map(
        ([x, y]) =>
          `<g transform="translate(${x} ${y})"><path d="M-70-120H70L50 90Q48 100 38 100H-38Q-48 100-50 90Z" fill="#b55a32"/><ellipse cy="-120" rx="70" ry="16" fill="#8a4020"/><ellipse cy="-118" rx="60" ry="11" fill="#d9a66b"/><path d="M-44-90L-30 80" stroke="#fff" stroke-opacity=".2" stroke-width="10"/></g>`,
      )
      .join("");
  if (/teapot/.test(s))
    return (
      `<g transform="translate(300 320)"><path d="M120-30Q200-60 210-140" stroke="#8fb3c4" stroke-width="16" fill="none"/><path d="M-120-50Q-200-40-190 40Q-180 100-130 90" stroke="#8fb3c4" stroke-width="14" fill="none"/>` +
      `<ellipse rx="140" ry="150" ${GLASS}/><path d="M-130 20Q0 60 130 20Q120 140 0 150Q-120 140-130 20Z" fill="#c98a2a" fill-opacity=".75"/>` +
      `<rect x="-34" y="-150" width="68" height="200" rx="12" fill="#c0c7cc" fill-opacity=".7" stroke="#8a9aa3" stroke-width="4"/><path d="M-26-130H26M-26-100H26M-26-70H26" stroke="#8a9aa3" stroke-width="3" stroke-dasharray="4 4"/>` +
      `<ellipse cy="-160" rx="70" ry="16" fill="#a7c4d1"/><circle cy="-180" r="14" fill="#a7c4d1"/><path d="M-96-60Q-112 20-86 90" stroke="#fff" stroke-width="10" stroke-opacity=".8" fill="none" stroke-linecap="round"/></g>`
    );
  if (/double-wall/.test(s)) {
    const dw = (x: number): string =>
      `<g transform="translate(${x} 330)"><ellipse cy="-140" rx="80" ry="20" ${GLASS}/><path d="M-80-140Q-86 90-40 140H40Q86 90 80-140" ${GLASS}/><path d="M-58-60H58Q58 80 30 110H-30Q-58 80-58-60Z" fill="#4a2a17"/><ellipse cy="-60" rx="58" ry="12" fill="#c79a6a"/><path d="M-60-120V60" stroke="#fff" stroke-width="8" stroke-opacity=".8" stroke-linecap="round"/></g>`;
    return dw(215) + dw(390);
  }
  if (/glass-cup|borosilicate/.test(s)) {
    const gc = (x: number): string =>
      `<g transform="translate(${x} 340)"><path d="M70-60Q120-60 118-10Q116 40 66 40" fill="none" stroke="#8fb3c4" stroke-width="12"/><path d="M-80-120H80L66 110Q64 126 48 126H-48Q-64 126-66 110Z" ${GLASS}/><path d="M-76-70H76L66 106Q64 118 48 118H-48Q-64 118-66 106Z" fill="#c98a2a" fill-opacity=".8"/><path d="M-60-100V80" stroke="#fff" stroke-width="8" stroke-opacity=".8" stroke-linecap="round"/></g>`;
    return gc(200) + gc(390);
  }
  // bone china tea set: teapot with a cup
  const body = "#fdfbf6";
  const trim = c.pack;
  return (
    `<g transform="translate(250 330)"><path d="M140-10Q220-30 220-120" stroke="${body}" stroke-width="26" fill="none"/><path d="M140-10Q220-30 220-120" stroke="${trim}" stroke-width="4" fill="none" stroke-dasharray="2 10"/>` +
    `<path d="M-140-20Q-220-20-205 60Q-195 120-130 100" stroke="${body}" stroke-width="18" fill="none"/><ellipse rx="150" ry="130" fill="${body}" stroke="${trim}" stroke-width="4"/>` +
    `<path d="M-150 0Q0 40 150 0" stroke="${trim}" stroke-width="10" fill="none"/><circle cx="-60" cy="60" r="14" fill="#d46a8a"/><circle cx="-40" cy="74" r="9" fill="#7fa04a"/><circle cx="50" cy="64" r="14" fill="#d46a8a"/><circle cx="70" cy="50" r="9" fill="#7fa04a"/>` +
    `<path d="M-80-118Q0-170 80-118Z" fill="${body}" stroke="${trim}" stroke-width="4"/><circle cy="-150" r="16" fill="${trim}"/><path d="M-100-60Q-120 10-90 80" stroke="#fff" stroke-width="10" fill="none" stroke-linecap="round"/></g>` +
    teaCup(440, 420, 0.7, body, trim)
  );
}

function leafFan(x: number, y: number, n: number, len: number, spread: number, colours: string[], seed: number): string {
  const rnd = rng(seed);
  let out = "";
  for (let i = 0; i < n; i++) {
    const a = -spread / 2 + (spread * i) / Math.max(1, n - 1) + (rnd() - 0.5) * 10;
    const l = len * (0.75 + rnd() * 0.35);
    out += `<path d="M0 0Q${n1(l * 0.3)} ${n1(-l * 0.5)} 0 ${n1(-l)}Q${n1(-l * 0.3)} ${n1(-l * 0.5)} 0 0Z" transform="translate(${x} ${y}) rotate(${Math.round(a)})" fill="${colours[i % colours.length]}"/>`;
  }
  return out;
}

function potShape(x: number, y: number, s: number, colour: string, extra: string): string {
  return (
    `<g transform="translate(${x} ${y}) scale(${s})"><path d="M-100 0H100L80 170Q78 180 66 180H-66Q-78 180-80 170Z" fill="${colour}"/>` +
    `<rect x="-112" y="-22" width="224" height="36" rx="8" fill="${shade(colour, -0.12)}"/>${extra}<path d="M-70 30L-56 160" stroke="#fff" stroke-opacity=".22" stroke-width="12" stroke-linecap="round"/></g>`
  );
}

function flowerPot(c: Ctx): string {
  const s = c.item.slug;
  const greens = ["#2f7a3a", "#3f9a4a", "#276b32"];
  if (/hanging/.test(s))
    return (
      `<path d="M300 60L200 300M300 60L400 300M300 60L300 300" stroke="#d8c3a0" stroke-width="6"/><circle cx="300" cy="60" r="12" fill="none" stroke="#b89a6a" stroke-width="5"/>` +
      leafFan(300, 300, 6, 90, 120, greens, c.seed) +
      potShape(300, 310, 0.8, "#f1ece2", `<path d="M-96 40H96" stroke="${c.pack}" stroke-width="10"/>`) +
      `<path d="M240 330Q200 420 226 480M360 330Q410 410 380 470" stroke="#2f7a3a" stroke-width="6" fill="none"/><ellipse cx="226" cy="480" rx="14" ry="9" fill="#3f9a4a"/><ellipse cx="380" cy="470" rx="14" ry="9" fill="#3f9a4a"/><ellipse cx="212" cy="420" rx="14" ry="9" fill="#3f9a4a"/>`
    );
  if (/cement/.test(s)) {
    const succ = (x: number, y: number, s2: number): string =>
      `<g transform="translate(${x} ${y}) scale(${s2})"><path d="M-70 0H70L60 120H-60Z" fill="#a9aaa6"/><rect x="-76" y="-14" width="152" height="22" fill="#bcbdb8"/>` +
      [0, 45, 90, 135, 180, 225, 270, 315].map((a) => `<ellipse cx="0" cy="-30" rx="14" ry="30" transform="rotate(${a} 0 -16)" fill="#7fae7a"/>`).join("") +
      `<circle cy="-16" r="14" fill="#9cc48f"/></g>`;
    return succ(180, 380, 0.85) + succ(420, 380, 0.85) + succ(300, 400, 1);
  }
  if (/self-watering/.test(s))
    return (
      leafFan(300, 260, 9, 110, 150, ["#4f9a3a", "#6ab04c"], c.seed) +
      potShape(
        300,
        280,
        1.05,
        c.pack,
        `<rect x="-14" y="40" width="28" height="100" rx="10" fill="#fff" fill-opacity=".6"/><rect x="-10" y="90" width="20" height="46" rx="8" fill="#5aa7d6"/>`,
      )
    );
  if (/ceramic/.test(s)) {
    let leaves = "";
    for (const [a, l] of [
      [-50, 150],
      [-15, 190],
      [20, 170],
      [55, 140],
    ]) {
      leaves += `<g transform="translate(300 270) rotate(${a})"><path d="M0 0V-${l}" stroke="#2f6b32" stroke-width="6"/><ellipse cy="-${l}" rx="48" ry="40" fill="#2f7a3a"/><path d="M0-${l + 30}V-${l - 30}" stroke="#8cc67a" stroke-width="3"/></g>`;
    }
    return leaves + potShape(300, 280, 1.05, c.pack, `<path d="M-96 40H96" stroke="#fff" stroke-opacity=".4" stroke-width="6"/>`);
  }
  // terracotta with a snake plant
  let blades = "";
  const rnd = rng(c.seed);
  for (let i = 0; i < 7; i++) {
    const x = 240 + i * 20;
    const h = 160 + rnd() * 90;
    blades += `<path d="M${x - 14} 280Q${x - 10} ${280 - h * 0.6} ${x} ${n1(280 - h)}Q${x + 10} ${280 - h * 0.6} ${x + 14} 280Z" fill="${i % 2 ? "#3f7a3a" : "#2f6a32"}" stroke="#c9d66a" stroke-width="3"/>`;
  }
  return (
    blades +
    `<ellipse cx="300" cy="470" rx="120" ry="16" fill="#a9542c"/>` +
    potShape(300, 280, 1.05, "#c4663a", `<path d="M-90 70H90" stroke="#000" stroke-opacity=".1" stroke-width="8"/>`)
  );
}

function giftSet(c: Ctx): string {
  const s = c.item.slug;
  if (/dabba/.test(s)) {
    const spices = ["#c62d1f", "#f2a900", "#8a6a3d", "#7b4a2a", "#a08a4a", "#2e2620", "#7fa04a"];
    const cups = [[300, 300]];
    for (let i = 0; i < 6; i++) cups.push([Math.round(300 + 118 * Math.cos((i * Math.PI) / 3)), Math.round(300 + 118 * Math.sin((i * Math.PI) / 3))]);
    return (
      `<circle cx="306" cy="312" r="210" fill="#000" fill-opacity=".12"/><circle cx="300" cy="300" r="210" fill="#c9cdd2"/><circle cx="300" cy="300" r="196" fill="#dfe3e7"/>` +
      cups.map(([x, y], i) => `<circle cx="${x}" cy="${y}" r="56" fill="#b9bec4"/><circle cx="${x}" cy="${y}" r="48" fill="${spices[i]}"/>`).join("") +
      `<path d="M330 300L470 170" stroke="#aab0b6" stroke-width="12" stroke-linecap="round"/>`
    );
  }
  if (/diya/.test(s)) {
    const diya = (x: number, y: number): string =>
      `<g transform="translate(${x} ${y})"><path d="M-70 0Q-60 50 0 54Q60 50 70 0Q80-10 92-14Q60-4 0-4Q-60-4-70 0Z" fill="#c9962a"/><ellipse cy="-2" rx="70" ry="12" fill="#a87a1a"/>` +
      `<path d="M60-20Q52-60 66-80Q82-56 72-20Z" fill="#f5a623"/><path d="M64-22Q60-46 67-58Q74-44 70-22Z" fill="#fde58a"/></g>`;
    return (
      `<rect x="110" y="350" width="380" height="150" rx="16" fill="${c.pack}"/><path d="M110 380H490" stroke="#d4a437" stroke-width="6"/>` +
      diya(200, 320) +
      diya(400, 320) +
      diya(200, 460) +
      diya(400, 460)
    );
  }
  if (/tea-tin/.test(s)) {
    const tins = ["#8b1e3f", "#0f5e4b", "#27406b"];
    return tins
      .map(
        (col, i) =>
          `<g transform="translate(${180 + i * 120} ${i === 1 ? 260 : 290})"><rect x="-56" y="0" width="112" height="${i === 1 ? 230 : 200}" rx="8" fill="${col}"/><rect x="-60" y="-18" width="120" height="34" rx="6" fill="#d4a437"/>` +
          `<circle cy="${i === 1 ? 110 : 96}" r="34" fill="none" stroke="#d4a437" stroke-width="4"/><path d="M0 ${i === 1 ? 86 : 72}Q22 ${i === 1 ? 110 : 96} 0 ${i === 1 ? 134 : 120}Q-22 ${i === 1 ? 110 : 96} 0 ${i === 1 ? 86 : 72}Z" fill="#7fa04a"/></g>`,
      )
      .join("");
  }
  // a ribboned box (dry fruit box, chocolate box)
  const kraft = /chocolate/.test(s);
  const box = kraft ? "#c8a27a" : c.pack;
  const ribbon = kraft ? "#8b1e3f" : "#d4a437";
  return (
    `<rect x="150" y="270" width="300" height="230" rx="8" fill="${box}"/><rect x="136" y="222" width="328" height="66" rx="8" fill="${shade(box, 0.12)}"/>` +
    `<rect x="282" y="222" width="36" height="278" fill="${ribbon}"/><rect x="150" y="370" width="300" height="30" fill="${ribbon}" fill-opacity=".85"/>` +
    `<path d="M300 222Q230 140 208 190Q196 232 300 222ZM300 222Q370 140 392 190Q404 232 300 222Z" fill="${ribbon}" stroke="${shade(ribbon, -0.25)}" stroke-width="4"/><circle cx="300" cy="220" r="16" fill="${shade(ribbon, -0.2)}"/>` +
    (kraft
      ? ""
      : `<circle cx="216" cy="440" r="34" fill="none" stroke="#d4a437" stroke-width="4" stroke-dasharray="6 6"/><circle cx="384" cy="440" r="34" fill="none" stroke="#d4a437" stroke-width="4" stroke-dasharray="6 6"/>`)
  );
}

function hamper(c: Ctx): string {
  const s = c.item.slug;
  const items: string[] = [];
  // things peeking out of the basket
  items.push(
    `<rect x="196" y="170" width="52" height="150" rx="10" fill="${/tea/.test(s) ? "#3f7a4a" : "#5a1d2b"}"/><rect x="208" y="130" width="28" height="50" rx="6" fill="#d4a437"/>`,
  );
  items.push(`<rect x="262" y="200" width="90" height="120" rx="8" fill="${c.pack}"/><path d="M262 240H352" stroke="#d4a437" stroke-width="8"/>`);
  items.push(`<rect x="360" y="220" width="70" height="100" rx="14" fill="#f0a23b"/><rect x="356" y="206" width="78" height="24" rx="6" fill="#8b1e3f"/>`);
  if (/organic|breakfast/.test(s)) items.push(`<circle cx="250" cy="280" r="40" fill="#e3b93e"/><path d="M236 280H264" stroke="#7a5a0b" stroke-width="4"/>`);
  if (/baker/.test(s)) items.push(`<circle cx="300" cy="290" r="36" fill="#d9a24a"/><circle cx="290" cy="282" r="5" fill="#5a2a1b"/><circle cx="312" cy="298" r="5" fill="#5a2a1b"/>`);
  return (
    `<path d="M150 320Q150 120 300 120Q450 120 450 320" fill="none" stroke="#9a6a32" stroke-width="18"/>` +
    items.join("") +
    `<path d="M120 310H480L440 500H160Z" fill="#c8995a"/>` +
    `<path d="M124 330H476M128 370H470M134 410H462M140 450H454" stroke="#9a6a32" stroke-width="6"/>` +
    `<path d="M170 310L178 500M230 310L232 500M290 310V500M350 310L348 500M410 310L402 500" stroke="#9a6a32" stroke-width="3" stroke-dasharray="10 10"/>` +
    `<rect x="112" y="296" width="376" height="30" rx="10" fill="#b07a3a"/>` +
    `<path d="M300 330Q250 290 236 318Q230 346 300 340ZM300 330Q350 290 364 318Q370 346 300 340Z" fill="#b3122f"/><circle cx="300" cy="334" r="10" fill="#8b0e23"/>`
  );
}

// farm produce, drawn as heaps on a wooden crate
function produceItem(kind: string, x: number, y: number, s: number, rot: number): string {
  const t = `transform="translate(${x} ${y}) rotate(${rot}) scale(${s})"`;
  switch (kind) {
    case "tomato":
      return `<g ${t}><circle r="44" fill="#e03a2a"/><path d="M0-42L8-54 12-40 26-46 14-34 0-40-14-34-26-46-12-40-8-54Z" fill="#3a8a2a"/><ellipse cx="-16" cy="-12" rx="10" ry="6" fill="#fff" fill-opacity=".35"/></g>`;
    case "onion":
      return `<g ${t}><path d="M0-56Q6-40 30-26Q52-4 40 22Q24 46 0 46Q-24 46-40 22Q-52-4-30-26Q-6-40 0-56Z" fill="#8e3b6a"/><path d="M0-50Q-20 0 0 44M0-50Q20 0 0 44" stroke="#c77fa8" stroke-width="3" fill="none"/></g>`;
    case "potato":
      return `<g ${t}><path d="M-48-10Q-44-36-10-38Q30-40 46-16Q58 14 30 30Q0 42-30 32Q-52 20-48-10Z" fill="#c89b5a"/><circle cx="-20" cy="-10" r="3" fill="#8a6a3a"/><circle cx="18" cy="6" r="3" fill="#8a6a3a"/><circle cx="2" cy="-20" r="2.5" fill="#8a6a3a"/></g>`;
    case "apple":
      return `<g ${t}><path d="M0-34Q30-50 44-20Q56 18 24 42Q10 50 0 44Q-10 50-24 42Q-56 18-44-20Q-30-50 0-34Z" fill="#c8242c"/><path d="M0-34L4-54" stroke="#6a3a1a" stroke-width="5"/><path d="M4-50Q22-64 30-48Q16-40 4-50Z" fill="#4a9a2a"/><ellipse cx="-20" cy="-14" rx="8" ry="12" fill="#fff" fill-opacity=".25"/></g>`;
    case "pomegranate":
      return `<g ${t}><circle r="46" fill="#b81d2e"/><path d="M-12-40L-16-56H16L12-40Z" fill="#8e1424"/><path d="M-16-56L-10-48 0-58 10-48 16-56" stroke="#8e1424" stroke-width="5" fill="none"/><ellipse cx="-18" cy="-12" rx="10" ry="14" fill="#fff" fill-opacity=".2"/></g>`;
    case "mango":
      return `<g ${t}><path d="M-20-44Q30-54 44-10Q54 36 10 48Q-40 56-48 10Q-52-30-20-44Z" fill="#f4a62a"/><path d="M-20-44Q-46-20-40 20Q-20-10-20-44Z" fill="#8cb83a" fill-opacity=".7"/><path d="M-14-44L-18-56" stroke="#5a3a1a" stroke-width="4"/></g>`;
    case "capsicum": {
      const col = x % 2 ? "#e8b21a" : "#d8281f";
      return `<g ${t}><path d="M-40-24Q-46 30-24 44Q-12 50 0 40Q12 50 24 44Q46 30 40-24Q30-40 0-34Q-30-40-40-24Z" fill="${col}"/><path d="M-10-34Q0-30 10-34L6-50H-6Z" fill="#3a8a2a"/><path d="M-22-20Q-26 20-16 34" stroke="#fff" stroke-opacity=".35" stroke-width="6" fill="none"/></g>`;
    }
    case "banana":
      return `<g ${t}><path d="M-60-30Q-30 40 60 20Q64 14 58 10Q-10 20-48-36Q-56-40-60-30Z" fill="#f2cf2a" stroke="#c9a21a" stroke-width="3"/><path d="M58 10L70 4" stroke="#5a4a1a" stroke-width="6"/></g>`;
    case "cucumber":
      return `<g ${t}><rect x="-70" y="-18" width="140" height="36" rx="18" fill="#3f7a2a"/><path d="M-56-6H56" stroke="#8cc06a" stroke-width="4" stroke-dasharray="6 10"/></g>`;
    case "carrot":
      return `<g ${t}><path d="M-16-40Q0-46 16-40L2 60Q0 64-2 60Z" fill="#ef6a1a"/><path d="M-10-20H6M-6 10H8M-4 36H4" stroke="#c24a0a" stroke-width="3"/><path d="M0-40Q-14-70-24-76M0-40Q0-70 4-82M0-40Q12-66 24-72" stroke="#3f9a2a" stroke-width="6" fill="none"/></g>`;
    case "ginger":
      return `<g ${t}><path d="M-56 0Q-60-20-40-22Q-36-40-16-34Q-4-48 14-36Q34-42 40-20Q60-14 54 6Q50 24 24 20Q0 30-24 20Q-50 22-56 0Z" fill="#d9b27a"/><path d="M-30-6Q0 4 34-6" stroke="#a9824a" stroke-width="3" fill="none"/></g>`;
    case "leafy":
      return `<g ${t}>${leafFan(0, 40, 9, 110, 110, ["#2f7a2a", "#3f9a3a", "#246a22"], 11)}<path d="M-8 40H8V70H-8Z" fill="#d8c3a0"/></g>`;
    default:
      return "";
  }
}

function crate(front: string): string {
  return (
    `<path d="M110 380H490L470 500H130Z" fill="#b57d45"/>` +
    front +
    `<path d="M96 400H504L484 510H116Z" fill="#c8904f"/><path d="M100 440H500M106 476H494" stroke="#9a6a32" stroke-width="4"/><path d="M150 400V510M450 400V510" stroke="#9a6a32" stroke-width="8"/>`
  );
}

function farm(c: Ctx): string {
  const s = c.item.slug;
  if (/egg/.test(s)) {
    const row = (y: number): string =>
      [0, 1, 2]
        .map(
          (k) =>
            `<ellipse cx="${200 + k * 100}" cy="${y}" rx="40" ry="52" fill="${k === 1 ? "#c07a4a" : "#cc8d5c"}"/><ellipse cx="${186 + k * 100}" cy="${y - 18}" rx="10" ry="16" fill="#fff" fill-opacity=".25"/>`,
        )
        .join("");
    const wall = (y: number, fill: string, bottom: number): string =>
      `<path d="M104 ${y}Q152 ${y - 32} 200 ${y}Q250 ${y - 32} 300 ${y}Q350 ${y - 32} 400 ${y}Q448 ${y - 32} 496 ${y}L478 ${bottom}H122Z" fill="${fill}"/>`;
    return (
      `<path d="M130 300H470L480 380H120Z" fill="#b5ad98"/>` +
      row(262) +
      wall(312, "#cfc7b2", 400) +
      row(330) +
      wall(372, "#ddd6c4", 478) +
      `<path d="M130 440H470" stroke="#c9c1ad" stroke-width="6"/>`
    );
  }
  if (/paneer/.test(s)) {
    const cube = (x: number, y: number, z: number): string =>
      `<g transform="translate(${x} ${y}) scale(${z})"><path d="M0-60L70-30 0 0-70-30Z" fill="#fffdf2"/><path d="M-70-30L0 0V70L-70 40Z" fill="#efe6cc"/><path d="M70-30L0 0V70L70 40Z" fill="#e2d6b4"/></g>`;
    return (
      `<ellipse cx="300" cy="440" rx="220" ry="60" fill="#5a9a3a"/><ellipse cx="300" cy="432" rx="200" ry="48" fill="#6fb04a"/>` +
      cube(210, 380, 1) +
      cube(380, 390, 1) +
      cube(300, 310, 1.2)
    );
  }
  if (/milk/.test(s))
    return (
      `<g transform="translate(300 300)"><path d="M-44-180H44V-120Q100-80 100-20V170Q100 200 70 200H-70Q-100 200-100 170V-20Q-100-80-44-120Z" fill="#fdfdf8" stroke="#b8d4dc" stroke-width="5"/>` +
      `<rect x="-50" y="-214" width="100" height="40" rx="8" fill="${c.pack}"/><rect x="-100" y="10" width="200" height="110" fill="${c.pack}"/>` +
      `<text ${SANS} font-size="52" font-weight="bold" fill="#fff" text-anchor="middle" y="84">A2</text><path d="M-80-40V-6M-80 140V170" stroke="#dfeef2" stroke-width="10" stroke-linecap="round"/></g>`
    );
  if (/dahi/.test(s))
    return (
      `<path d="M150 280H450Q440 470 300 480Q160 470 150 280Z" fill="#b5582f"/><ellipse cx="300" cy="280" rx="150" ry="36" fill="#8a3f1f"/><ellipse cx="300" cy="284" rx="134" ry="26" fill="#fffdf6"/>` +
      `<path d="M170 340Q300 370 430 340" stroke="#e8a56a" stroke-width="8" fill="none"/><path d="M190 300Q240 250 300 286Q340 262 360 290" stroke="#f1ece0" stroke-width="8" fill="none"/>`
    );
  const layout: Record<string, [string, number]> = {
    tomato: ["tomato", 0.9],
    onion: ["onion", 0.9],
    potato: ["potato", 1],
    apple: ["apple", 0.95],
    pomegranate: ["pomegranate", 0.95],
    mango: ["mango", 0.95],
    capsicum: ["capsicum", 0.95],
    banana: ["banana", 1.1],
    cucumber: ["cucumber", 1.1],
    carrot: ["carrot", 1],
    ginger: ["ginger", 0.9],
    spinach: ["leafy", 1.2],
    coriander: ["leafy", 1.05],
  };
  const key = Object.keys(layout).find((k) => s.includes(k)) ?? "tomato";
  const [kind, z] = layout[key];
  const spots: [number, number, number][] =
    kind === "leafy"
      ? [
          [220, 390, -20],
          [380, 390, 20],
          [300, 380, 0],
        ]
      : kind === "banana" || kind === "cucumber" || kind === "carrot"
        ? [
            [250, 320, kind === "carrot" ? -30 : -15],
            [350, 330, kind === "carrot" ? 25 : 10],
            [300, 360, kind === "carrot" ? -5 : -5],
            [230, 370, kind === "carrot" ? -60 : 5],
            [380, 372, kind === "carrot" ? 55 : -10],
          ]
        : [
            [250, 300, -10],
            [350, 300, 15],
            [190, 360, 5],
            [300, 350, -5],
            [410, 360, 20],
            [240, 400, 12],
            [360, 400, -15],
          ];
  return crate(spots.map(([x, y, r]) => produceItem(kind, x, y, z, r)).join(""));
}

// ---------------------------------------------------------------- a product picture

type Drawer = (c: Ctx) => string;

const PACKS: Record<string, Drawer> = {
  "dry-fruits": pouch,
  pulses: pillowBag,
  "flours-grains": sack,
  spices: jar,
  rice: sack,
  "sugar-salt": pillowBag,
  "oil-ghee": (c) => (/ghee/.test(c.item.slug) ? jar(c) : bottle(c)),
  biscuits: pillowBag,
  "snacks-namkeen": pouch,
  beverages: (c) => (/juice|panna/.test(c.item.slug) ? bottle(c) : /instant/.test(c.item.slug) ? jar(c) : pouch(c)),
};
const OBJECTS: Record<string, Drawer> = {
  "dinner-ware": dinnerWare,
  "bar-glass": barGlass,
  "gift-set": giftSet,
  "tea-set-glass-cup": teaSet,
  "flower-pots": flowerPot,
  hamper,
  "farm-basket": farm,
};

function ctxFor(item: Item, view: number, label: boolean, id: string): Ctx {
  const pal = PAL[item.group] ?? PAL["farm-basket"];
  const h = hash(item.slug);
  return {
    id,
    item,
    pal,
    pack: pal.packs[h % pal.packs.length],
    accent: ACCENTS[(h >>> 8) % ACCENTS.length],
    motif: motifOf(item.slug),
    view,
    label,
    seed: h,
  };
}

/** The object itself (no background), for products and for compositions. */
function drawObject(item: Item, view: number, label: boolean, id: string): string {
  const c = ctxFor(item, view, label, id);
  const pack = PACKS[item.group];
  if (pack) return view === 3 ? contentsBowl(c, label) : pack(c);
  const obj = OBJECTS[item.group] ?? farm;
  let art = obj(c);
  if (view === 2) art = `<g transform="rotate(-7 300 320)">${art}</g>`;
  if (view === 3) art = `<g transform="translate(300 300) scale(1.3) translate(-300 -300)">${art}</g>`;
  return shadow(c.item.group === "farm-basket" ? 506 : 500, 185) + art + (label ? tag(item.name, c.pal.ink, item.organic) : "");
}

function productSvg(item: Item, view: number): string {
  const pal = PAL[item.group] ?? PAL["farm-basket"];
  const viewName = view === 1 ? "" : view === 2 ? (PACKS[item.group] ? ", back of pack" : ", another angle") : PACKS[item.group] ? ", contents" : ", close-up";
  const body = background(pal, view) + (PACKS[item.group] && view !== 3 ? shadow(528, 160) : "") + drawObject(item, view, true, "a");
  return svgDoc(600, 600, item.title + viewName, body);
}

// ---------------------------------------------------------------- compositions

/** Place a 600x600 drawing at (x, y) scaled by s. */
const place = (x: number, y: number, s: number, inner: string): string => `<g transform="translate(${x} ${y}) scale(${s})">${inner}</g>`;

function fakeItem(slug: string, group: string, title: string): Item {
  return toItem(title, group, slug, false);
}

const SAMPLE: Record<string, Item> = {
  rice: fakeItem("basmati-rice", "rice", "Haat Select Basmati Rice"),
  atta: fakeItem("chakki-atta", "flours-grains", "Haat Select Chakki Atta"),
  dal: fakeItem("toor-dal", "pulses", "Haat Select Toor Dal"),
  almonds: fakeItem("california-almonds", "dry-fruits", "Haat Select Almonds"),
  haldi: fakeItem("turmeric-powder", "spices", "Haat Select Turmeric"),
  mirch: fakeItem("kashmiri-mirch", "spices", "Haat Select Kashmiri Mirch"),
  plate: fakeItem("pasta-plates", "dinner-ware", "Plate"),
  dinnerSet: fakeItem("bone-china-dinner-set", "dinner-ware", "Dinner Set"),
  whisky: fakeItem("whisky-glasses", "bar-glass", "Whisky Glasses"),
  wine: fakeItem("wine-glasses", "bar-glass", "Wine Glasses"),
  box: fakeItem("diwali-dry-fruit-box", "gift-set", "Gift Box"),
  teaSet: fakeItem("bone-china-tea-set", "tea-set-glass-cup", "Tea Set"),
  pot: fakeItem("terracotta-planter", "flower-pots", "Planter"),
  hamper: fakeItem("festive-gourmet-hamper", "hamper", "Hamper"),
  tomato: fakeItem("tomatoes", "farm-basket", "Tomatoes"),
  apple: fakeItem("shimla-apples", "farm-basket", "Apples"),
  eggs: fakeItem("free-range-eggs", "farm-basket", "Eggs"),
  milk: fakeItem("a2-cow-milk", "farm-basket", "Milk"),
  spinach: fakeItem("spinach", "farm-basket", "Spinach"),
  diya: fakeItem("brass-diya-set", "gift-set", "Diyas"),
  kulhad: fakeItem("kulhad-cups", "tea-set-glass-cup", "Kulhad"),
  sugar: fakeItem("white-sugar", "sugar-salt", "Haat Select White Sugar"),
  oil: fakeItem("mustard-oil", "oil-ghee", "Haat Select Mustard Oil"),
  cookies: fakeItem("butter-cookies", "biscuits", "Haat Select Butter Cookies"),
  bhujia: fakeItem("aloo-bhujia", "snacks-namkeen", "Haat Select Aloo Bhujia"),
  tea: fakeItem("assam-tea", "beverages", "Haat Select Assam Tea"),
};

/** A mixed crate of produce for the Farm Basket tile and banner. */
function mixedCrate(): string {
  const parts: [string, number, number, number, number][] = [
    ["leafy", 200, 330, 1, -20],
    ["carrot", 420, 300, 1, 30],
    ["apple", 250, 330, 0.9, 0],
    ["tomato", 340, 330, 0.9, 10],
    ["capsicum", 420, 360, 0.85, -10],
    ["tomato", 190, 380, 0.85, 0],
    ["onion", 300, 390, 0.85, 0],
  ];
  return `<ellipse cx="300" cy="506" rx="200" ry="20" fill="#000" fill-opacity=".13"/>` + crate(parts.map(([k, x, y, s, r]) => produceItem(k, x, y, s, r)).join(""));
}

/** A group picture for a top-level category or a banner: objects with no labels. */
function groupArt(key: string, id: string): string {
  const o = (it: Item, v: number, lbl: boolean, sfx: string): string => drawObject(it, v, lbl, id + sfx);
  switch (key) {
    case "grocers-pick":
      return place(-40, 30, 0.62, o(SAMPLE.rice, 1, true, "a")) + place(290, 50, 0.58, o(SAMPLE.haldi, 1, true, "b")) + place(150, 210, 0.55, o(SAMPLE.almonds, 1, true, "c"));
    case "general-merchandise":
      return place(-10, 20, 0.75, o(SAMPLE.plate, 1, false, "a")) + place(200, 140, 0.72, o(SAMPLE.whisky, 1, false, "b"));
    case "gifting":
      return place(-30, 60, 0.72, o(SAMPLE.hamper, 1, false, "a")) + place(230, 170, 0.6, o(SAMPLE.box, 1, false, "b"));
    case "farm-basket":
      return mixedCrate();
    case "pantry":
      return place(-50, 40, 0.62, o(SAMPLE.atta, 1, true, "a")) + place(250, 40, 0.62, o(SAMPLE.dal, 1, true, "b")) + place(150, 200, 0.5, o(SAMPLE.mirch, 1, true, "c"));
    case "diwali":
      return place(-60, 10, 0.7, o(SAMPLE.hamper, 1, false, "a")) + place(250, 30, 0.62, o(SAMPLE.box, 1, false, "b")) + place(150, 250, 0.5, o(SAMPLE.diya, 1, false, "c"));
    default:
      return "";
  }
}

// ---------------------------------------------------------------- category tiles

const SUB_SAMPLE: Record<string, [Item, number]> = {
  "dry-fruits": [SAMPLE.almonds, 3],
  pulses: [SAMPLE.dal, 3],
  "flours-grains": [SAMPLE.atta, 3],
  spices: [SAMPLE.mirch, 3],
  rice: [SAMPLE.rice, 3],
  "dinner-ware": [SAMPLE.dinnerSet, 1],
  "bar-glass": [SAMPLE.wine, 1],
  "gift-set": [SAMPLE.box, 1],
  "tea-set-glass-cup": [SAMPLE.teaSet, 1],
  "flower-pots": [SAMPLE.pot, 1],
  hamper: [SAMPLE.hamper, 1],
  "sugar-salt": [SAMPLE.sugar, 3],
  "oil-ghee": [SAMPLE.oil, 1],
  biscuits: [SAMPLE.cookies, 3],
  "snacks-namkeen": [SAMPLE.bhujia, 3],
  beverages: [SAMPLE.tea, 1],
};

const TOP_PAL: Record<string, Palette> = {
  "grocers-pick": PAL["flours-grains"],
  "general-merchandise": PAL["dinner-ware"],
  gifting: PAL["gift-set"],
  "farm-basket": PAL["farm-basket"],
};

function categorySvg(slug: string, name: string): string {
  const sample = SUB_SAMPLE[slug];
  if (sample) {
    const [item, view] = sample;
    const pal = PAL[slug];
    return svgDoc(600, 600, name, background(pal, 1) + drawObject(item, view, false, "c"));
  }
  const pal = TOP_PAL[slug] ?? PAL["farm-basket"];
  return svgDoc(600, 600, name, background(pal, 1) + groupArt(slug, "c"));
}

// ---------------------------------------------------------------- banners, promos, stores

interface BannerWords {
  title: string;
  sub: string;
  cta: string;
}

interface BannerSpec extends BannerWords {
  /** The same banner's words on the Hindi home page (issue 41 item 12): banner-N.hi.svg. */
  hi: BannerWords;
  bg: [string, string];
  ink: string;
  button: string;
  art: string;
  deco: string;
}

const BANNERS: BannerSpec[] = [
  {
    title: "Fresh from the farm",
    sub: "Vegetables, fruit, eggs and dairy picked at dawn",
    cta: "Shop Farm Basket",
    hi: { title: "खेत से ताज़ा", sub: "सब्ज़ियाँ, फल, अंडे और डेयरी, सुबह-सुबह चुने हुए", cta: "खेत की टोकरी देखें" },
    bg: ["#e3f1d6", "#b9dca0"],
    ink: "#1f4a1a",
    button: "#2f6b3a",
    art: "farm-basket",
    deco: "#8cc06a",
  },
  {
    title: "Gourmet gifting for Diwali",
    sub: "Hampers, dry fruit boxes and diyas, gift-wrapped",
    cta: "Explore Gifting",
    hi: { title: "दिवाली के लिए ख़ास उपहार", sub: "हैम्पर, ड्राई फ्रूट के डिब्बे और दीये, सुंदर पैकिंग में", cta: "उपहार देखें" },
    bg: ["#5a0f24", "#8b1e3f"],
    ink: "#fdf1d8",
    button: "#d4a437",
    art: "diwali",
    deco: "#d4a437",
  },
  {
    title: "Pantry staples, delivered tomorrow",
    sub: "Atta, dal, rice and spices from \u20b935",
    cta: "Stock up now",
    hi: { title: "रोज़ का राशन, कल तक घर पर", sub: "आटा, दाल, चावल और मसाले \u20b935 से", cta: "राशन भर लें" },
    bg: ["#fbf0d2", "#f2d98f"],
    ink: "#3b2a0b",
    button: "#a64200",
    art: "pantry",
    deco: "#e3b93e",
  },
];

function gradient(id: string, a: string, b: string, vertical = false): string {
  return `<linearGradient id="${id}" x1="0" y1="0" x2="${vertical ? 0 : 1}" y2="${vertical ? 1 : 0.4}"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient>`;
}

function confetti(w: number, h: number, colour: string, seed: number, n: number): string {
  const rnd = rng(seed);
  let d = "";
  for (let i = 0; i < n; i++) d += `M${Math.round(rnd() * w)} ${Math.round(rnd() * h)}h0`;
  return `<path d="${d}" stroke="${colour}" stroke-width="10" stroke-linecap="round" stroke-opacity=".45"/>`;
}

function button(x: number, y: number, label: string, fill: string, ink: string, anchor: "start" | "middle", font = SANS): string {
  const w = Math.round(label.length * 13 + 56);
  const left = anchor === "middle" ? x - w / 2 : x;
  return `<rect x="${left}" y="${y}" width="${w}" height="56" rx="28" fill="${fill}"/><text ${font} font-size="22" font-weight="bold" fill="${ink}" x="${left + w / 2}" y="${y + 36}" text-anchor="middle">${esc(label)}</text>`;
}

/** A banner's words in a language, and the faces that draw them. */
function bannerWords(b: BannerSpec, hindi: boolean): BannerWords & { serif: string; sans: string } {
  return hindi ? { ...b.hi, serif: DEVANAGARI, sans: DEVANAGARI } : { title: b.title, sub: b.sub, cta: b.cta, serif: SERIF, sans: SANS };
}

function bannerDesktop(b: BannerSpec, i: number, hindi = false): string {
  const btnInk = isDark(b.button) ? "#fff" : "#2a1a05";
  const w = bannerWords(b, hindi);
  const lines = wrap(w.title, 20, 2);
  const body =
    `<defs>${gradient("g", b.bg[0], b.bg[1])}</defs><rect width="1600" height="500" fill="url(#g)"/>` +
    confetti(1600, 500, b.deco, 100 + i, 40) +
    `<circle cx="1180" cy="250" r="300" fill="#fff" fill-opacity=".14"/>` +
    textBlock(lines, 110, lines.length === 1 ? 190 : 170, 760, 76, b.ink, { font: w.serif, anchor: "start" }) +
    textBlock([w.sub], 110, lines.length === 1 ? 275 : 300, 720, 30, b.ink, { weight: "normal", anchor: "start", opacity: 0.85, font: w.sans }) +
    button(110, lines.length === 1 ? 330 : 350, w.cta, b.button, btnInk, "start", w.sans) +
    place(890, -28, 0.95, groupArt(b.art, "b"));
  return svgDoc(1600, 500, `${w.title}: ${w.sub}`, body);
}

function bannerMobile(b: BannerSpec, i: number, hindi = false): string {
  const btnInk = isDark(b.button) ? "#fff" : "#2a1a05";
  const w = bannerWords(b, hindi);
  const lines = wrap(w.title, 18, 2);
  const body =
    `<defs>${gradient("g", b.bg[0], b.bg[1], true)}</defs><rect width="768" height="640" fill="url(#g)"/>` +
    confetti(768, 640, b.deco, 200 + i, 24) +
    `<circle cx="384" cy="470" r="220" fill="#fff" fill-opacity=".14"/>` +
    textBlock(lines, 384, 100, 680, 60, b.ink, { font: w.serif }) +
    textBlock([w.sub], 384, 190, 680, 26, b.ink, { weight: "normal", opacity: 0.85, font: w.sans }) +
    button(384, 222, w.cta, b.button, btnInk, "middle", w.sans) +
    place(198, 262, 0.62, groupArt(b.art, "b"));
  return svgDoc(768, 640, `${w.title}: ${w.sub}`, body);
}

/**
 * The home page's banners, in English (banner-N.svg) and Hindi (banner-N.hi.svg, issue 41 item
 * 12): the path under public/ and the picture. The Hindi home page shows the Hindi ones
 * (app/content/home.hi.ts).
 */
export function bannerFiles(): { file: string; svg: string }[] {
  return BANNERS.flatMap((b, i) =>
    [false, true].flatMap((hindi) => {
      const suffix = hindi ? ".hi" : "";
      return [
        { file: `images/banners/desktop/banner-${i + 1}${suffix}.svg`, svg: bannerDesktop(b, i, hindi) },
        { file: `images/banners/mobile/banner-${i + 1}${suffix}.svg`, svg: bannerMobile(b, i, hindi) },
      ];
    }),
  );
}

/**
 * The home page's promo cards: the object alone, on a transparent ground. The card draws its
 * own title, text and button in HTML (readable at any width, one of each), so the picture
 * carries none.
 */
function promo(i: number): string {
  const specs = [
    { title: "A gourmet hamper in a wicker basket, tied with a red bow", art: SAMPLE.hamper },
    { title: "A pack of Haat Organics ragi flour", art: fakeItem("ragi-flour", "flours-grains", "Haat Organics Ragi Flour") },
  ];
  const s = specs[i];
  const art = i === 0 ? drawObject(s.art, 1, false, "p") : drawObject({ ...s.art, organic: true }, 1, true, "p");
  const body = `<circle cx="200" cy="200" r="180" fill="#fff" fill-opacity=".12"/>` + place(14, 4, 0.62, art);
  return svgDoc(400, 400, s.title, body);
}

/** A shelf of little packs, for the store interiors. */
function shelfRow(x: number, y: number, w: number, seed: number, h = 70): string {
  const rnd = rng(seed);
  const colours = ["#8b1e3f", "#2f6b3a", "#d4a437", "#27406b", "#a64200", "#e8d8b4", "#c62d1f", "#5b2c6f", "#f0a23b"];
  let out = "";
  let cx = x + 8;
  while (cx < x + w - 40) {
    const pw = 24 + Math.floor(rnd() * 22);
    const ph = Math.round(h * (0.55 + rnd() * 0.45));
    const col = colours[Math.floor(rnd() * colours.length)];
    const jar = rnd() < 0.3;
    out += jar
      ? `<rect x="${cx}" y="${y - ph}" width="${pw}" height="${ph}" rx="6" fill="${col}"/><rect x="${cx + 2}" y="${y - ph - 8}" width="${pw - 4}" height="10" rx="2" fill="#444"/>`
      : `<rect x="${cx}" y="${y - ph}" width="${pw}" height="${ph}" rx="3" fill="${col}"/><rect x="${cx + 4}" y="${y - ph * 0.6}" width="${pw - 8}" height="${Math.round(ph * 0.3)}" fill="#fff" fill-opacity=".7"/>`;
    cx += pw + 4;
  }
  return out + `<rect x="${x}" y="${y}" width="${w}" height="12" fill="#8a5a2b"/>`;
}

function pendant(x: number, top: number, len: number): string {
  return `<path d="M${x} ${top}V${top + len}" stroke="#333" stroke-width="3"/><path d="M${x - 36} ${top + len + 34}Q${x} ${top + len - 10} ${x + 36} ${top + len + 34}Z" fill="#2f3a2a"/><ellipse cx="${x}" cy="${top + len + 36}" rx="16" ry="6" fill="#ffe9a8"/><path d="M${x - 30} ${top + len + 40}L${x - 90} ${top + len + 220}H${x + 90}L${x + 30} ${top + len + 40}Z" fill="#fff5cc" fill-opacity=".18"/>`;
}

function store(i: number): string {
  const W = 1200;
  const H = 800;
  let body = "";
  let title = "";
  if (i === 0) {
    title = "The Haat store front in Gurugram, with a striped awning and window displays";
    let stripes = "";
    for (let k = 0; k < 12; k++) stripes += `<path d="M${150 + k * 75} 256H${225 + k * 75}V312Q${187 + k * 75} 342 ${150 + k * 75} 312Z" fill="${k % 2 ? "#f6efe0" : "#2f6b3a"}"/>`;
    body =
      `<defs>${gradient("s", "#bfe3f5", "#eaf6fb", true)}</defs><rect width="${W}" height="${H}" fill="url(#s)"/>` +
      `<circle cx="1040" cy="120" r="56" fill="#fff3b0"/><rect x="100" y="120" width="1000" height="600" fill="#efe3cc"/><rect x="100" y="120" width="1000" height="22" fill="#d9c6a2"/>` +
      `<rect x="300" y="146" width="600" height="72" rx="10" fill="#1f3d2a"/><text ${SERIF} font-size="54" font-weight="bold" fill="#f3d98a" x="600" y="200" text-anchor="middle">Haat</text>` +
      `<text ${SANS} font-size="18" fill="#1f3d2a" x="600" y="242" text-anchor="middle" letter-spacing="4">GROCER \u00b7 CAF\u00c9 \u00b7 GIFTS</text>` +
      stripes +
      `<rect x="160" y="350" width="330" height="300" fill="#2a3b44"/><rect x="710" y="350" width="330" height="300" fill="#2a3b44"/>` +
      `<rect x="170" y="360" width="310" height="280" fill="#cfe6ef" fill-opacity=".5"/><rect x="720" y="360" width="310" height="280" fill="#cfe6ef" fill-opacity=".5"/>` +
      shelfRow(180, 470, 290, 1, 80) +
      shelfRow(180, 600, 290, 2, 90) +
      shelfRow(730, 470, 290, 3, 80) +
      shelfRow(730, 600, 290, 4, 90) +
      `<rect x="530" y="340" width="140" height="380" fill="#5a3a1f"/><rect x="545" y="360" width="110" height="240" fill="#cfe6ef" fill-opacity=".6"/><circle cx="645" cy="540" r="6" fill="#d4a437"/>` +
      `<text ${SANS} font-size="16" font-weight="bold" fill="#1f3d2a" x="600" y="390" text-anchor="middle">OPEN</text>` +
      potShape(470, 640, 0.45, "#c4663a", "") +
      leafFan(470, 640, 7, 90, 110, ["#2f7a3a", "#3f9a4a"], 9) +
      potShape(730, 640, 0.45, "#c4663a", "") +
      leafFan(730, 640, 7, 90, 110, ["#2f7a3a", "#3f9a4a"], 10) +
      `<rect y="720" width="${W}" height="80" fill="#b9b2a4"/><path d="M0 740H1200" stroke="#a29a8a" stroke-width="4"/>`;
  } else if (i === 1) {
    title = "Inside the Haat grocery: shelves of rice, dals, spices and dry fruits";
    let shelves = "";
    for (let r = 0; r < 4; r++) shelves += shelfRow(80, 250 + r * 120, 1040, 20 + r, 90);
    body =
      `<rect width="${W}" height="${H}" fill="#f3ead8"/><rect x="60" y="130" width="1080" height="560" fill="#d9c3a0"/>` +
      `<rect x="420" y="40" width="360" height="70" rx="10" fill="#2f6b3a"/><text ${SERIF} font-size="36" font-weight="bold" fill="#fff" x="600" y="88" text-anchor="middle">Grocers Pick</text>` +
      `<path d="M470 0V40M730 0V40" stroke="#555" stroke-width="3"/>` +
      shelves +
      `<rect y="690" width="${W}" height="110" fill="#c2a27a"/><path d="M0 730H1200M0 770H1200" stroke="#b08f67" stroke-width="3"/>` +
      `<g transform="translate(850 560)"><rect width="200" height="120" rx="10" fill="#8a5a2b"/><path d="M10 0L30-60H170L190 0" fill="#c8995a" stroke="#9a6a32" stroke-width="4"/><circle cx="70" cy="140" r="18" fill="#333"/><circle cx="150" cy="140" r="18" fill="#333"/></g>`;
  } else if (i === 2) {
    title = "The Haat caf\u00e9 corner with a coffee counter, menu board and tables";
    const table = (x: number): string =>
      `<ellipse cx="${x}" cy="560" rx="90" ry="20" fill="#6b4226"/><rect x="${x - 8}" y="560" width="16" height="140" fill="#3a2a1a"/><ellipse cx="${x}" cy="700" rx="50" ry="10" fill="#3a2a1a"/>` +
      `<rect x="${x - 140}" y="560" width="60" height="14" rx="6" fill="#2f6b3a"/><path d="M${x - 136} 574V700M${x - 84} 574V700M${x - 136} 560V480" stroke="#2f3a2a" stroke-width="8"/>` +
      teaCup(x - 20, 540, 0.25, "#fdfbf6", "#2f6b3a");
    body =
      `<rect width="${W}" height="${H}" fill="#f1e4cf"/><rect width="${W}" height="330" fill="#e6d3b3"/>` +
      `<rect x="80" y="80" width="420" height="230" rx="10" fill="#263029" stroke="#8a5a2b" stroke-width="12"/>` +
      `<text ${SANS} font-size="34" font-weight="bold" fill="#f3f0e0" x="290" y="130" text-anchor="middle">Today at the caf\u00e9</text>` +
      ["Masala chai", "Filter coffee", "Poha & jalebi", "Millet granola bowl"]
        .map((t, k) => `<text ${SANS} font-size="24" fill="#f3f0e0" fill-opacity=".85" x="110" y="${180 + k * 34}">${esc(t)}</text>`)
        .join("") +
      `<rect x="640" y="380" width="500" height="200" fill="#8a5a2b"/><rect x="620" y="360" width="540" height="30" fill="#5a3a1f"/>` +
      `<rect x="700" y="270" width="130" height="90" rx="8" fill="#b8bcc0"/><rect x="720" y="330" width="30" height="30" fill="#333"/><rect x="780" y="330" width="30" height="30" fill="#333"/>` +
      `<rect x="900" y="290" width="60" height="70" rx="6" fill="#fdfbf6" stroke="#c8a27a" stroke-width="4"/><rect x="980" y="300" width="140" height="60" rx="6" fill="#e8d8b4"/>` +
      [0, 1, 2].map((k) => `<circle cx="${1000 + k * 40}" cy="318" r="14" fill="#d9a24a"/>`).join("") +
      pendant(590, 0, 210) +
      pendant(830, 0, 110) +
      pendant(1050, 0, 110) +
      table(260) +
      table(520) +
      `<rect y="700" width="${W}" height="100" fill="#b08f67"/>`;
  } else {
    title = "The Farm Basket stand at Haat, with crates of fresh vegetables and fruit";
    const kinds = ["tomato", "apple", "capsicum", "onion", "mango", "potato", "pomegranate", "ginger"];
    let crates = "";
    for (let r = 0; r < 2; r++) {
      for (let k = 0; k < 4; k++) {
        const x = 172 + k * 285;
        const y = 420 + r * 200;
        const kind = kinds[r * 4 + k];
        let heap = "";
        for (let j = 0; j < 5; j++) heap += produceItem(kind, x - 84 + j * 42, y - 14 - (j % 2) * 22, 0.62, j * 20 - 40);
        crates +=
          heap +
          `<rect x="${x - 115}" y="${y}" width="230" height="90" fill="#c8904f"/><path d="M${x - 115} ${y + 30}H${x + 115}" stroke="#9a6a32" stroke-width="4"/>` +
          `<rect x="${x - 60}" y="${y + 44}" width="120" height="36" rx="4" fill="#263029"/><text ${SANS} font-size="20" fill="#fff" x="${x}" y="${y + 69}" text-anchor="middle">${esc(kind.replace(/^./, (ch) => ch.toUpperCase()))}</text>`;
      }
    }
    let awning = "";
    for (let k = 0; k < 16; k++) awning += `<path d="M${k * 75} 150H${k * 75 + 75}V200Q${k * 75 + 37} 225 ${k * 75} 200Z" fill="${k % 2 ? "#fdf6e3" : "#c0392b"}"/>`;
    body =
      `<rect width="${W}" height="${H}" fill="#f4efe2"/><rect width="${W}" height="150" fill="#2f6b3a"/>` +
      `<text ${SERIF} font-size="60" font-weight="bold" fill="#fdf6e3" x="600" y="100" text-anchor="middle">Farm Basket</text>` +
      awning +
      `<text ${SANS} font-size="28" fill="#2f3a1c" x="600" y="276" text-anchor="middle">Picked at dawn, on your table tomorrow</text>` +
      crates +
      `<rect y="760" width="${W}" height="40" fill="#b08f67"/>`;
  }
  return svgDoc(W, H, title, body);
}

/** The Street Food Gully at dusk: a lane of three stalls under string lights. */
function streetFood(): string {
  const W = 1200;
  const H = 800;
  const stalls: { x: number; name: string; awning: [string, string]; food: string }[] = [
    {
      x: 60,
      name: "Golgappe",
      awning: ["#c0392b", "#fdf6e3"],
      food:
        [0, 1, 2, 3, 4, 5, 6]
          .map((k) => `<circle cx="${120 + (k % 4) * 46 + (k > 3 ? 23 : 0)}" cy="${k > 3 ? 446 : 470}" r="22" fill="#e0b060" stroke="#b0803a" stroke-width="3"/>`)
          .join("") + `<path d="M260 490Q300 420 340 490Z" fill="#4a8a3a"/><rect x="268" y="470" width="64" height="20" fill="#2f6b3a"/>`,
    },
    {
      x: 430,
      name: "Kathi Rolls",
      awning: ["#d4a437", "#2f3a1c"],
      food: [0, 1, 2, 3]
        .map(
          (k) =>
            `<g transform="translate(${500 + k * 70} 462) rotate(-20)"><rect x="-16" y="-34" width="32" height="68" rx="14" fill="#e8c48a"/><path d="M-16-24H16" stroke="#c0392b" stroke-width="8"/><path d="M-16-10H16" stroke="#3f9a3a" stroke-width="6"/><rect x="-16" y="6" width="32" height="28" fill="#fdfbf6"/></g>`,
        )
        .join(""),
    },
    {
      x: 800,
      name: "Kulfi",
      awning: ["#27406b", "#f3f0e0"],
      food: [0, 1, 2, 3, 4]
        .map(
          (k) =>
            `<g transform="translate(${880 + k * 56} 450)"><path d="M-16-40Q0-56 16-40L12 20H-12Z" fill="${["#f0d9a0", "#f4b6c2", "#c9e3a0"][k % 3]}"/><path d="M0 20V50" stroke="#a0703a" stroke-width="6"/></g>`,
        )
        .join(""),
    },
  ];
  let lights = "";
  for (let k = 0; k <= 24; k++) {
    const x = k * 50;
    const y = 150 + Math.round(26 * Math.sin((k * Math.PI) / 4));
    lights += `<circle cx="${x}" cy="${y + 10}" r="8" fill="${["#ffd66b", "#ff9f5a", "#fff3b0"][k % 3]}"/>`;
  }
  let lightWire = "M0 150";
  for (let k = 1; k <= 24; k++) lightWire += `L${k * 50} ${150 + Math.round(26 * Math.sin((k * Math.PI) / 4))}`;
  const stall = (s: (typeof stalls)[number]): string => {
    let awning = "";
    for (let k = 0; k < 6; k++) awning += `<path d="M${s.x + k * 55} 300H${s.x + k * 55 + 55}V340Q${s.x + k * 55 + 27} 362 ${s.x + k * 55} 340Z" fill="${s.awning[k % 2]}"/>`;
    return (
      `<rect x="${s.x + 6}" y="300" width="12" height="300" fill="#3a2a1a"/><rect x="${s.x + 312}" y="300" width="12" height="300" fill="#3a2a1a"/>` +
      `<rect x="${s.x}" y="236" width="330" height="64" rx="8" fill="#263029" stroke="${s.awning[0]}" stroke-width="5"/>` +
      `<text ${SANS} font-size="34" font-weight="bold" fill="#fdf6e3" x="${s.x + 165}" y="281" text-anchor="middle">${esc(s.name)}</text>` +
      awning +
      `<rect x="${s.x + 20}" y="400" width="290" height="4" fill="#5a3a1f" fill-opacity=".5"/>` +
      s.food +
      `<rect x="${s.x - 10}" y="490" width="350" height="22" fill="#6b4226"/><rect x="${s.x}" y="512" width="330" height="150" fill="#8a5a2b"/>` +
      `<path d="M${s.x} 560H${s.x + 330}M${s.x} 610H${s.x + 330}" stroke="#6b4226" stroke-width="4"/>`
    );
  };
  const body =
    `<defs>${gradient("d", "#2b2d5c", "#f0a060", true)}</defs><rect width="${W}" height="${H}" fill="url(#d)"/>` +
    `<circle cx="1060" cy="90" r="40" fill="#fff3d0" fill-opacity=".85"/>` +
    `<rect x="360" y="20" width="480" height="76" rx="12" fill="#8b1e3f" stroke="#d4a437" stroke-width="6"/>` +
    `<text ${SERIF} font-size="44" font-weight="bold" fill="#fdf1d8" x="600" y="72" text-anchor="middle">Street Food Gully</text>` +
    `<path d="${lightWire}" stroke="#333" stroke-width="3" fill="none"/>` +
    lights +
    stalls.map(stall).join("") +
    `<rect y="662" width="${W}" height="138" fill="#6f6a60"/><path d="M0 700H1200M0 750H1200" stroke="#5f5a50" stroke-width="4" stroke-dasharray="60 30"/>`;
  return svgDoc(W, H, "The Street Food Gully at Haat at dusk: golgappe, kathi roll and kulfi stalls under string lights", body);
}

// ---------------------------------------------------------------- small pieces

function placeholder(): string {
  return svgDoc(
    600,
    600,
    "Product image coming soon",
    `<rect width="600" height="600" fill="#f1efe9"/><path d="M210 190H390L410 430Q411 450 391 450H209Q189 450 190 430Z" fill="none" stroke="#c9c4b8" stroke-width="14" stroke-linejoin="round"/>` +
      `<path d="M250 230V190Q250 140 300 140Q350 140 350 190V230" fill="none" stroke="#c9c4b8" stroke-width="14" stroke-linecap="round"/>` +
      `<text ${SANS} font-size="28" fill="#9a958a" x="300" y="520" text-anchor="middle">Image coming soon</text>`,
  );
}

function logo(): string {
  return svgDoc(
    160,
    48,
    "Haat",
    `<circle cx="24" cy="24" r="21" fill="#2f6b3a"/><path d="M12 22H36L33 36Q32 38 30 38H18Q16 38 15 36Z" fill="#f3d98a"/><path d="M17 22Q17 10 24 10Q31 10 31 22" fill="none" stroke="#f3d98a" stroke-width="3"/>` +
      `<path d="M24 22Q22 15 27 12Q29 18 24 22Z" fill="#8cc06a"/>` +
      `<text ${SERIF} font-size="34" font-weight="bold" fill="#1f3d2a" x="54" y="36">Haat</text>` +
      // The word mark lightens on the shop's dark mode (decision 048).
      `<style>@media (prefers-color-scheme: dark){text{fill:#e2eed8}}</style>`,
  );
}

function badge(kind: "android" | "ios"): string {
  const small = kind === "android" ? "GET IT ON" : "Download on";
  const big = kind === "android" ? "Android" : "iOS";
  const icon =
    kind === "android"
      ? `<rect x="14" y="9" width="22" height="36" rx="4" fill="none" stroke="#fff" stroke-width="2.5"/><path d="M20 22L31 28 20 34Z" fill="#8cc06a"/>`
      : `<rect x="14" y="9" width="22" height="36" rx="4" fill="none" stroke="#fff" stroke-width="2.5"/><path d="M25 17V32M19 27L25 33 31 27" stroke="#8ec5ff" stroke-width="3" fill="none" stroke-linecap="round"/>`;
  return svgDoc(
    168,
    54,
    kind === "android" ? "Get it on Android" : "Download on iOS",
    `<rect x="1" y="1" width="166" height="52" rx="9" fill="#111" stroke="#888" stroke-width="1.5"/>${icon}` +
      `<text ${SANS} font-size="11" fill="#fff" x="48" y="22">${small}</text><text ${SANS} font-size="22" font-weight="bold" fill="#fff" x="48" y="43">${big}</text>`,
  );
}

// ---------------------------------------------------------------- favicon.ico (16 and 32 px, 32-bit BMP inside ICO)

/**
 * A green rounded square with a cream "H"; supersampled 4x4 for smooth edges. `maskable`: the
 * green fills the whole square and the "H" keeps within the middle fifth-radius safe zone that
 * a launcher's mask (circle, squircle) never cuts (the web app manifest's icons, issue 26).
 */
function faviconPixels(size: number, { maskable = false }: { maskable?: boolean } = {}): Uint8Array {
  const px = new Uint8Array(size * size * 4);
  const green = [0x2f, 0x6b, 0x3a];
  const cream = [0xf3, 0xd9, 0x8a];
  const radius = maskable ? 0 : size * 0.22;
  const inShape = (x: number, y: number): boolean => {
    if (maskable) return true;
    const cx = Math.min(Math.max(x, radius), size - radius);
    const cy = Math.min(Math.max(y, radius), size - radius);
    return (x - cx) ** 2 + (y - cy) ** 2 <= radius * radius;
  };
  // The letter is drawn in a box: the whole icon, or the safe zone's middle 60% when maskable.
  const scale = maskable ? 0.6 : 1;
  const inH = (x: number, y: number): boolean => {
    const u = (x / size - 0.5) / scale + 0.5;
    const v = (y / size - 0.5) / scale + 0.5;
    if (v < 0.22 || v > 0.78) return false;
    return (u > 0.24 && u < 0.38) || (u > 0.62 && u < 0.76) || (u >= 0.38 && u <= 0.62 && v > 0.44 && v < 0.56);
  };
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      let cover = 0;
      let letter = 0;
      for (let sy = 0; sy < 4; sy++) {
        for (let sx = 0; sx < 4; sx++) {
          const fx = x + (sx + 0.5) / 4;
          const fy = y + (sy + 0.5) / 4;
          if (inShape(fx, fy)) {
            cover++;
            if (inH(fx, fy)) letter++;
          }
        }
      }
      const t = cover ? letter / cover : 0;
      const o = (y * size + x) * 4;
      px[o] = Math.round(green[0] + (cream[0] - green[0]) * t);
      px[o + 1] = Math.round(green[1] + (cream[1] - green[1]) * t);
      px[o + 2] = Math.round(green[2] + (cream[2] - green[2]) * t);
      px[o + 3] = Math.round((cover / 16) * 255);
    }
  }
  return px;
}

function bmpEntry(size: number): Uint8Array {
  const rgba = faviconPixels(size);
  const maskRow = Math.ceil(size / 32) * 4;
  const buf = Buffer.alloc(40 + size * size * 4 + maskRow * size);
  buf.writeUInt32LE(40, 0); // BITMAPINFOHEADER
  buf.writeInt32LE(size, 4);
  buf.writeInt32LE(size * 2, 8); // colour + mask
  buf.writeUInt16LE(1, 12);
  buf.writeUInt16LE(32, 14);
  buf.writeUInt32LE(0, 16);
  buf.writeUInt32LE(size * size * 4 + maskRow * size, 20);
  let o = 40;
  for (let y = size - 1; y >= 0; y--) {
    for (let x = 0; x < size; x++) {
      const i = (y * size + x) * 4;
      buf[o++] = rgba[i + 2];
      buf[o++] = rgba[i + 1];
      buf[o++] = rgba[i];
      buf[o++] = rgba[i + 3];
    }
  }
  for (let y = size - 1; y >= 0; y--) {
    for (let x = 0; x < size; x++) if (rgba[(y * size + x) * 4 + 3] === 0) buf[o + (x >> 3)] |= 0x80 >> (x & 7);
    o += maskRow;
  }
  return buf;
}

function favicon(): Uint8Array {
  const images = [16, 32].map((s) => ({ size: s, data: bmpEntry(s) }));
  const head = Buffer.alloc(6 + 16 * images.length);
  head.writeUInt16LE(0, 0);
  head.writeUInt16LE(1, 2);
  head.writeUInt16LE(images.length, 4);
  let offset = head.length;
  images.forEach((img, k) => {
    const e = 6 + k * 16;
    head.writeUInt8(img.size, e);
    head.writeUInt8(img.size, e + 1);
    head.writeUInt8(0, e + 2);
    head.writeUInt8(0, e + 3);
    head.writeUInt16LE(1, e + 4);
    head.writeUInt16LE(32, e + 6);
    head.writeUInt32LE(img.data.length, e + 8);
    head.writeUInt32LE(offset, e + 12);
    offset += img.data.length;
  });
  return Buffer.concat([head, ...images.map((i) => i.data)]);
}

// ---------------------------------------------------------------- app icons (PNG, for the web app manifest)

/** A PNG of RGBA pixels: signature, IHDR, one zlib IDAT (each row with filter 0), IEND. */
function png(size: number, rgba: Uint8Array): Uint8Array {
  const chunk = (type: string, data: Uint8Array) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length, 0);
    head.write(type, 4, "latin1");
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
    return Buffer.concat([head, data, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bits per channel
  header[9] = 6; // RGBA
  const rows = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) rows.set(rgba.subarray(y * size * 4, (y + 1) * size * 4), y * (size * 4 + 1) + 1);
  // Level 9 and no clock in the output: the same icon always gives the same bytes.
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(rows, { level: 9 })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** The sizes browsers ask a web app manifest for (192 and 512, and a maskable 512), and Apple's touch icon. */
export const APP_ICONS = [
  { file: "icons/icon-192.png", size: 192, maskable: false },
  { file: "icons/icon-512.png", size: 512, maskable: false },
  { file: "icons/icon-maskable-512.png", size: 512, maskable: true },
  { file: "icons/apple-touch-icon.png", size: 180, maskable: true },
] as const;

// ---------------------------------------------------------------- main

function main(): void {
  const catalog = JSON.parse(readFileSync(join(ROOT, "scripts", "demo-catalog.json"), "utf8")) as Catalog;

  // Generated folders are rebuilt from scratch so renamed products leave nothing behind.
  for (const dir of ["products", "categories", "banners", "stores", "promos", "badges"]) rmSync(join(PUBLIC, "images", dir), { recursive: true, force: true });

  const seen = new Set<string>();
  for (const p of catalog.products) {
    const segments = p.category.split(" / ").map((s) => s.trim());
    const group = slugify(segments[segments.length - 1]);
    for (const v of p.variants) {
      for (const src of v.images) {
        if (seen.has(src)) continue;
        seen.add(src);
        const m = src.match(/^\/images\/products\/([a-z0-9-]+?)(?:-(\d))?\.svg$/);
        if (!m) throw new Error(`Unexpected image path ${src} for ${p.title}`);
        const view = m[2] ? Number(m[2]) : 1;
        write(`images/products/${m[1]}${m[2] ? "-" + m[2] : ""}.svg`, productSvg(toItem(p.title, group, m[1], p.isOrganic), view));
      }
    }
  }

  for (const cat of catalog.categories) {
    write(`images/categories/${cat.slug}.svg`, categorySvg(cat.slug, cat.name));
    for (const child of cat.children ?? []) write(`images/categories/${child.slug}.svg`, categorySvg(child.slug, child.name));
  }

  for (const { file, svg } of bannerFiles()) write(file, svg);
  for (let i = 0; i < 4; i++) write(`images/stores/store-${i + 1}.svg`, store(i));
  write("images/stores/store-5.svg", streetFood());
  for (let i = 0; i < 2; i++) write(`images/promos/promo-${i + 1}.svg`, promo(i));
  write("images/placeholder.svg", placeholder());
  write("images/logo.svg", logo());
  write("images/badges/google-play.svg", badge("android"));
  write("images/badges/app-store.svg", badge("ios"));
  write("favicon.ico", favicon());
  for (const icon of APP_ICONS) write(icon.file, png(icon.size, faviconPixels(icon.size, { maskable: icon.maskable })));

  console.log(`draw-images: wrote ${written.length} files under public/`);
}

// Run as a script (npm run images); imported (the icons' sizes), it draws nothing.
if (process.argv[1] === fileURLToPath(import.meta.url)) main();
