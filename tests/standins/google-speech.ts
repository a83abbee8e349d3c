// A local stand-in for Google Cloud Speech-to-Text v2's Recognize (issue 44), written from its
// documentation (docs/research/issue-44-speech-providers.md, decision 074): POST
// /v2/projects/{project}/locations/{location}/recognizers/{recognizer}:recognize, a JSON body of
// `config` and base64 `content`, a Bearer token or an `x-goog-api-key`. It checks what Google
// documents: one decoding config, a model it knows at that location, its languages (several only at
// global, us and eu), unknown fields refused, inline phrase sets within Google's limits, and audio
// of at most 10 MB and 60 seconds. It answers `results[].alternatives[]` with transcript and
// confidence, and `languageCode`; its errors as Google writes them: `{ error: { code, message,
// status } }`, 400, 401, 403, 404, 429 and 500. What it "hears" is whatever `hear` makes of the bytes.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { wavSeconds } from "../wav.ts";

const MODELS = new Set(["chirp_3", "chirp_2", "chirp", "long", "short", "telephony", "telephony_short"]);
/** Where Chirp 3 runs (GA and preview); not `global`. */
const CHIRP_3_LOCATIONS = new Set(["us", "eu", "asia-northeast1", "asia-southeast1", "asia-south1", "europe-west2", "europe-west3", "northamerica-northeast1"]);
/** Some of Chirp 3's languages: India's, and English as written elsewhere. */
const CHIRP_3_LANGUAGES = new Set(["hi-IN", "en-IN", "en-US", "en-GB", "bn-IN", "gu-IN", "kn-IN", "ml-IN", "mr-IN", "pa-IN", "ta-IN", "te-IN"]);
/** The locations that take several languages in one request. */
const MULTILINGUAL_LOCATIONS = new Set(["global", "us", "eu"]);
const CONFIG_FIELDS = new Set([
  "explicitDecodingConfig",
  "autoDecodingConfig",
  "model",
  "languageCodes",
  "features",
  "adaptation",
  "transcriptNormalization",
  "translationConfig",
  "denoiserConfig",
]);
/** Google's limits on a synchronous request and on speech adaptation. */
const MAX_AUDIO_BYTES = 10_000_000;
const MAX_SECONDS = 60;
const MAX_PHRASE_SETS = 20;
const MAX_PHRASES_PER_SET = 1200;
const MAX_PHRASES_PER_REQUEST = 5000;
const MAX_PHRASE_CHARS = 100;
const MAX_BOOST = 20;

/** One stretch of speech heard: a result whose best alternative is this. */
export interface Heard {
  transcript: string;
  /** Left out of the answer when not given, as Google leaves out a confidence it has not set. */
  confidence?: number;
}

export interface GoogleSpeechRequest {
  project: string;
  location: string;
  recognizer: string;
  /** The credentials sent: a Bearer token, an API key, or both (the adapter sends one). */
  auth: "token" | "key" | "both";
  config: Record<string, unknown>;
  audioBytes: number;
}

