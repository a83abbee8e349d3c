// Sarvam AI's speech to text (issue 44) against its stand-in (tests/standins/sarvam.ts): the call as
// its documentation writes it, the page's language, the catalogue's names as key terms for a model
// that takes them, and every failure said as 'type your list instead' (or 'busy' for its rate
// limit), never a guessed basket.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { VOICE_MESSAGES } from "../../app/domain/voice-order.ts";
import { createSarvamEngine, keytermsOf } from "../../app/server/speech/sarvam.server.ts";
import { SpeechError, speechProviderOf } from "../../app/server/speech/speech.server.ts";
import { startSarvamStandin, type SarvamStandin } from "../standins/sarvam.ts";
import { silentWav } from "../wav.ts";

describe("Sarvam's speech to text", () => {
  let standin: SarvamStandin;
  beforeAll(async () => {
    standin = await startSarvamStandin({
      key: "sarvam-key",
      hear: (_bytes, fields) => (fields.language_code === "hi-IN" ? "दो किलो बासमती चावल और एक किलो तूर दाल" : "do kilo basmati chawal aur ek kilo toor dal"),
    });
  });
  afterAll(async () => {
    await standin?.close();
  });
  const recording = (language?: "en" | "hi") => ({ audio: new Blob([silentWav(3200)]), filename: "audio.wav", type: "audio/wav", ...(language ? { language } : {}) });
  const titles = async () => ["Basmati Rice", "Toor Dal", "Almonds"];
  const engine = (model = "saaras:v3", key = "sarvam-key", timeoutMs = 5000) => createSarvamEngine({ url: standin.url, key, model, concurrency: 1, timeoutMs });

  it("sends the recording, the model, codemix and the page's language with the key, and reads the transcript", async () => {
    const heard = await engine().transcribe(recording("hi"), titles);
    expect(heard).toMatchObject({ text: "दो किलो बासमती चावल और एक किलो तूर दाल", detected_language: "hi-IN", model_used: "sarvam saaras:v3", filename: "audio.wav", success: true });
    expect(standin.received.at(-1)).toEqual({ fields: { model: "saaras:v3", mode: "codemix", language_code: "hi-IN" }, filename: "audio.wav", size: 3244 });
    // The English page lets Sarvam find the language: its shoppers say Hinglish too.
    const english = await engine().transcribe(recording("en"), titles);
    expect(english.text).toBe("do kilo basmati chawal aur ek kilo toor dal");
    expect(standin.received.at(-1)!.fields.language_code).toBe("unknown");
  });

  it("gives a model that takes key terms the catalogue's names, within Sarvam's limits", async () => {
    await engine("saaras:v4").transcribe(recording("hi"), titles);
    expect(JSON.parse(standin.received.at(-1)!.fields.keyterms!)).toEqual(["Basmati Rice", "Toor Dal", "Almonds"]);
    const many = Array.from({ length: 80 }, (_, i) => `Product ${i}`);
    expect(keytermsOf([...many, "x".repeat(65)])).toHaveLength(50);
    expect(keytermsOf(["  Toor   Dal ", "Toor Dal", "y".repeat(65)])).toEqual(["Toor Dal"]);
  });

  it("says 'type your list instead' for a wrong key, no credit, a refused recording, a bad answer or nothing heard; 'busy' for its rate limit", async () => {
    await expect(engine("saaras:v3", "wrong").transcribe(recording(), titles)).rejects.toThrow(VOICE_MESSAGES.couldNotHear);
    standin.failWith("rate-limit");
    await expect(engine().transcribe(recording(), titles)).rejects.toThrow(VOICE_MESSAGES.busy);
    standin.failWith("no-credit");
    await expect(engine().transcribe(recording(), titles)).rejects.toThrow(VOICE_MESSAGES.couldNotHear);
    standin.failWith(null);
    // Over Sarvam's 30 seconds (16 kHz, 16-bit mono: 32,000 bytes a second).
    await expect(engine().transcribe({ ...recording(), audio: new Blob([silentWav(32_000 * 31)]) }, titles)).rejects.toThrow(VOICE_MESSAGES.couldNotHear);
    const silent = await startSarvamStandin({ key: "k", hear: () => "  " });
    try {
      await expect(createSarvamEngine({ url: silent.url, key: "k", model: "saaras:v3", concurrency: 1, timeoutMs: 5000 }).transcribe(recording(), titles)).rejects.toThrow(
        VOICE_MESSAGES.couldNotHear,
      );
    } finally {
      await silent.close();
    }
    const dead = createSarvamEngine({ url: "http://127.0.0.1:9", key: "k", model: "saaras:v3", concurrency: 1, timeoutMs: 5000 });
    await expect(dead.transcribe(recording(), titles)).rejects.toThrow(VOICE_MESSAGES.couldNotHear);
  });

  it("sends nothing that is not a recording, and gives up after its time limit", async () => {
    const before = standin.received.length;
    await expect(engine().transcribe({ ...recording(), audio: new Blob(["just text"]) }, titles)).rejects.toThrow(VOICE_MESSAGES.notAudio);
    await expect(engine().transcribe({ ...recording(), audio: new Blob([]) }, titles)).rejects.toThrow(VOICE_MESSAGES.emptyRecording);
    expect(standin.received.length).toBe(before);
    const slow = await startSarvamStandin({ key: "k", hear: () => "late", delayMs: 2000 });
    try {
      const hurried = createSarvamEngine({ url: slow.url, key: "k", model: "saaras:v3", concurrency: 1, timeoutMs: 300 });
      const failure = await hurried.transcribe(recording(), titles).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(SpeechError);
      expect(failure).toMatchObject({ message: VOICE_MESSAGES.couldNotHear, status: 504 });
    } finally {
      await slow.close();
    }
  });
});

