// A local stand-in for a speech service of the specification's contract (Specification: Voice ordering
// and Transaction calls), for tests and for trying TRANSCRIBE_URL without a Whisper-class server:
// POST /transcribe with a multipart `audio` file, `language_code` and `index`, the key in a
// `user-id` header; it answers text, segments, detected_language, model_used, total_time,
// filename and success. What it "hears" is whatever `hear` makes of the bytes.
import http from "node:http";
import type { AddressInfo } from "node:net";

export interface TranscribeStandin {
  url: string;
  /** Requests received, newest last: their fields and headers, for tests to check. */
  received: { fields: Record<string, string>; filename: string | null; size: number; key: string | null }[];
  /** The next answers' status and body, instead of a transcript (a failing service). */
  failWith(status: number | null, body?: string): void;
  close(): Promise<void>;
}

export async function startTranscribeStandin(options: { key: string; hear: (bytes: Uint8Array) => string; delayMs?: number }): Promise<TranscribeStandin> {
  const received: TranscribeStandin["received"] = [];
  let failure: { status: number; body: string } | null = null;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", async () => {
      const send = (status: number, body: unknown) => res.writeHead(status, { "Content-Type": "application/json" }).end(typeof body === "string" ? body : JSON.stringify(body));
      if (req.method !== "POST" || req.url !== "/transcribe") return send(404, { detail: "Not Found" });
      const key = (req.headers["user-id"] as string | undefined) ?? null;
      if (key !== options.key) return send(401, { detail: "Invalid user-id" });
      if (failure) return res.writeHead(failure.status, { "Content-Type": "text/plain" }).end(failure.body);
      const form = await new Request("http://standin/transcribe", { method: "POST", headers: { "content-type": req.headers["content-type"] ?? "" }, body: Buffer.concat(chunks) })
        .formData()
        .catch(() => null);
      const audio = form?.get("audio");
      if (!form || !(audio instanceof File)) return send(422, { detail: "audio file is required" });
      const fields: Record<string, string> = {};
      for (const [name, value] of form) if (typeof value === "string") fields[name] = value;
      const bytes = new Uint8Array(await audio.arrayBuffer());
      received.push({ fields, filename: audio.name, size: bytes.length, key });
      if (options.delayMs) await new Promise((r) => setTimeout(r, options.delayMs));
      const text = options.hear(bytes);
      send(200, {
        text,
        segments: [{ start: 0, end: 1.5, text }],
        detected_language: fields.language_code ?? "en",
        model_used: "standin-whisper",
        total_time: 0.01,
        filename: audio.name,
        success: true,
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/transcribe`,
    received,
    failWith(status, body = "") {
      failure = status === null ? null : { status, body };
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
