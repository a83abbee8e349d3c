// What a recording is and how long, by its bytes (issue 15): uploads are recognised as audio or
// video by their content, never by their name, and turned into the 16 kHz mono WAV the
// recogniser reads, by Debian's ffmpeg in a child process with a time limit.
import { spawn } from "node:child_process";
import fs from "node:fs";
import { recordingTooLarge, VOICE_MAX_BYTES, VOICE_MESSAGES } from "../../domain/voice-order.ts";

export const MAX_SECONDS = 60;

/** A refusal the shopper can act on (too long, not audio), or the engine failing. */
export class SpeechError extends Error {
  readonly status: number;
  constructor(message: string, status = 400) {
    super(message);
    this.name = "SpeechError";
    this.status = status;
  }
}

export type MediaKind = "wav" | "ogg" | "webm" | "mp4" | "mp3" | "flac" | "aac";

/** ffmpeg's demuxer for each container (webm is read by the matroska one, mp4 by mov). */
const FFMPEG_FORMATS: Record<MediaKind, string> = { wav: "wav", ogg: "ogg", webm: "matroska", mp4: "mov", mp3: "mp3", flac: "flac", aac: "aac" };

/** Whether ffmpeg is installed (Debian's package). */
export function ffmpegInstalled(): boolean {
  return ["/usr/bin/ffmpeg", "/usr/local/bin/ffmpeg"].some((p) => fs.existsSync(p));
}

const ascii = (bytes: Uint8Array, at: number, text: string) => [...text].every((c, i) => bytes[at + i] === c.charCodeAt(0));

/** The container a recording's first bytes announce, or null when they announce no audio or video. */
export function sniffMedia(bytes: Uint8Array): MediaKind | null {
  if (bytes.length < 12) return null;
  if (ascii(bytes, 0, "RIFF") && ascii(bytes, 8, "WAVE")) return "wav";
  if (ascii(bytes, 0, "OggS")) return "ogg";
  if (bytes[0] === 0x1a && bytes[1] === 0x45 && bytes[2] === 0xdf && bytes[3] === 0xa3) return "webm";
  if (ascii(bytes, 4, "ftyp")) return "mp4";
  if (ascii(bytes, 0, "fLaC")) return "flac";
  if (ascii(bytes, 0, "ID3")) return "mp3";
  // An MPEG audio frame (mp3) or an ADTS header (aac): eleven set sync bits.
  if (bytes[0] === 0xff && (bytes[1]! & 0xe0) === 0xe0) return (bytes[1]! & 0x06) === 0 ? "aac" : "mp3";
  return null;
}

/** Runs a tool with `input` on stdin; its stdout, or an error after `timeoutMs` (the process is killed). */
export function run(command: string, args: string[], input: Uint8Array | null, timeoutMs: number, signal?: AbortSignal): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new SpeechError(VOICE_MESSAGES.timedOut, 504));
    const child = spawn(command, args, { stdio: ["pipe", "pipe", "pipe"] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    let settled = false;
    const finish = (error: Error | null, value?: Buffer) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal?.removeEventListener("abort", onAbort);
      if (error) reject(error);
      else resolve(value!);
    };
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      finish(new SpeechError(VOICE_MESSAGES.timedOut, 504));
    }, timeoutMs);
    const onAbort = () => {
      child.kill("SIGKILL");
      finish(new SpeechError(VOICE_MESSAGES.timedOut, 504));
    };
    signal?.addEventListener("abort", onAbort, { once: true });
    child.stdout.on("data", (c: Buffer) => out.push(c));
    child.stderr.on("data", (c: Buffer) => err.push(c));
    child.on("error", (e) => finish(e));
    child.on("close", (code) => {
      if (code === 0) finish(null, Buffer.concat(out));
      else finish(new Error(`${command} exited with ${code}: ${Buffer.concat(err).toString("utf8").slice(-500)}`));
    });
    child.stdin.on("error", () => {}); // a tool that stops reading early (a bad file) is reported by its exit code
    if (input) child.stdin.end(input);
    else child.stdin.end();
  });
}

/**
 * The recording as 16 kHz mono 16-bit WAV, at most MAX_SECONDS long. A file that is not audio
 * or video by its bytes, or that ffmpeg cannot read, is refused with the page's message.
 */
export async function toSpeechWav(bytes: Uint8Array, timeoutMs: number, signal?: AbortSignal): Promise<{ wav: Buffer; seconds: number }> {
  if (bytes.length > VOICE_MAX_BYTES) throw new SpeechError(recordingTooLarge(), 413);
  if (bytes.length === 0) throw new SpeechError(VOICE_MESSAGES.emptyRecording);
  const kind = sniffMedia(bytes);
  if (!kind) throw new SpeechError(VOICE_MESSAGES.notAudio, 415);
  let wav: Buffer;
  try {
    // One second more than allowed: a longer recording is told so rather than cut silently.
    wav = await run(
      "ffmpeg",
      // The container the bytes announced, read from the pipe alone: ffmpeg never opens a playlist,
      // a URL or a file a crafted upload names.
      [
        "-hide_banner",
        "-loglevel",
        "error",
        "-protocol_whitelist",
        "pipe",
        "-f",
        FFMPEG_FORMATS[kind],
        "-i",
        "pipe:0",
        "-t",
        String(MAX_SECONDS + 1),
        "-vn",
        "-ac",
        "1",
        "-ar",
        "16000",
        "-sample_fmt",
        "s16",
        "-f",
        "wav",
        "pipe:1",
      ],
      bytes,
      timeoutMs,
      signal,
    );
  } catch (error) {
    if (error instanceof SpeechError) throw error;
    throw new SpeechError(VOICE_MESSAGES.notAudio, 415);
  }
  const seconds = Math.max(0, wav.length - 44) / (16000 * 2);
  if (seconds > MAX_SECONDS + 0.5) throw new SpeechError(VOICE_MESSAGES.tooLong(MAX_SECONDS), 413);
  if (seconds < 0.3) throw new SpeechError(VOICE_MESSAGES.emptyRecording);
  return { wav, seconds };
}