describe("which provider hears the shop", () => {
  const env = (over: Partial<Parameters<typeof speechProviderOf>[0]> = {}) => ({ SPEECH_ENGINE: "auto" as const, ...over });
  const installed = () => true;
  const missing = () => false;

  const google = { GOOGLE_SPEECH_PROJECT: "haat-speech", GOOGLE_SPEECH_ACCESS_TOKEN: "t" };

  it("takes Sarvam when its key is set, else Google when its project and a token or key are, else the specification's service, else the embedded engine", () => {
    expect(speechProviderOf(env({ SARVAM_API_KEY: "k", ...google, TRANSCRIBE_URL: "http://s/transcribe" }), installed)).toBe("sarvam");
    expect(speechProviderOf(env({ ...google, TRANSCRIBE_URL: "http://s/transcribe" }), installed)).toBe("google");
    expect(speechProviderOf(env({ GOOGLE_SPEECH_PROJECT: "haat-speech", GOOGLE_SPEECH_API_KEY: "k" }), missing)).toBe("google");
    // A project without a token or key, or a token without a project, is not Google.
    expect(speechProviderOf(env({ GOOGLE_SPEECH_PROJECT: "haat-speech", TRANSCRIBE_URL: "http://s/transcribe" }), installed)).toBe("http");
    expect(speechProviderOf(env({ GOOGLE_SPEECH_ACCESS_TOKEN: "t" }), installed)).toBe("pocketsphinx");
    expect(speechProviderOf(env({ TRANSCRIBE_URL: "http://s/transcribe" }), installed)).toBe("http");
    expect(speechProviderOf(env(), installed)).toBe("pocketsphinx");
    expect(speechProviderOf(env(), missing)).toBeNull();
  });

  it("takes the one SPEECH_PROVIDER names, or the older SPEECH_ENGINE's, and none when it lacks what it needs", () => {
    expect(speechProviderOf(env({ SPEECH_PROVIDER: "pocketsphinx", SARVAM_API_KEY: "k" }), installed)).toBe("pocketsphinx");
    expect(speechProviderOf(env({ SPEECH_PROVIDER: "http", TRANSCRIBE_URL: "http://s/transcribe", SARVAM_API_KEY: "k" }), installed)).toBe("http");
    expect(speechProviderOf(env({ SPEECH_ENGINE: "remote", TRANSCRIBE_URL: "http://s/transcribe" }), installed)).toBe("http");
    expect(speechProviderOf(env({ SPEECH_PROVIDER: "google", SARVAM_API_KEY: "k", ...google }), installed)).toBe("google");
    expect(speechProviderOf(env({ SPEECH_PROVIDER: "sarvam", SARVAM_API_KEY: "k", ...google }), installed)).toBe("sarvam");
    expect(speechProviderOf(env({ SPEECH_PROVIDER: "sarvam" }), installed)).toBeNull();
    expect(speechProviderOf(env({ SPEECH_PROVIDER: "google", GOOGLE_SPEECH_PROJECT: "haat-speech" }), installed)).toBeNull();
    expect(speechProviderOf(env({ SPEECH_PROVIDER: "google", GOOGLE_SPEECH_API_KEY: "k" }), installed)).toBeNull();
    expect(speechProviderOf(env({ SPEECH_PROVIDER: "http" }), installed)).toBeNull();
    expect(speechProviderOf(env({ SPEECH_PROVIDER: "off", SARVAM_API_KEY: "k" }), installed)).toBeNull();
    expect(speechProviderOf(env({ SPEECH_ENGINE: "off" }), installed)).toBeNull();
  });
});
