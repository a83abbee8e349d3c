// Google Cloud Speech-to-Text v2 (issue 44), with Chirp 3, which hears Hindi and Indian English.
// What was verified in Google's documentation, and what was not, is in
// docs/research/issue-44-speech-providers.md and decision 074. The call: POST
// {url}/v2/projects/{project}/locations/{location}/recognizers/{recognizer}:recognize, JSON
// `config` (automatic decoding, model, languages, the catalogue's names as an inline phrase set) and
// the recording as base64 `content`; a Bearer token or an API key. The answer's results, each with
// its best alternative's transcript and confidence, and the language Google heard.
import { VOICE_MESSAGES } from "../../domain/voice-order.ts";
import type { Env } from "../env.server.ts";
import { log } from "../log.server.ts";
import { callProvider, limiter, namesToListenFor, parsedJson, recordingForService, type SpeechEngine, type SpeechLanguage } from "./engine.server.ts";
import { SpeechError } from "./media.server.ts";

/** Google's limits on a phrase set: 1,200 phrases (v2's limits page), 100 characters each (v1's; v2's table is cut off there). */
const PHRASES_MAX = 1200;
const PHRASE_MAX_CHARS = 100;
/**
 * How hard the names are favoured: Google allows more than 0 and at most 20, and says to find
 * the value by trying; 10 is the middle until the spoken corpus measures it.
 */
const PHRASE_BOOST = 10;

/**
 * `hi-IN` on a Hindi page; on the English page `en-IN` or `hi-IN`, whichever Google hears as
 * likelier, since its shoppers say 'do kilo chawal' too. Google takes several languages at its
 * global, us and eu locations only.
 */
const LANGUAGE_CODES: Readonly<Record<SpeechLanguage, readonly [string, ...string[]]>> = { hi: ["hi-IN"], en: ["en-IN", "hi-IN"] };

/** Google's host for a location: the global one, or the location's own, which its path must match. */
export function googleSpeechUrl(location: string): string {
  return location === "global" ? "https://speech.googleapis.com" : `https://${location}-speech.googleapis.com`;
}

/** The engine's settings from configuration, when Google's project is set. */
export function googleSpeechSettings(env: Env) {
  if (!env.GOOGLE_SPEECH_PROJECT) return null;
  return {
    url: env.GOOGLE_SPEECH_URL ?? googleSpeechUrl(env.GOOGLE_SPEECH_LOCATION),
    project: env.GOOGLE_SPEECH_PROJECT,
    location: env.GOOGLE_SPEECH_LOCATION,
    recognizer: env.GOOGLE_SPEECH_RECOGNIZER,
    model: env.GOOGLE_SPEECH_MODEL,
    accessToken: env.GOOGLE_SPEECH_ACCESS_TOKEN ?? null,
    apiKey: env.GOOGLE_SPEECH_API_KEY ?? null,
  };
}

/** The catalogue's product names Google is told to listen for (an inline phrase set), up to its limits. */
export function phrasesOf(titles: Iterable<string>): string[] {
  return namesToListenFor(titles, PHRASES_MAX, PHRASE_MAX_CHARS);
}

/**
 * How sure Google is of the whole list: the least sure of its results. Google sets a confidence
 * only on a result's best alternative, and 0 means not set, so those are left out; none, none.
 */
export function confidenceOf(results: readonly { alternatives?: readonly { confidence?: unknown }[] }[]): number | undefined {
  const scores = results.flatMap((r) => {
    const score = r.alternatives?.[0]?.confidence;
    return typeof score === "number" && score > 0 && score <= 1 ? [score] : [];
  });
  return scores.length ? Math.min(...scores) : undefined;
}

/** 'hi-in' as 'hi-IN': Google's answer may write the region in lower case. */
function languageTag(code: string): string {
  const [language = "", ...rest] = code.split("-");
  return [language.toLowerCase(), ...rest.map((part) => (part.length === 2 ? part.toUpperCase() : part))].join("-");
}