export interface GoogleSpeechStandin {
  url: string;
  /** Requests accepted, newest last, for tests to check. */
  received: GoogleSpeechRequest[];
  /** The next answers: its quota (429), an internal error (500), or none (null). */
  failWith(kind: "rate-limit" | "internal" | null): void;
  close(): Promise<void>;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const isBoost = (v: unknown) => v === undefined || (typeof v === "number" && v > 0 && v <= MAX_BOOST);

/** What is wrong with a config as Google reads it, or null. */
function configProblem(config: unknown, location: string): string | null {
  if (!isObject(config)) return "config is required";
  const unknown = Object.keys(config).find((k) => !CONFIG_FIELDS.has(k));
  if (unknown) return `Invalid JSON payload received. Unknown name "${unknown}" at 'config'`;
  if ((config.autoDecodingConfig === undefined) === (config.explicitDecodingConfig === undefined)) return "exactly one of autoDecodingConfig and explicitDecodingConfig is required";
  if (config.autoDecodingConfig !== undefined && !isObject(config.autoDecodingConfig)) return "autoDecodingConfig must be an object";
  const model = config.model;
  if (typeof model !== "string" || !MODELS.has(model)) return `The model "${String(model)}" does not exist`;
  if (model === "chirp_3" && !CHIRP_3_LOCATIONS.has(location)) return `The model "chirp_3" is not supported in the location named "${location}"`;
  const languages = config.languageCodes;
  if (!Array.isArray(languages) || languages.length === 0 || languages.some((l) => typeof l !== "string")) return "languageCodes must be a list of language codes";
  if (languages.length > 1 && !MULTILINGUAL_LOCATIONS.has(location)) return `Multiple languages are not supported in the location named "${location}"`;
  const unheard = model === "chirp_3" ? languages.find((l: string) => !CHIRP_3_LANGUAGES.has(l)) : undefined;
  if (unheard) return `The language "${unheard}" is not supported by the model "chirp_3"`;
  if (config.adaptation !== undefined) {
    const adaptation = config.adaptation;
    if (!isObject(adaptation) || Object.keys(adaptation).some((k) => k !== "phraseSets" && k !== "customClasses")) return "Invalid adaptation";
    const sets = adaptation.phraseSets ?? [];
    if (!Array.isArray(sets) || sets.length > MAX_PHRASE_SETS) return `adaptation takes at most ${MAX_PHRASE_SETS} phrase sets`;
    let total = 0;
    for (const set of sets) {
      if (!isObject(set) || (set.phraseSet === undefined) === (set.inlinePhraseSet === undefined)) return "each phrase set is exactly one of phraseSet and inlinePhraseSet";
      const inline = set.inlinePhraseSet;
      if (inline === undefined) continue;
      if (!isObject(inline) || !Array.isArray(inline.phrases) || !isBoost(inline.boost)) return "an inline phrase set needs phrases and a boost above 0 and at most 20";
      if (inline.phrases.length > MAX_PHRASES_PER_SET) return `a phrase set takes at most ${MAX_PHRASES_PER_SET} phrases`;
      total += inline.phrases.length;
      for (const phrase of inline.phrases) {
        if (!isObject(phrase) || typeof phrase.value !== "string" || !phrase.value.trim() || phrase.value.length > MAX_PHRASE_CHARS || !isBoost(phrase.boost)) {
          return `each phrase needs a value of at most ${MAX_PHRASE_CHARS} characters and a boost above 0 and at most 20`;
        }
      }
    }
    if (total > MAX_PHRASES_PER_REQUEST) return `a request takes at most ${MAX_PHRASES_PER_REQUEST} phrases`;
  }
  return null;
}

export async function startGoogleSpeechStandin(options: {
  project: string;
  accessToken?: string;
  apiKey?: string;
  hear: (audio: Uint8Array, config: Record<string, unknown>) => Heard[];
  delayMs?: number;
}): Promise<GoogleSpeechStandin> {
  const received: GoogleSpeechRequest[] = [];
  let failure: "rate-limit" | "internal" | null = null;
  let requests = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", async () => {
      const send = (status: number, body: unknown) => res.writeHead(status, { "Content-Type": "application/json; charset=UTF-8" }).end(JSON.stringify(body));
      const refuse = (code: number, status: string, message: string) => send(code, { error: { code, message, status } });
      const path = /^\/v2\/projects\/([^/]+)\/locations\/([^/]+)\/recognizers\/([^/:]+):recognize$/.exec(req.url ?? "");
      if (req.method !== "POST" || !path) return refuse(404, "NOT_FOUND", "The requested URL was not found on this server.");
      const [, project = "", location = "", recognizer = ""] = path;
      const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? "")?.[1];
      const key = req.headers["x-goog-api-key"];
      const valid = (options.accessToken && bearer === options.accessToken) || (options.apiKey && key === options.apiKey);
      const auth = bearer !== undefined && key !== undefined ? "both" : bearer !== undefined ? "token" : "key";
      if (!valid)
        return refuse(401, "UNAUTHENTICATED", "Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.");
      if (project !== options.project) return refuse(403, "PERMISSION_DENIED", `Permission 'speech.recognizers.recognize' denied on resource 'projects/${project}'`);
      if (failure === "rate-limit") return refuse(429, "RESOURCE_EXHAUSTED", "Quota exceeded for quota metric 'Recognize requests' and limit 'Recognize requests per minute'");
      if (failure === "internal") return refuse(500, "INTERNAL", "Internal error encountered.");
      if (!/^application\/json\b/.test(req.headers["content-type"] ?? "")) return refuse(400, "INVALID_ARGUMENT", "Invalid JSON payload received.");
      let body: unknown;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
      } catch {
        return refuse(400, "INVALID_ARGUMENT", "Invalid JSON payload received.");
      }
      if (!isObject(body)) return refuse(400, "INVALID_ARGUMENT", "Invalid JSON payload received.");
      const unknown = Object.keys(body).find((k) => !["config", "configMask", "content", "uri"].includes(k));
      if (unknown) return refuse(400, "INVALID_ARGUMENT", `Invalid JSON payload received. Unknown name "${unknown}"`);
      if ((body.content === undefined) === (body.uri === undefined)) return refuse(400, "INVALID_ARGUMENT", "Exactly one of content and uri is required");
      if (typeof body.content !== "string" || !/^[A-Za-z0-9+/]*={0,2}$/.test(body.content) || body.content.length % 4 !== 0) {
        return refuse(400, "INVALID_ARGUMENT", "Invalid value at 'content' (TYPE_BYTES), Base64 decoding failed");
      }
      const problem = configProblem(body.config, location);
      if (problem) return refuse(400, "INVALID_ARGUMENT", problem);
      const audio = new Uint8Array(Buffer.from(body.content, "base64"));
      if (audio.length === 0) return refuse(400, "INVALID_ARGUMENT", "Audio content is empty");
      if (audio.length > MAX_AUDIO_BYTES) return refuse(400, "INVALID_ARGUMENT", "Audio content is over the 10 MB limit");
      const seconds = wavSeconds(audio);
      if (seconds !== null && seconds > MAX_SECONDS) return refuse(400, "INVALID_ARGUMENT", `Audio can be of a maximum of ${MAX_SECONDS} seconds`);
      const config = body.config as Record<string, unknown>;
      received.push({ project, location, recognizer, auth, config, audioBytes: audio.length });
      if (options.delayMs) await new Promise((r) => setTimeout(r, options.delayMs));
      const heard = options.hear(audio, config);
      const language = String((config.languageCodes as string[])[0]).toLowerCase();
      const duration = `${(seconds ?? 1).toFixed(1)}s`;
      // An empty list is left out of the answer, as protobuf's JSON leaves out empty fields.
      send(200, {
        ...(heard.length
          ? {
              results: heard.map((h) => ({
                alternatives: [{ transcript: h.transcript, ...(h.confidence === undefined ? {} : { confidence: h.confidence }) }],
                resultEndOffset: duration,
                languageCode: language,
              })),
            }
          : {}),
        metadata: { requestId: `standin-${++requests}`, totalBilledDuration: `${Math.ceil(seconds ?? 1)}s` },
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    failWith(kind) {
      failure = kind;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
