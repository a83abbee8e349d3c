// The embedded speech engine (issue 15): Debian's PocketSphinx, run as a child process on 16 kHz
// mono WAV, listening only for what a shopping list holds: number words (English and Hindi),
// units and the catalogue's own words with their Hindi names, as a JSGF grammar. Words the
// CMU dictionary lacks (chawal, badam) get a pronunciation spelled out from their letters.
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { SYNONYMS } from "../../domain/search-synonyms.ts";
import { ffmpegInstalled, run } from "./media.server.ts";
import type { Transcript } from "./speech.server.ts";

export const MODEL_DIR = "/usr/share/pocketsphinx/model/en-us";
const BINARY = "pocketsphinx_batch";

/** Whether Debian's pocketsphinx, pocketsphinx-en-us and ffmpeg (which reads uploads for it) are installed. */
export function pocketsphinxInstalled(): boolean {
  const binary = ["/usr/bin", "/usr/local/bin"].some((dir) => fs.existsSync(path.join(dir, BINARY)));
  return binary && ffmpegInstalled() && fs.existsSync(path.join(MODEL_DIR, "en-us", "mdef")) && fs.existsSync(path.join(MODEL_DIR, "cmudict-en-us.dict"));
}

// Fewer, longer words are heard better: short ones ('a', 'aath', 'oil') get heard in every pause.
// Measured on espeak-ng's voice: with every number word and every name of the catalogue, 'two
// kilo basmati rice' came out as 'two tea alu aath aath ghee rice'; with these lists and names of
// four letters or more, joined by 'and' or 'aur', it is heard right.
const NUMBERS = ["one", "two", "three", "four", "five", "ten", "twelve", "half", "ek", "do", "teen", "char", "paanch", "das", "aadha", "paav", "dedh", "dhai"];
const UNITS = ["kilo", "kilos", "kg", "kilogram", "kilograms", "gram", "grams", "litre", "litres", "packet", "packets", "dozen", "pieces", "box"];
const JOINERS = ["and", "aur"];
/** Words a number is said in beyond NUMBERS ('two hundred and fifty grams', 'dhai sau gram'). */
const NUMBER_PARTS = ["hundred", "fifty", "twenty", "sau"];

/** A pronunciation from the letters, for words the dictionary lacks (Hinglish names, brands). */
export function spellOut(word: string, broad = false): string {
  const rules: [RegExp, string][] = [
    [/^aa/, "AA"],
    [/^ee/, "IY"],
    [/^oo/, "UW"],
    [/^ai/, "AY"],
    [/^au/, "AW"],
    [/^ou/, "AW"],
    [/^ay/, "EY"],
    [/^ey/, "EY"],
    [/^oy/, "OY"],
    [/^ch/, "CH"],
    [/^sh/, "SH"],
    [/^th/, "T"],
    [/^dh/, "D"],
    [/^bh/, "B"],
    [/^kh/, "K"],
    [/^gh/, "G"],
    [/^ph/, "F"],
    [/^jh/, "JH"],
    [/^ng/, "NG"],
    [/^ck/, "K"],
    [/^a$/, "AA"],
    // Hindi's short a is heard as AH or, said slowly, AA: both are offered.
    [/^a/, broad ? "AA" : "AH"],
    [/^e/, "EH"],
    [/^i$/, "IY"],
    [/^i/, "IH"],
    [/^o/, "OW"],
    [/^u/, "UH"],
    [/^y$/, "IY"],
    [/^y/, "Y"],
    [/^w/, "W"],
    [/^v/, "V"],
    [/^j/, "JH"],
    [/^c/, "K"],
    [/^q/, "K"],
    [/^x/, "K S"],
    [/^z/, "Z"],
    [/^b/, "B"],
    [/^d/, "D"],
    [/^f/, "F"],
    [/^g/, "G"],
    [/^h/, "HH"],
    [/^k/, "K"],
    [/^l/, "L"],
    [/^m/, "M"],
    [/^n/, "N"],
    [/^p/, "P"],
    [/^r/, "R"],
    [/^s/, "S"],
    [/^t/, "T"],
  ];
  const phones: string[] = [];
  let rest = word.toLowerCase().replace(/[^a-z]/g, "");
  while (rest) {
    const rule = rules.find(([re]) => re.test(rest));
    if (!rule) {
      rest = rest.slice(1);
      continue;
    }
    const [re, phone] = rule;
    if (phones.at(-1) !== phone) phones.push(phone); // 'tt' is one T
    rest = rest.replace(re, "");
  }
  return phones.join(" ");
}

const BRANDS = /^(haat select|haat organics|haat gifting|aravalli farms|kiln & co\.?|clearcut|mitti craft)\s+/i;

/**
 * The names a list may say: each product's name without its brand, and its last one, two and
 * three words ('california almonds', 'almonds'), what its brackets say ('gram flour'), and the
 * synonym table's words (chawal, badam). A grammar of names, not of loose words, keeps short
 * words from being heard everywhere.
 */
