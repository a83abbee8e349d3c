// Speech to text (issue 15): the specification's speech service contract against a local
// stand-in (tests/standins/transcribe.ts), its failures in the specification's words, the
// limit on recognitions at once, and recordings recognised by their bytes, not their names.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { VOICE_MESSAGES } from "../../app/domain/voice-order.ts";
import { sniffMedia, toSpeechWav } from "../../app/server/speech/media.server.ts";
import { recordingName } from "../../app/domain/voice-order.ts";
import { createRemoteEngine, limiter, SpeechError } from "../../app/server/speech/speech.server.ts";
import { startTranscribeStandin, type TranscribeStandin } from "../standins/transcribe.ts";
import { silentWav } from "../wav.ts";

describe("the speech service contract", () => {
  let standin: TranscribeStandin;
  beforeAll(async () => {
    standin = await startTranscribeStandin({ key: "standin-key", hear: (bytes) => `heard ${bytes.length} bytes` });
  });
  afterAll(async () => {
    await standin?.close();
  });
  const recording = { audio: new Blob([silentWav(3200)]), filename: "audio.wav", type: "audio/wav" };
  const titles = async () => [];

  it("sends the audio, language_code en and index 1 with the key, and reads every field of the answer", async () => {
    const engine = createRemoteEngine({ url: standin.url, key: "standin-key", concurrency: 1, timeoutMs: 5000 });
    const heard = await engine.transcribe(recording, titles);
    expect(heard).toEqual({
      text: "heard 3244 bytes",
      segments: [{ start: 0, end: 1.5, text: "heard 3244 bytes" }],
      detected_language: "en",
      model_used: "standin-whisper",
      total_time: 0.01,
      filename: "audio.wav",
      success: true,
    });
    expect(standin.received.at(-1)).toEqual({ fields: { language_code: "en", index: "1" }, filename: "audio.wav", size: 3244, key: "standin-key" });
  });

  it("says a failure as 'HTTP {status}: {body}', a bad answer as 'Transcription failed.', and a dead service as its error", async () => {
    const wrongKey = createRemoteEngine({ url: standin.url, key: "wrong", concurrency: 1, timeoutMs: 5000 });
    await expect(wrongKey.transcribe(recording, titles)).rejects.toThrow('HTTP 401: {"detail":"Invalid user-id"}');
    const engine = createRemoteEngine({ url: standin.url, key: "standin-key", concurrency: 1, timeoutMs: 5000 });
    standin.failWith(500, "");
    await expect(engine.transcribe(recording, titles)).rejects.toThrow(/^HTTP 500: Internal Server Error$/);
    standin.failWith(200, "not json");
    await expect(engine.transcribe(recording, titles)).rejects.toThrow(VOICE_MESSAGES.transcriptionFailed);
    standin.failWith(null);
    const dead = createRemoteEngine({ url: "http://127.0.0.1:9/transcribe", key: null, concurrency: 1, timeoutMs: 5000 });
    await expect(dead.transcribe(recording, titles)).rejects.toBeInstanceOf(SpeechError);
  });

  it("gives up after its time limit", async () => {
    const slow = await startTranscribeStandin({ key: "k", hear: () => "late", delayMs: 2000 });
    try {
      const engine = createRemoteEngine({ url: slow.url, key: "k", concurrency: 1, timeoutMs: 300 });
      await expect(engine.transcribe(recording, titles)).rejects.toThrow(VOICE_MESSAGES.timedOut);
    } finally {
      await slow.close();
    }
  });
});

describe("recognitions at once", () => {
  it("runs at most N, queues a few, and refuses the rest with a message", async () => {
    const limit = limiter(1, 1);
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let running = 0;
    let most = 0;
    const task = async () => {
      running++;
      most = Math.max(most, running);
      await gate;
      running--;
      return "done";
    };
    const first = limit(task);
    const second = limit(task);
    await expect(limit(task)).rejects.toThrow(VOICE_MESSAGES.busy);
    release();
    expect(await Promise.all([first, second])).toEqual(["done", "done"]);
    expect(most).toBe(1);
  });

  it("counts uploads still being read as waiting, and refuses a burst of them before a byte is read", async () => {
    const limit = limiter(1, 2);
    // Three places in all: three uploads are let in while nothing runs yet, the fourth is not.
    const reading = [limit.admit(), limit.admit(), limit.admit()];
    expect(() => limit.admit()).toThrow(VOICE_MESSAGES.busy);
    // One is read and runs; its place is taken by the running task, so still no room.
    reading[0]!();
    reading[0]!();
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const running = limit(() => gate);
    expect(() => limit.admit()).toThrow(VOICE_MESSAGES.busy);
    // An upload refused after being let in (too large, not audio) gives its place back.
    reading[1]!();
    const fourth = limit.admit();
    expect(() => limit.admit()).toThrow(VOICE_MESSAGES.busy);
    release();
    await running;
    fourth();
    reading[2]!();
  });
});

describe("recordings by their bytes", () => {
  it("knows audio and video containers, and nothing else, whatever the name", () => {
    expect(sniffMedia(silentWav(10))).toBe("wav");
    expect(sniffMedia(Buffer.from("OggS\0\x02\0\0\0\0\0\0\0\0"))).toBe("ogg");
    expect(sniffMedia(Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0, 0, 0, 0, 0, 0, 0, 0]))).toBe("webm");
    expect(sniffMedia(Buffer.from("\0\0\0\x18ftypmp42\0\0\0\0"))).toBe("mp4");
    expect(sniffMedia(Buffer.from("ID3\x04\0\0\0\0\0\0\0\0"))).toBe("mp3");
    expect(sniffMedia(Buffer.from("this is text, not a recording"))).toBeNull();
    expect(sniffMedia(Buffer.from("<html>not audio</html>"))).toBeNull();
    expect(recordingName("audio/webm;codecs=opus")).toBe("audio.webm");
    expect(recordingName("audio/mp4")).toBe("audio.mp4");
    expect(recordingName("audio/mpeg")).toBe("audio.mp3");
    expect(recordingName("audio/wav")).toBe("audio.wav");
    expect(recordingName("")).toBe("audio.webm");
  });

  it("refuses an empty recording, text, and what is too large, with the page's words", async () => {
    await expect(toSpeechWav(new Uint8Array(), 5000)).rejects.toThrow(VOICE_MESSAGES.emptyRecording);
    await expect(toSpeechWav(Buffer.from("this is text, not a recording at all"), 5000)).rejects.toThrow(VOICE_MESSAGES.notAudio);
    await expect(toSpeechWav(new Uint8Array(10 * 1024 * 1024 + 1), 5000)).rejects.toThrow(VOICE_MESSAGES.tooLarge(10));
  });
});
