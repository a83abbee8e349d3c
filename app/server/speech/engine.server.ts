// What every speech engine is (speech.server.ts chooses one): its answer, the recording it is
// given, and the limit on recognitions at once.
import { recordingTooLarge, VOICE_MAX_BYTES, VOICE_MESSAGES } from "../../domain/voice-order.ts";
import { log } from "../log.server.ts";
import { sniffMedia, SpeechError } from "./media.server.ts";

/** The specification's transcription response (Specification: Voice ordering). */
export interface Transcript {
  text: string;
  segments: { start: number; end: number; text: string }[];
  detected_language: string;
  model_used: string;
  total_time: number;
  filename: string;
  success: boolean;
  /**
   * How sure the provider is of the words, 0 to 1, when it says (Google does; Sarvam and
   * PocketSphinx's grammar search do not). Below VOICE_TRUSTED_CONFIDENCE nothing arrives ticked.
   */
  confidence?: number;
}

/** The language a shopper is likely to speak: their page's. */
export type SpeechLanguage = "en" | "hi";

export interface Recording {
  /** The recording as uploaded: a file on disk until the engine reads it (issue 25 item 7). */
  audio: Blob;
  filename: string;
  type: string;
  /** The page's language: a provider that hears Hindi is told to expect it. */
  language?: SpeechLanguage;
}

export interface SpeechEngine {
  /** 'pocketsphinx', 'remote', 'sarvam' or 'google': shown on the page with the model. */
  readonly name: string;
  /**
   * A place for an upload being read, taken before its first byte: refused (SpeechError 503)
   * when the engine's queue and the uploads already coming would fill it. Call what it returns
   * once the upload is read.
   */
  admit(): () => void;
  /** `titles`: the catalogue's product titles, which the embedded engine listens for. */
  transcribe(recording: Recording, titles: () => Promise<Iterable<string>>, signal?: AbortSignal): Promise<Transcript>;
}

/**
 * At most `running` at once and `waiting` queued; beyond that, refused at once. Uploads still
 * being read (admitted) count as waiting, so a burst of them is refused before it is read.
 */
export function limiter(running: number, waiting: number) {
  let active = 0;
  let reading = 0;
  const queue: { start: () => void; signal?: AbortSignal }[] = [];
  const release = () => {
    // The slot goes straight to the next waiter still wanted: nobody slips in above the limit.
    let next = queue.shift();
    while (next?.signal?.aborted) next = queue.shift();
    if (next) next.start();
    else active--;
  };
  async function limit<T>(task: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    if (active >= running) {
      if (queue.length + reading >= waiting) throw new SpeechError(VOICE_MESSAGES.busy, 503);
      await new Promise<void>((start) => queue.push({ start, signal }));
    } else active++;
    try {
      if (signal?.aborted) throw new SpeechError(VOICE_MESSAGES.timedOut, 504);
      return await task();
    } finally {
      release();
    }
  }
  limit.admit = (): (() => void) => {
    if (active + queue.length + reading >= running + waiting) throw new SpeechError(VOICE_MESSAGES.busy, 503);
    reading++;
    let read = false;
    return () => {
      if (!read) reading--;
      read = true;
    };
  };
  return limit;
}

/** The recording's bytes, read from disk inside the engine's limit: only running transcriptions hold theirs. */
export async function bytesOf(recording: Recording): Promise<Uint8Array<ArrayBuffer>> {
  return new Uint8Array(await recording.audio.arrayBuffer());
}

/**
 * A recording's bytes for an outside service, checked as the embedded engine checks them: within
 * the cap, not empty, and audio or video by its bytes. Nothing else leaves the shop.
 */
export async function recordingForService(recording: Recording): Promise<Uint8Array<ArrayBuffer>> {
  if (recording.audio.size > VOICE_MAX_BYTES) throw new SpeechError(recordingTooLarge(), 413);
  const bytes = await bytesOf(recording);
  if (bytes.length === 0) throw new SpeechError(VOICE_MESSAGES.emptyRecording);
  if (!sniffMedia(bytes)) throw new SpeechError(VOICE_MESSAGES.notAudio, 415);
  return bytes;
}

/**
 * One call to an outside speech provider, time-limited: its answer's status and text. Out of
 * reach or too slow, the shopper types the list instead ('We could not hear that'; the reason goes
 * to the log); a shopper who left is told it took too long.
 */
export async function callProvider(
  provider: string,
  call: typeof fetch,
  url: string,
  init: Omit<RequestInit, "signal">,
  timeoutMs: number,
  signal?: AbortSignal,
): Promise<{ ok: boolean; status: number; text: string }> {
  const timeout = AbortSignal.timeout(timeoutMs);
  try {
    const answer = await call(url, { ...init, signal: signal ? AbortSignal.any([signal, timeout]) : timeout });
    return { ok: answer.ok, status: answer.status, text: await answer.text() };
  } catch (error) {
    if (signal?.aborted) throw new SpeechError(VOICE_MESSAGES.timedOut, 504);
    log.warn("speech provider unreachable", { provider, timedOut: timeout.aborted, error: error instanceof Error ? error.message : String(error) });
    throw new SpeechError(VOICE_MESSAGES.couldNotHear, timeout.aborted ? 504 : 502);
  }
}

/** A provider's JSON answer, or null when it is not JSON. */
export function parsedJson<T>(text: string): T | null {
  try {
    return JSON.parse(text) as T;
  } catch {
    return null;
  }
}

/**
 * The catalogue's product names a provider is told to listen for, each as written (spaces
 * collapsed), distinct, at most `maxChars` long and at most `max` of them: its documented limits.
 */
export function namesToListenFor(titles: Iterable<string>, max: number, maxChars: number): string[] {
  const names = new Set<string>();
  for (const title of titles) {
    const name = title.trim().replace(/\s+/g, " ");
    if (name && name.length <= maxChars) names.add(name);
    if (names.size === max) break;
  }
  return [...names];
}
