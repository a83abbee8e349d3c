// Speech to text for voice ordering (issue 15), behind one interface chosen by configuration:
// a speech service of the specification's contract (TRANSCRIBE_URL), else the embedded
// PocketSphinx when Debian's packages are there, else none (the page says so; typed lists still
// work). Recognition never blocks other requests: it runs in child processes, at most
// SPEECH_CONCURRENCY at once, a few more waiting, the rest refused with a message.
import { recordingTooLarge, VOICE_MAX_BYTES, VOICE_MESSAGES } from "../../domain/voice-order.ts";
import type { Env } from "../env.server.ts";
import { sniffMedia, SpeechError, toSpeechWav } from "./media.server.ts";
import { listNames, pocketsphinxInstalled, recognise } from "./pocketsphinx.server.ts";

export { SpeechError };

/** The specification's transcription response (Specification: Voice ordering). */
export interface Transcript {
  text: string;
  segments: { start: number; end: number; text: string }[];
  detected_language: string;
  model_used: string;
  total_time: number;
  filename: string;
  success: boolean;
}

export interface Recording {
  /** The recording as uploaded: a file on disk until the engine reads it (issue 25 item 7). */
  audio: Blob;
  filename: string;
  type: string;
}

export interface SpeechEngine {
  /** 'pocketsphinx' or 'remote': shown on the page with the model. */
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
async function bytesOf(recording: Recording): Promise<Uint8Array<ArrayBuffer>> {
  return new Uint8Array(await recording.audio.arrayBuffer());
}

export function createPocketsphinxEngine(options: { concurrency: number; timeoutMs: number }): SpeechEngine {
  const limit = limiter(options.concurrency, options.concurrency * 4);
  return {
    name: "pocketsphinx",
    admit: limit.admit,
    transcribe: (recording, titles, signal) =>
      limit(async () => {
        const started = performance.now();
        const { wav } = await toSpeechWav(await bytesOf(recording), options.timeoutMs, signal);
        const heard = await recognise(wav, listNames(await titles()), options.timeoutMs, signal);
        return {
          text: heard.text,
          segments: heard.segments,
          detected_language: "en",
          model_used: "pocketsphinx en-us with the shop's list grammar",
          total_time: Math.round(performance.now() - started) / 1000,
          filename: recording.filename,
          success: true,
        };
      }, signal),
  };
}

/**
 * The specification's speech service (Specification: Voice ordering and Transaction calls): multipart `audio`,
 * `language_code` en, `index` 1, the key in a `user-id` header; the answer's fields as they are.
 */
export function createRemoteEngine(options: { url: string; key: string | null; concurrency: number; timeoutMs: number; fetch?: typeof fetch }): SpeechEngine {
  const limit = limiter(options.concurrency * 4, options.concurrency * 8);
  const call = options.fetch ?? fetch;
  return {
    name: "remote",
    admit: limit.admit,
    transcribe: (recording, _titles, signal) =>
      limit(async () => {
        if (recording.audio.size > VOICE_MAX_BYTES) throw new SpeechError(recordingTooLarge(), 413);
        const bytes = await bytesOf(recording);
        // The same checks as the embedded engine's: only audio or video goes to the service.
        if (bytes.length === 0) throw new SpeechError(VOICE_MESSAGES.emptyRecording);
        if (!sniffMedia(bytes)) throw new SpeechError(VOICE_MESSAGES.notAudio, 415);
        const form = new FormData();
        form.set("audio", new Blob([bytes], { type: recording.type || "application/octet-stream" }), recording.filename);
        form.set("language_code", "en");
        form.set("index", "1");
        const timeout = AbortSignal.timeout(options.timeoutMs);
        let answer: Response;
        try {
          answer = await call(options.url, {
            method: "POST",
            body: form,
            headers: options.key ? { "user-id": options.key } : {},
            signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
          });
        } catch (error) {
          if (timeout.aborted) throw new SpeechError(VOICE_MESSAGES.timedOut, 504);
          throw new SpeechError(error instanceof Error && error.message ? error.message : VOICE_MESSAGES.networkError, 502);
        }
        const body = await answer.text();
        // Specification: Transaction failure messages: 'HTTP {status}: {body or status text}'.
        if (!answer.ok) throw new SpeechError(`HTTP ${answer.status}: ${body.slice(0, 300) || answer.statusText}`, 502);
        let parsed: Partial<Transcript>;
        try {
          parsed = JSON.parse(body) as Partial<Transcript>;
        } catch {
          throw new SpeechError(VOICE_MESSAGES.transcriptionFailed, 502);
        }
        if (parsed.success === false || typeof parsed.text !== "string") throw new SpeechError(VOICE_MESSAGES.transcriptionFailed, 502);
        return {
          text: parsed.text,
          segments: Array.isArray(parsed.segments)
            ? parsed.segments.flatMap((s) => (typeof s?.text === "string" ? [{ start: Number(s.start) || 0, end: Number(s.end) || 0, text: s.text }] : []))
            : [],
          detected_language: typeof parsed.detected_language === "string" ? parsed.detected_language : "en",
          model_used: typeof parsed.model_used === "string" ? parsed.model_used : "remote",
          total_time: Number(parsed.total_time) || 0,
          filename: typeof parsed.filename === "string" ? parsed.filename : recording.filename,
          success: true,
        };
      }, signal),
  };
}

let shared: { engine: SpeechEngine | null } | undefined;

/** The engine configuration chooses, made once per process; null when voice is not set up. */
export function speechEngine(env: Env): SpeechEngine | null {
  if (shared) return shared.engine;
  const choice = env.SPEECH_ENGINE;
  let engine: SpeechEngine | null = null;
  if ((choice === "auto" || choice === "remote") && env.TRANSCRIBE_URL) {
    engine = createRemoteEngine({ url: env.TRANSCRIBE_URL, key: env.TRANSCRIBE_KEY ?? null, concurrency: env.SPEECH_CONCURRENCY, timeoutMs: env.SPEECH_TIMEOUT_MS });
  } else if ((choice === "auto" || choice === "pocketsphinx") && pocketsphinxInstalled()) {
    engine = createPocketsphinxEngine({ concurrency: env.SPEECH_CONCURRENCY, timeoutMs: env.SPEECH_TIMEOUT_MS });
  }
  shared = { engine };
  return engine;
}
