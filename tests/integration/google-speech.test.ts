// Google Cloud Speech-to-Text v2 (issue 44) against its stand-in (tests/standins/google-speech.ts):
// the call as Google's documentation writes it, the page's language, the catalogue's names as an
// inline phrase set within Google's limits, its confidence, and every failure said as 'type your
// list instead' (or 'busy' for its quota), never a guessed basket.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { VOICE_MESSAGES } from "../../app/domain/voice-order.ts";
import { readEnv } from "../../app/server/env.server.ts";
import { confidenceOf, createGoogleSpeechEngine, googleSpeechSettings, googleSpeechUrl, phrasesOf } from "../../app/server/speech/google-speech.server.ts";
import { SpeechError } from "../../app/server/speech/speech.server.ts";
import { startGoogleSpeechStandin, type GoogleSpeechStandin, type Heard } from "../standins/google-speech.ts";
import { silentWav } from "../wav.ts";

describe("Google's speech to text", () => {
  let standin: GoogleSpeechStandin;
  // What the stand-in hears next; it checks the recording arrived byte for byte.
  let next: Heard[] = [];
  const sent = silentWav(3200);
  beforeAll(async () => {
    standin = await startGoogleSpeechStandin({
      project: "haat-speech",
      accessToken: "ya29.token",
      apiKey: "AIza-key",
      hear: (audio, config) => (Buffer.compare(Buffer.from(audio), sent) === 0 ? next : [{ transcript: `not the recording (${String(config.model)})` }]),
    });
  });
  afterAll(async () => {
    await standin?.close();
  });
  const recording = (language?: "en" | "hi") => ({ audio: new Blob([sent]), filename: "audio.wav", type: "audio/wav", ...(language ? { language } : {}) });
  const titles = async () => ["Basmati Rice", "Toor Dal", "Almonds"];
  type Options = Parameters<typeof createGoogleSpeechEngine>[0];
  const engine = (over: Partial<Options> = {}) =>
    createGoogleSpeechEngine({
      url: standin.url,
      project: "haat-speech",
      location: "us",
      recognizer: "_",
      model: "chirp_3",
      accessToken: "ya29.token",
      concurrency: 1,
      timeoutMs: 5000,
      ...over,
    });

  it("sends the recording as base64 with automatic decoding, the model, the page's languages and the names, and reads the transcript", async () => {
    next = [{ transcript: "दो किलो बासमती चावल और एक किलो तूर दाल", confidence: 0.91 }];
    const heard = await engine().transcribe(recording("hi"), titles);
    expect(heard).toEqual({
      text: "दो किलो बासमती चावल और एक किलो तूर दाल",
      segments: [],
      // Google's answer writes 'hi-in'; the shop writes the tag as it is sent.
      detected_language: "hi-IN",
      model_used: "google chirp_3",
      total_time: expect.any(Number),
      filename: "audio.wav",
      success: true,
      confidence: 0.91,
    });
    expect(standin.received.at(-1)).toEqual({
      project: "haat-speech",
      location: "us",
      recognizer: "_",
      auth: "token",
      config: {
        autoDecodingConfig: {},
        model: "chirp_3",
        languageCodes: ["hi-IN"],
        adaptation: { phraseSets: [{ inlinePhraseSet: { phrases: [{ value: "Basmati Rice" }, { value: "Toor Dal" }, { value: "Almonds" }], boost: 10 } }] },
      },
      audioBytes: sent.length,
    });
    // The English page lets Google choose between Indian English and Hindi: its shoppers say Hinglish too.
    next = [{ transcript: "do kilo basmati chawal" }];
    expect((await engine().transcribe(recording("en"), titles)).text).toBe("do kilo basmati chawal");
    expect(standin.received.at(-1)!.config.languageCodes).toEqual(["en-IN", "hi-IN"]);
    expect((await engine().transcribe(recording(), titles)).detected_language).toBe("en-IN");
  });

  it("joins Google's results, and takes the least sure of their confidences, leaving out those it did not set", async () => {
    next = [
      { transcript: "do kilo basmati chawal", confidence: 0.93 },
      { transcript: " aur ek kilo toor dal ", confidence: 0.62 },
    ];
    expect(await engine().transcribe(recording("en"), titles)).toMatchObject({ text: "do kilo basmati chawal aur ek kilo toor dal", confidence: 0.62 });
    next = [{ transcript: "do kilo basmati chawal" }];
    expect(await engine().transcribe(recording("en"), titles)).not.toHaveProperty("confidence");
    // 0 is Google's 'not set', not 'sure it is wrong'.
    expect(confidenceOf([{ alternatives: [{ confidence: 0 }] }, { alternatives: [{ confidence: 0.8 }] }])).toBe(0.8);
    expect(confidenceOf([{ alternatives: [{ confidence: 0 }] }, { alternatives: [] }, {}])).toBeUndefined();
  });

  it("sends the API key as x-goog-api-key when there is no token, and the token alone when there are both", async () => {
    next = [{ transcript: "ek kilo badam" }];
    await engine({ accessToken: null, apiKey: "AIza-key" }).transcribe(recording(), titles);
    expect(standin.received.at(-1)!.auth).toBe("key");
    await engine({ accessToken: "ya29.token", apiKey: "wrong-key" }).transcribe(recording(), titles);
    expect(standin.received.at(-1)!.auth).toBe("token");
  });

  it("gives Google the catalogue's names within its limits, and no phrase set for an empty catalogue", async () => {
    const catalogue = Array.from({ length: 1500 }, (_, i) => `Product ${i}`);
    expect(phrasesOf([...catalogue, "x".repeat(101)])).toHaveLength(1200);
    expect(phrasesOf(["  Toor   Dal ", "Toor Dal", "y".repeat(101), "z".repeat(100)])).toEqual(["Toor Dal", "z".repeat(100)]);
    next = [{ transcript: "ek kilo badam" }];
    await engine().transcribe(recording(), async () => catalogue);
    expect((standin.received.at(-1)!.config.adaptation as { phraseSets: { inlinePhraseSet: { phrases: unknown[] } }[] }).phraseSets[0]!.inlinePhraseSet.phrases).toHaveLength(1200);
    await engine().transcribe(recording(), async () => []);
    expect(standin.received.at(-1)!.config).not.toHaveProperty("adaptation");
  });

  it("is configured by GOOGLE_SPEECH_*: the defaults are a call Google takes, at the location's own host", async () => {
    const env = readEnv({ GOOGLE_SPEECH_PROJECT: "haat-speech", GOOGLE_SPEECH_ACCESS_TOKEN: "ya29.token" });
    expect(googleSpeechSettings(env)).toEqual({
      url: "https://us-speech.googleapis.com",
      project: "haat-speech",
      location: "us",
      recognizer: "_",
      model: "chirp_3",
      accessToken: "ya29.token",
      apiKey: null,
    });
    expect(googleSpeechUrl("global")).toBe("https://speech.googleapis.com");
    expect(googleSpeechUrl("eu")).toBe("https://eu-speech.googleapis.com");
    next = [{ transcript: "ek kilo badam" }];
    const configured = googleSpeechSettings(readEnv({ GOOGLE_SPEECH_PROJECT: "haat-speech", GOOGLE_SPEECH_ACCESS_TOKEN: "ya29.token", GOOGLE_SPEECH_URL: standin.url }))!;
    expect((await createGoogleSpeechEngine({ ...configured, concurrency: 1, timeoutMs: 5000 }).transcribe(recording("hi"), titles)).text).toBe("ek kilo badam");
    expect(googleSpeechSettings(readEnv({}))).toBeNull();
    // The names go into the call's path: nothing else gets there.
    expect(() => readEnv({ GOOGLE_SPEECH_PROJECT: "haat/../other" })).toThrow(/GOOGLE_SPEECH_PROJECT/);
    expect(() => readEnv({ GOOGLE_SPEECH_LOCATION: "us/x" })).toThrow(/GOOGLE_SPEECH_LOCATION/);
    expect(() => readEnv({ GOOGLE_SPEECH_RECOGNIZER: "_:recognize?" })).toThrow(/GOOGLE_SPEECH_RECOGNIZER/);
  });

  it("says 'type your list instead' for a wrong token or project, a refused call, Google failing, a bad answer or nothing heard; 'busy' for its quota", async () => {
    const fails = async (over: Partial<Options>, status: number, message: string = VOICE_MESSAGES.couldNotHear, audio: Blob = new Blob([sent])) => {
      const failure = await engine(over)
        .transcribe({ ...recording(), audio }, titles)
        .catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(SpeechError);
      // Google's own words go to the log, never to the page.
      expect(failure).toMatchObject({ message, status });
    };
    next = [{ transcript: "ek kilo badam" }];
    await fails({ accessToken: "expired" }, 502);
    await fails({ project: "someone-else" }, 502);
    // Chirp 3 is not at the global location.
    await fails({ location: "global" }, 502);
    await fails({ model: "no_such_model" }, 502);
    // Over Google's 60 seconds (16 kHz, 16-bit mono: 32,000 bytes a second).
    await fails({}, 502, VOICE_MESSAGES.couldNotHear, new Blob([silentWav(32_000 * 61)]));
    standin.failWith("rate-limit");
    await fails({}, 503, VOICE_MESSAGES.busy);
    standin.failWith("internal");
    await fails({}, 502);
    standin.failWith(null);
    next = [];
    await fails({}, 422);
    next = [{ transcript: "   " }];
    await fails({}, 422);
    await fails({ fetch: async () => new Response("<html>Bad gateway</html>", { status: 200 }) }, 502);
    await fails({ url: "http://127.0.0.1:9" }, 502);
  });

  it("sends nothing that is not a recording, and gives up after its time limit", async () => {
    const before = standin.received.length;
    await expect(engine().transcribe({ ...recording(), audio: new Blob(["just text"]) }, titles)).rejects.toThrow(VOICE_MESSAGES.notAudio);
    await expect(engine().transcribe({ ...recording(), audio: new Blob([]) }, titles)).rejects.toThrow(VOICE_MESSAGES.emptyRecording);
    expect(standin.received.length).toBe(before);
    const slow = await startGoogleSpeechStandin({ project: "p-slow1", accessToken: "t", hear: () => [{ transcript: "late" }], delayMs: 2000 });
    try {
      const hurried = createGoogleSpeechEngine({
        url: slow.url,
        project: "p-slow1",
        location: "us",
        recognizer: "_",
        model: "chirp_3",
        accessToken: "t",
        concurrency: 1,
        timeoutMs: 300,
      });
      const failure = await hurried.transcribe(recording(), titles).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(SpeechError);
      expect(failure).toMatchObject({ message: VOICE_MESSAGES.couldNotHear, status: 504 });
    } finally {
      await slow.close();
    }
  });
});
