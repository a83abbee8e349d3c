// The embedded engine end to end (issue 15): the spoken corpus's recordings (espeak-ng, tests/voice/),
// recognised by PocketSphinx against the list grammar of the demo catalogue's words. Skipped
// where Debian's packages are not installed (.ci/run installs them).
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { parseCatalogFile } from "../../domain/catalog-file.ts";
import { projectPath } from "../project-root.server.ts";
import { readSegmentation, spellOut } from "./pocketsphinx.server.ts";
import { toSpeechWav } from "./media.server.ts";
import { heardClearly, VOICE_MESSAGES } from "../../domain/voice-order.ts";
import { createPocketsphinxEngine } from "./speech.server.ts";
import { pocketsphinxInstalled } from "./pocketsphinx.server.ts";

const parsed = parseCatalogFile(fs.readFileSync(projectPath("scripts", "demo-catalog.json"), "utf8"), "json");
const words = parsed.ok ? parsed.file.products.map((p) => p.title) : [];

describe("the embedded speech engine", () => {
  it("spells out words the dictionary lacks", () => {
    expect(spellOut("chawal")).toBe("CH AH W AH L");
    expect(spellOut("badam")).toBe("B AH D AH M");
    expect(spellOut("kishmish")).toBe("K IH SH M IH SH");
  });

  it("reads the words heard and their times, a segment for each item", () => {
    const line =
      "in-1 S 0 T -9954 A -9280 L -674 0 -377 -337 <sil> 14 -514 0 two 33 -3196 0 kilo(2) 78 -1554 0 rice 102 -100 0 and 120 -1949 0 dal(2) 131 0 0 (NULL) 132 -1690 -337 <sil> 198";
    expect(readSegmentation(line)).toEqual({
      text: "two kilo rice and dal",
      segments: [
        { start: 0.14, end: 1.02, text: "two kilo rice" },
        { start: 1.2, end: 1.31, text: "dal" },
      ],
    });
    expect(readSegmentation("in-1 S 0 T 0 A 0 L 0 0 -377 -337 <sil> 40")).toEqual({ text: "", segments: [] });
  });

  // Recordings of the spoken corpus (tests/voice/, npm run voice:corpus), heard against the demo catalogue.
  const corpus = (name: string) => ({ audio: new Blob([fs.readFileSync(projectPath("tests", "voice", "audio", `${name}.ogg`))]), filename: `${name}.ogg`, type: "audio/ogg" });

  it.runIf(pocketsphinxInstalled())("hears 'two kilo basmati rice and one kilo toor dal' said by espeak-ng's Indian English voice, and offers it for checking", async () => {
    const engine = createPocketsphinxEngine({ concurrency: 1, timeoutMs: 30_000 });
    const heard = await engine.transcribe(corpus("basmati-toor-en-in-165"), async () => words);
    expect(heard).toMatchObject({ text: "do kilo basmati rice and one kilo toor dal", success: true, detected_language: "en", filename: "basmati-toor-en-in-165.ogg" });
    expect(heard.segments.length).toBeGreaterThan(0);
    // Never sure (decision 089): on the corpus it heard a wrong name alike three times over.
    expect(heardClearly(heard.confidence)).toBe(false);
  });

  it.runIf(pocketsphinxInstalled())("is not sure of what it mishears the same way every time, nor of anything on a Hindi page", async () => {
    const engine = createPocketsphinxEngine({ concurrency: 1, timeoutMs: 30_000 });
    // 'one kilo rajma and one kilo kabuli chana': the chana is heard as chakki atta, every time.
    const misheard = await engine.transcribe(corpus("rajma-kabuli-en-165"), async () => words);
    expect(misheard.text).toBe("one kilo rajmah and one kilo chakki aata");
    expect(heardClearly(misheard.confidence)).toBe(false);
    const onHindiPage = await engine.transcribe({ ...corpus("basmati-toor-en-in-165"), language: "hi" }, async () => words);
    expect(heardClearly(onHindiPage.confidence)).toBe(false);
  });

  it.runIf(pocketsphinxInstalled())("refuses a recording longer than 60 seconds, and reads a short one", async () => {
    const silence = (seconds: number) =>
      execFileSync("ffmpeg", ["-loglevel", "error", "-f", "lavfi", "-i", "anullsrc=r=16000:cl=mono", "-t", String(seconds), "-f", "wav", "pipe:1"], { maxBuffer: 16 * 1024 * 1024 });
    await expect(toSpeechWav(silence(62), 30_000)).rejects.toThrow(VOICE_MESSAGES.tooLong(60));
    expect((await toSpeechWav(silence(5), 30_000)).seconds).toBeCloseTo(5, 1);
  });

  it.runIf(pocketsphinxInstalled())("reads WebM, MP4, Ogg and MP3 recordings as the browsers and phones make them", async () => {
    for (const [format, args] of [
      ["webm", ["-c:a", "libopus"]],
      ["mp4", ["-c:a", "aac", "-movflags", "frag_keyframe+empty_moov"]],
      ["ogg", ["-c:a", "libvorbis"]],
      ["mp3", []],
    ] as const) {
      const bytes = execFileSync("ffmpeg", ["-loglevel", "error", "-f", "lavfi", "-i", "sine=frequency=440:duration=2", ...args, "-f", format === "mp4" ? "ipod" : format, "pipe:1"], {
        maxBuffer: 16 * 1024 * 1024,
      });
      expect((await toSpeechWav(bytes, 30_000)).seconds, format).toBeCloseTo(2, 0);
    }
  });
});
