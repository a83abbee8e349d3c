// The spoken corpus (tests/voice/corpus.json, issue 44): its orders expanded into recordings, one
// per take of the order's language. Read by `npm run voice:corpus` (which makes the audio), by
// `npm run bench:voice` (which measures the speech providers on it) and by its test.
import fs from "node:fs";
import path from "node:path";

export type CorpusLanguage = "en" | "hinglish" | "hi";
export interface Take {
  voice: string;
  /** Words a minute (espeak-ng's -s). */
  speed: number;
  /** Pink noise mixed in under the voice. */
  noise?: boolean;
}
export interface CorpusOrder {
  id: string;
  language: CorpusLanguage;
  text: string;
  /** What the cart should get: a variant's internal_reference and how many of it. */
  lines: [string, number][];
}
export interface CorpusRecording {
  order: CorpusOrder;
  take: Take;
  /** tests/voice/audio/<order>-<voice>-<speed>[-noise].ogg */
  file: string;
}

export const CORPUS_DIR = path.resolve(import.meta.dirname);
export const AUDIO_DIR = path.join(CORPUS_DIR, "audio");

export function readCorpus(): { takes: Record<CorpusLanguage, Take[]>; orders: CorpusOrder[]; recordings: CorpusRecording[] } {
  const corpus = JSON.parse(fs.readFileSync(path.join(CORPUS_DIR, "corpus.json"), "utf8")) as { takes: Record<CorpusLanguage, Take[]>; orders: CorpusOrder[] };
  const recordings = corpus.orders.flatMap((order) =>
    corpus.takes[order.language].map((take) => ({
      order,
      take,
      file: path.join(AUDIO_DIR, `${order.id}-${take.voice}-${take.speed}${take.noise ? "-noise" : ""}.ogg`),
    })),
  );
  return { ...corpus, recordings };
}