export function listNames(titles: Iterable<string>): string[] {
  const names = new Set<string>();
  const add = (text: string) => {
    const words = text
      .toLowerCase()
      .replace(/&/g, " ")
      .split(/[^a-z]+/)
      .filter((w) => w.length >= 2);
    if (words.length) names.add(words.join(" "));
  };
  for (const title of titles) {
    const base = title.replace(BRANDS, "");
    const inner = /\(([^)]+)\)/.exec(base)?.[1];
    if (inner) add(inner);
    const words = base
      .replace(/\([^)]*\)/g, " ")
      .toLowerCase()
      .split(/[^a-z]+/)
      .filter((w) => w.length >= 2);
    for (let n = 1; n <= Math.min(3, words.length); n++) add(words.slice(-n).join(" "));
    add(words.join(" "));
  }
  // The Hindi and Hinglish words shoppers say; what they mean is in the names already.
  for (const key of Object.keys(SYNONYMS)) add(key);
  // A kind said with the Hindi word for its last one: 'basmati chawal' for Basmati Rice.
  const saidFor = new Map<string, string[]>();
  for (const [key, meanings] of Object.entries(SYNONYMS))
    for (const meaning of meanings) if (!meaning.includes(" ") && meaning !== key) saidFor.set(meaning, [...(saidFor.get(meaning) ?? []), key]);
  for (const name of [...names]) {
    const words = name.split(" ");
    if (words.length !== 2) continue;
    const last = words[1]!;
    for (const key of saidFor.get(last) ?? saidFor.get(last.replace(/e?s$/, "")) ?? []) add(`${words[0]} ${key}`);
  }
  // In the order added: where two names sound the same, the first (the catalogue's) is kept.
  return [...names];
}

let cmudict: Map<string, string[]> | undefined;
function dictionary(): Map<string, string[]> {
  if (cmudict) return cmudict;
  const map = new Map<string, string[]>();
  for (const line of fs.readFileSync(path.join(MODEL_DIR, "cmudict-en-us.dict"), "utf8").split("\n")) {
    const m = /^([^\s(]+)(?:\(\d+\))?\s+(.+)$/.exec(line);
    if (!m) continue;
    const list = map.get(m[1]!);
    if (list) list.push(m[2]!.trim());
    else map.set(m[1]!, [m[2]!.trim()]);
  }
  return (cmudict = map);
}

// Pronunciations espeak-like and Indian speakers use that the dictionary lacks.
const EXTRA: Record<string, string[]> = {
  kilo: ["K IY L OW"],
  // 'kg' said as its letters, as most do.
  kg: ["K EY JH IY", "K EY G IY"],
  litre: ["L IY T ER"],
  aur: ["AW R"],
  do: ["D OW"],
  ek: ["EY K"],
  dal: ["D AA L"],
  half: ["HH AA F"],
  dozen: ["D AA Z AH N"],
  cashews: ["K AA SH UW Z"],
  besan: ["B EY S AH N", "B IH S AA N"],
  atta: ["AA T AH"],
  toor: ["T UH R", "T OW R"],
  dhai: ["D AY", "D IY HH AY"],
  dahi: ["D AH HH IY", "D AA HH AY"],
  badam: ["B AA D AA M", "B AA D AH M"],
};

interface Model {
  dir: string;
  grammar: string;
  dict: string;
}
let built: { key: string; model: Model } | null = null;

/** The grammar and dictionary for these names, written once to a directory of their own. */
function modelFor(names: string[]): Model {
  const key = createHash("sha256").update(names.join("|")).digest("hex").slice(0, 16);
  if (built?.key === key) return built.model;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `haat-speech-${key}-`));
  const known = dictionary();
  const lines: string[] = [];
  const words = new Set([...NUMBERS, ...NUMBER_PARTS, ...UNITS, ...JOINERS, ...names.flatMap((n) => n.split(" "))]);
  const usable = new Set<string>();
  const soundOf = new Map<string, string>();
  for (const word of [...words].sort()) {
    const prons = [...(known.get(word) ?? []), ...(EXTRA[word] ?? [])];
    if (prons.length === 0) {
      const spelled = spellOut(word);
      if (!spelled) continue;
      prons.push(spelled, spellOut(word, true));
    }
    usable.add(word);
    soundOf.set(word, [...new Set(prons)].sort().join("|"));
    [...new Set(prons)].forEach((p, i) => lines.push(i === 0 ? `${word} ${p}` : `${word}(${i + 1}) ${p}`));
  }
  // Two names that sound alike ('toor dal', 'toor daal') would be a coin toss between spellings:
  // only the first is listened for.
  const heardAs = new Set<string>();
  const said = names.filter((n) => {
    if (n.replace(/ /g, "").length < 4 || !n.split(" ").every((w) => usable.has(w))) return false;
    const sound = n
      .split(" ")
      .map((w) => soundOf.get(w))
      .join(" ");
    if (heardAs.has(sound)) return false;
    heardAs.add(sound);
    return true;
  });
  const grammar = [
    "#JSGF V1.0;",
    "grammar order;",
    `<digit> = ${NUMBERS.filter((w) => usable.has(w)).join(" | ")};`,
    "<num> = <digit> | <digit> hundred [and] [fifty] | fifty | twenty [five] | dhai sau | paanch sau;",
    `<unit> = ${UNITS.filter((w) => usable.has(w)).join(" | ")};`,
    `<name> = ${said.join(" | ")};`,
    // A number starts each item, as the page asks: a free-standing name was where mishearings crept in.
    "<item> = <num> [<unit>] <name>;",
    "public <order> = <item> ( (and | aur) <item> )*;",
    "",
  ].join("\n");
  const model = { dir, grammar: path.join(dir, "order.gram"), dict: path.join(dir, "order.dict") };
  fs.writeFileSync(model.grammar, grammar);
  fs.writeFileSync(model.dict, lines.join("\n") + "\n");
  if (built) fs.rmSync(built.model.dir, { recursive: true, force: true });
  built = { key, model };
  return model;
}

