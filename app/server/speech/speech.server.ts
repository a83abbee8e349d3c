// Speech to text for voice ordering (issue 15), behind one interface chosen by configuration:
// Sarvam or Google (issue 44), a speech service of the specification's contract (TRANSCRIBE_URL),
// else the embedded PocketSphinx when Debian's packages are there, else none (the page says so;
// typed lists still work). Recognition never blocks other requests: it runs in child processes, at most
// SPEECH_CONCURRENCY at once, a few more waiting, the rest refused with a message.
import { VOICE_MESSAGES } from "../../domain/voice-order.ts";
import type { Env } from "../env.server.ts";
import { tracedCalls } from "../telemetry/trace.server.ts";
import { SpeechError, toSpeechWav } from "./media.server.ts";
import { listNames, pocketsphinxInstalled, recognise } from "./pocketsphinx.server.ts";
import { bytesOf, limiter, recordingForService, type SpeechEngine, type Transcript } from "./engine.server.ts";
import { createGoogleSpeechEngine, googleSpeechSettings } from "./google-speech.server.ts";
import { createSarvamEngine } from "./sarvam.server.ts";

export { SpeechError };
export { limiter, type Recording, type SpeechEngine, type Transcript } from "./engine.server.ts";

/** Below VOICE_TRUSTED_CONFIDENCE: the words are offered for checking, nothing ticked. */
const UNSURE = 0.5;

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
          // Its US-English model, on a corpus of 43 orders, ticked one wrong line in ten and has no
          // Hindi: what it hears is always offered for checking, never ticked (decision 089).
          confidence: UNSURE,
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
        const bytes = await recordingForService(recording);
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

export type SpeechProvider = "sarvam" | "google" | "http" | "pocketsphinx";

/**
 * The provider configuration names (SPEECH_PROVIDER, or the older SPEECH_ENGINE, whose `remote`
 * is `http`), or null for none: `auto` takes Sarvam when its key is set, else Google when its
 * project and a token or key are, else the specification's service when its URL is, else the
 * embedded engine when it is installed. A provider named without what it needs is none (the page
 * says voice is not set up; typed lists still work).
 */
export function speechProviderOf(
  env: Pick<Env, "SPEECH_PROVIDER" | "SPEECH_ENGINE" | "SARVAM_API_KEY" | "GOOGLE_SPEECH_PROJECT" | "GOOGLE_SPEECH_ACCESS_TOKEN" | "GOOGLE_SPEECH_API_KEY" | "TRANSCRIBE_URL">,
  embedded: () => boolean,
): SpeechProvider | null {
  const choice = env.SPEECH_PROVIDER ?? (env.SPEECH_ENGINE === "remote" ? "http" : env.SPEECH_ENGINE);
  if (choice === "off") return null;
  if (choice === "sarvam" || (choice === "auto" && env.SARVAM_API_KEY)) return env.SARVAM_API_KEY ? "sarvam" : null;
  const google = Boolean(env.GOOGLE_SPEECH_PROJECT && (env.GOOGLE_SPEECH_ACCESS_TOKEN || env.GOOGLE_SPEECH_API_KEY));
  if (choice === "google" || (choice === "auto" && google)) return google ? "google" : null;
  if (choice === "http" || (choice === "auto" && env.TRANSCRIBE_URL)) return env.TRANSCRIBE_URL ? "http" : null;
  return embedded() ? "pocketsphinx" : null;
}

/** The engine configuration chooses, made once per process; null when voice is not set up. */
export function speechEngine(env: Env): SpeechEngine | null {
  if (shared) return shared.engine;
  const common = { concurrency: env.SPEECH_CONCURRENCY, timeoutMs: env.SPEECH_TIMEOUT_MS };
  const provider = speechProviderOf(env, pocketsphinxInstalled);
  const google = googleSpeechSettings(env);
  const engine =
    provider === "sarvam" && env.SARVAM_API_KEY
      ? createSarvamEngine({ url: env.SARVAM_URL, key: env.SARVAM_API_KEY, model: env.SARVAM_MODEL, ...common })
      : provider === "google" && google
        ? createGoogleSpeechEngine({ ...google, ...common })
        : provider === "http" && env.TRANSCRIBE_URL
          ? createRemoteEngine({ url: env.TRANSCRIBE_URL, key: env.TRANSCRIBE_KEY ?? null, ...common })
          : provider === "pocketsphinx"
            ? createPocketsphinxEngine(common)
            : null;
  // Each transcription an outside call's span (issue 47), named for the engine.
  shared = { engine: engine && tracedCalls(`speech-${engine.name}`, engine, ["transcribe"]) };
  return shared.engine;
}
