// A local stand-in for Sarvam AI's speech to text (issue 44), written from its documentation
// (docs/research/issue-44-speech-providers.md): POST /speech-to-text, multipart `file`, `model`,
// `mode`, `language_code` and, for Saaras v4, `keyterms` (a JSON array of at most 50 terms of at
// most 64 characters); the key in an `api-subscription-key` header. It answers `request_id`,
// `transcript` and `language_code`, and its errors as Sarvam writes them: `{ error: { message,
// code, request_id } }`, 403 for a wrong key, 400 for a bad field or audio over 30 seconds, 429
// for its rate limit or for credit used up. What it "hears" is whatever `hear` makes of the bytes.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { wavSeconds } from "../wav.ts";

const MODELS = new Set(["saarika:v2.5", "saaras:v3", "saaras:v4"]);
const MODES = new Set(["transcribe", "translate", "verbatim", "translit", "codemix"]);
const LANGUAGES = new Set(["unknown", "hi-IN", "en-IN", "bn-IN", "kn-IN", "ml-IN", "mr-IN", "od-IN", "pa-IN", "ta-IN", "te-IN", "gu-IN"]);
/** Sarvam's limit on a synchronous recording. */
const MAX_SECONDS = 30;

export interface SarvamStandin {
  url: string;
  /** Requests received, newest last: their text fields, file name and size, for tests to check. */
  received: { fields: Record<string, string>; filename: string | null; size: number }[];
  /** The next answers: a rate limit (429), credit used up, or none (null). */
  failWith(kind: "rate-limit" | "no-credit" | null): void;
  close(): Promise<void>;
}

export async function startSarvamStandin(options: { key: string; hear: (bytes: Uint8Array, fields: Record<string, string>) => string; delayMs?: number }): Promise<SarvamStandin> {
  const received: SarvamStandin["received"] = [];
  let failure: "rate-limit" | "no-credit" | null = null;
  let requests = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", async () => {
      const requestId = `standin-${++requests}`;
      const send = (status: number, body: unknown) => res.writeHead(status, { "Content-Type": "application/json" }).end(JSON.stringify(body));
      const refuse = (status: number, code: string, message: string) => send(status, { error: { message, code, request_id: requestId } });
      if (req.method !== "POST" || req.url !== "/speech-to-text") return refuse(404, "not_found_error", "Not found");
      if (req.headers["api-subscription-key"] !== options.key) return refuse(403, "invalid_api_key_error", "Invalid API key");
      if (failure === "rate-limit") return refuse(429, "rate_limit_exceeded_error", "Rate limit exceeded");
      if (failure === "no-credit") return refuse(429, "insufficient_quota_error", "Insufficient credits");
      const form = await new Request("http://standin/speech-to-text", { method: "POST", headers: { "content-type": req.headers["content-type"] ?? "" }, body: Buffer.concat(chunks) })
        .formData()
        .catch(() => null);
      const file = form?.get("file");
      if (!form || !(file instanceof File)) return refuse(400, "invalid_request_error", "file is required");
      const fields: Record<string, string> = {};
      for (const [name, value] of form) if (typeof value === "string") fields[name] = value;
      const model = fields.model ?? "saaras:v4";
      if (!MODELS.has(model)) return refuse(400, "invalid_request_error", `Invalid model: ${model}`);
      if (fields.mode !== undefined && !MODES.has(fields.mode)) return refuse(400, "invalid_request_error", `Invalid mode: ${fields.mode}`);
      if (fields.language_code !== undefined && !LANGUAGES.has(fields.language_code)) return refuse(400, "invalid_request_error", `Invalid language_code: ${fields.language_code}`);
      if (fields.keyterms !== undefined) {
        if (model !== "saaras:v4") return refuse(400, "invalid_request_error", "keyterms is supported only by saaras:v4");
        let terms: unknown;
        try {
          terms = JSON.parse(fields.keyterms);
        } catch {
          terms = null;
        }
        if (!Array.isArray(terms) || terms.length > 50 || terms.some((t) => typeof t !== "string" || t.length > 64)) {
          return refuse(400, "invalid_request_error", "keyterms must be a JSON array of at most 50 strings of at most 64 characters");
        }
      }
      const bytes = new Uint8Array(await file.arrayBuffer());
      const seconds = wavSeconds(bytes);
      if (seconds !== null && seconds > MAX_SECONDS) return refuse(400, "invalid_request_error", `Audio duration exceeds ${MAX_SECONDS} seconds`);
      received.push({ fields, filename: file.name, size: bytes.length });
      if (options.delayMs) await new Promise((r) => setTimeout(r, options.delayMs));
      const language = fields.language_code && fields.language_code !== "unknown" ? fields.language_code : "en-IN";
      send(200, { request_id: requestId, transcript: options.hear(bytes, fields), language_code: language, timestamps: null, diarized_transcript: null });
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