const FRAMES_A_SECOND = 100;
const JOINER = /^(and|aur)$/;

/**
 * The words heard and their times, from a `-hypseg` line: the utterance's id, its scores (`S`,
 * `T`, `A`, `L` and a number each), then each word as its first frame, acoustic and language
 * scores and the word, then the last frame. Each item of the list (between 'and' and 'aur') is a
 * segment, so the page shows when each was said.
 */
export function readSegmentation(line: string): { text: string; segments: Transcript["segments"] } {
  const tokens = line.trim().split(/\s+/).slice(9);
  const words: { word: string; start: number; end: number }[] = [];
  for (let i = 0; i + 4 < tokens.length; i += 4) words.push({ word: tokens[i + 3]!.replace(/\(\d+\)$/, ""), start: Number(tokens[i]), end: Number(tokens[i + 4]) });
  const spoken = words.filter((w) => !/^(<.*>|\(NULL\)|\[.*\])$/.test(w.word));
  const segments: Transcript["segments"] = [];
  let item: typeof spoken = [];
  const flush = () => {
    if (item.length) segments.push({ start: item[0]!.start / FRAMES_A_SECOND, end: item.at(-1)!.end / FRAMES_A_SECOND, text: item.map((w) => w.word).join(" ") });
    item = [];
  };
  for (const w of spoken) {
    if (JOINER.test(w.word)) flush();
    else item.push(w);
  }
  flush();
  return { text: spoken.map((w) => w.word).join(" "), segments };
}

/**
 * A WAV's samples: what follows its `data` chunk's header (ffmpeg may write other chunks first).
 * Written to a pipe, ffmpeg cannot go back to fill in the chunk's size: then it runs to the end.
 */
function samplesOf(wav: Buffer): Buffer {
  const at = wav.indexOf("data", 12, "ascii");
  if (at < 0) return wav.subarray(44);
  const size = wav.readUInt32LE(at + 4);
  return wav.subarray(at + 8, size > 0 && at + 8 + size <= wav.length ? at + 8 + size : wav.length);
}

/**
 * Search settings, measured on the spoken corpus (bench:voice): wider beams than the defaults hear
 * more of a list right (English 72% of lines against 69% at 1e-60), at about 0.3 s a second of audio.
 */
const SEARCH = ["-beam", "1e-80", "-wbeam", "1e-60", "-pbeam", "1e-80", "-wip", "0.2"];

/** Recognises a 16 kHz mono WAV against the list grammar. */
export async function recognise(wav: Buffer, names: string[], timeoutMs: number, signal?: AbortSignal): Promise<{ text: string; segments: Transcript["segments"] }> {
  const model = modelFor(names);
  // Raw samples and a control file naming them (without the extension, which -cepext adds).
  const input = path.join(model.dir, `in-${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2)}`);
  const ctl = `${input}.ctl`;
  fs.writeFileSync(`${input}.raw`, samplesOf(wav));
  fs.writeFileSync(ctl, `${input.slice(1)}\n`);
  // The whole recording as one utterance: decoded in pieces at its pauses
  // (pocketsphinx_continuous), lists were heard worse (English 61% of lines right, against 79%).
  // The words go to a file (node's pipes are sockets, which /dev/stdout cannot be opened on).
  const out = `${input}.seg`;
  try {
    await run(
      BINARY,
      [
        "-adcin",
        "yes",
        "-cepdir",
        "/",
        "-cepext",
        ".raw",
        "-ctl",
        ctl,
        "-hypseg",
        out,
        "-hmm",
        path.join(MODEL_DIR, "en-us"),
        "-jsgf",
        model.grammar,
        "-dict",
        model.dict,
        "-logfn",
        "/dev/null",
        ...SEARCH,
      ],
      null,
      timeoutMs,
      signal,
    );
    return readSegmentation(fs.readFileSync(out, "utf8"));
  } finally {
    for (const file of [`${input}.raw`, ctl, out]) fs.rmSync(file, { force: true });
  }
}
