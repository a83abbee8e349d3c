// Sarvam AI's speech to text (issue 44), made for Indian speech: Hindi, Indian English and the two
// mixed. What was verified in its documentation, and what was not, is in
// docs/research/issue-44-speech-providers.md. The call: POST {url}/speech-to-text, multipart
// `file`, `model`, `mode`, `language_code`, the key in an `api-subscription-key` header; the answer's
// `transcript`, `language_code` and `request_id`. It gives no confidence: the matcher's judgement
// (domain/voice-order.ts) alone decides what arrives ticked.
import { VOICE_MESSAGES } from "../../domain/voice-order.ts";
import { log } from "../log.server.ts";
import { callProvider, limiter, namesToListenFor, parsedJson, recordingForService, type SpeechEngine, type SpeechLanguage } from "./engine.server.ts";
import { SpeechError } from "./media.server.ts";

/** Sarvam's models that take `keyterms` (words to listen for): Saaras v4 and later. */
const TAKES_KEYTERMS = /^saaras:v([4-9]|\d{2,})/;
/** Sarvam's limits on key terms: at most 50, each at most 64 characters. */
const KEYTERMS_MAX = 50;
const KEYTERM_MAX_CHARS = 64;

/**
 * `hi-IN` on a Hindi page; elsewhere `unknown`, so Sarvam finds the language itself: a shopper on
 * the English page may well say 'do kilo chawal'. `codemix` writes each language in its own script.
 */
const LANGUAGE_CODE: Readonly<Record<SpeechLanguage, string>> = { hi: "hi-IN", en: "unknown" };

/** The catalogue's product names Sarvam is told to listen for (its `keyterms`), up to its limits. */
export function keytermsOf(titles: Iterable<string>): string[] {
  return namesToListenFor(titles, KEYTERMS_MAX, KEYTERM_MAX_CHARS);
}

interface SarvamError {
  error?: { message?: string; code?: string; request_id?: string };
}

export function createSarvamEngine(options: { url: string; key: string; model: string; concurrency: number; timeoutMs: number; fetch?: typeof fetch }): SpeechEngine {
  // An outside service: more at once than the embedded engine, still bounded.
  const limit = limiter(options.concurrency * 4, options.concurrency * 8);
  const call = options.fetch ?? fetch;
  const endpoint = `${options.url.replace(/\/+$/, "")}/speech-to-text`;
  return {
    name: "sarvam",
    admit: limit.admit,
    transcribe: (recording, titles, signal) =>
      limit(async () => {
        const started = performance.now();
        const bytes = await recordingForService(recording);
        const form = new FormData();
        form.set("file", new Blob([bytes], { type: recording.type || "application/octet-stream" }), recording.filename);
        form.set("model", options.model);
        form.set("mode", "codemix");
        form.set("language_code", LANGUAGE_CODE[recording.language ?? "en"]);
        if (TAKES_KEYTERMS.test(options.model)) form.set("keyterms", JSON.stringify(keytermsOf(await titles())));
        const answer = await callProvider("sarvam", call, endpoint, { method: "POST", body: form, headers: { "api-subscription-key": options.key } }, options.timeoutMs, signal);
        if (!answer.ok) {
          const error = parsedJson<SarvamError>(answer.text)?.error;
          // Its rate limit is the shop's being busy; out of credit, a wrong key or a refused
          // recording is something the shopper cannot fix: they type the list instead.
          if (answer.status === 429 && error?.code !== "insufficient_quota_error") throw new SpeechError(VOICE_MESSAGES.busy, 503);
          log.warn("speech provider refused", {
            provider: "sarvam",
            status: answer.status,
            code: error?.code ?? null,
            requestId: error?.request_id ?? null,
            message: error?.message?.slice(0, 200) ?? null,
          });
          throw new SpeechError(VOICE_MESSAGES.couldNotHear, 502);
        }
        const body = parsedJson<{ transcript?: unknown; language_code?: unknown; request_id?: unknown }>(answer.text);
        if (typeof body?.transcript !== "string") throw new SpeechError(VOICE_MESSAGES.couldNotHear, 502);
        // Nothing heard is not a list: said as such, not matched.
        if (!body.transcript.trim()) throw new SpeechError(VOICE_MESSAGES.couldNotHear, 422);
        return {
          text: body.transcript,
          segments: [],
          detected_language: typeof body.language_code === "string" ? body.language_code : LANGUAGE_CODE[recording.language ?? "en"],
          model_used: `sarvam ${options.model}`,
          total_time: Math.round(performance.now() - started) / 1000,
          filename: recording.filename,
          success: true,
        };
      }, signal),
  };
}