interface GoogleError {
  error?: { code?: number; message?: string; status?: string };
}

interface GoogleAnswer {
  results?: { alternatives?: { transcript?: unknown; confidence?: unknown }[]; languageCode?: unknown }[];
  metadata?: { requestId?: unknown };
}

export function createGoogleSpeechEngine(options: {
  url: string;
  project: string;
  location: string;
  recognizer: string;
  model: string;
  /** An OAuth access token (Bearer), which Google documents; else an API key, which it does not for v2. */
  accessToken?: string | null;
  apiKey?: string | null;
  concurrency: number;
  timeoutMs: number;
  fetch?: typeof fetch;
}): SpeechEngine {
  // An outside service: more at once than the embedded engine, still bounded.
  const limit = limiter(options.concurrency * 4, options.concurrency * 8);
  const call = options.fetch ?? fetch;
  const endpoint = `${options.url.replace(/\/+$/, "")}/v2/projects/${options.project}/locations/${options.location}/recognizers/${options.recognizer}:recognize`;
  const auth: Record<string, string> = options.accessToken ? { Authorization: `Bearer ${options.accessToken}` } : options.apiKey ? { "x-goog-api-key": options.apiKey } : {};
  return {
    name: "google",
    admit: limit.admit,
    transcribe: (recording, titles, signal) =>
      limit(async () => {
        const started = performance.now();
        const bytes = await recordingForService(recording);
        const languageCodes = LANGUAGE_CODES[recording.language ?? "en"];
        const phrases = phrasesOf(await titles());
        const body = JSON.stringify({
          config: {
            // Google reads the browsers' WAV, WebM and Ogg Opus itself: the recording goes as uploaded.
            autoDecodingConfig: {},
            model: options.model,
            languageCodes,
            ...(phrases.length ? { adaptation: { phraseSets: [{ inlinePhraseSet: { phrases: phrases.map((value) => ({ value })), boost: PHRASE_BOOST } }] } } : {}),
          },
          content: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("base64"),
        });
        const answer = await callProvider("google", call, endpoint, { method: "POST", body, headers: { "Content-Type": "application/json", ...auth } }, options.timeoutMs, signal);
        if (!answer.ok) {
          const error = parsedJson<GoogleError>(answer.text)?.error;
          // Its quota per minute is the shop's being busy; a wrong token, a refused recording or
          // Google failing is something the shopper cannot fix: they type the list instead.
          if (answer.status === 429) throw new SpeechError(VOICE_MESSAGES.busy, 503);
          log.warn("speech provider refused", {
            provider: "google",
            status: answer.status,
            code: error?.status ?? null,
            message: error?.message?.slice(0, 200) ?? null,
          });
          throw new SpeechError(VOICE_MESSAGES.couldNotHear, 502);
        }
        const heard = parsedJson<GoogleAnswer>(answer.text);
        if (!heard || (heard.results !== undefined && !Array.isArray(heard.results))) throw new SpeechError(VOICE_MESSAGES.couldNotHear, 502);
        const results = heard.results ?? [];
        // Each result is a stretch of the recording; its first alternative is Google's best guess.
        const words = results
          .map((r) => r.alternatives?.[0]?.transcript)
          .filter((t): t is string => typeof t === "string")
          .map((t) => t.trim())
          .filter(Boolean)
          .join(" ");
        // Nothing heard (silence gives no results) is not a list: said as such, not matched.
        if (!words) throw new SpeechError(VOICE_MESSAGES.couldNotHear, 422);
        const language = results.map((r) => r.languageCode).find((c): c is string => typeof c === "string" && c.length > 0);
        const confidence = confidenceOf(results);
        return {
          text: words,
          segments: [],
          detected_language: language ? languageTag(language) : languageCodes[0],
          model_used: `google ${options.model}`,
          total_time: Math.round(performance.now() - started) / 1000,
          filename: recording.filename,
          success: true,
          ...(confidence === undefined ? {} : { confidence }),
        };
      }, signal),
  };
}
