// Makes the spoken corpus's audio (issue 44) from tests/voice/corpus.json: each order said by
// espeak-ng in each take of its language, some with pink noise under it, written as 16 kHz mono
// Opus in tests/voice/audio/. The files are kept in the repository, so a bench measures the same
// sounds on every machine; run this again only when the corpus changes.
//
//   npm run voice:corpus          (tests/voice/make-audio.ts; needs Debian's espeak-ng and ffmpeg)
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { AUDIO_DIR, readCorpus } from "./corpus.ts";

const { recordings } = readCorpus();
fs.rmSync(AUDIO_DIR, { recursive: true, force: true });
fs.mkdirSync(AUDIO_DIR, { recursive: true });
const work = fs.mkdtempSync(path.join(os.tmpdir(), "haat-voice-corpus-"));
try {
  recordings.forEach(({ order, take, file }, n) => {
    const wav = path.join(work, "said.wav");
    execFileSync("espeak-ng", ["-v", take.voice, "-s", String(take.speed), "-w", wav, order.text]);
    // Half a second of quiet either side, as a shopper pauses before and after speaking.
    const voice = "[0:a]aresample=16000,pan=mono|c0=c0,adelay=500:all=1,apad=pad_dur=0.5[v]";
    const filter = take.noise
      ? // Pink noise at a fixed seed per recording (the same file every time), about 15 dB under the voice.
        `${voice};anoisesrc=color=pink:amplitude=0.04:sample_rate=16000:seed=${n + 1}[n];[v][n]amix=inputs=2:duration=first:normalize=0[out]`
      : `${voice};[v]anull[out]`;
    execFileSync("ffmpeg", [
      "-hide_banner",
      "-loglevel",
      "error",
      "-y",
      "-i",
      wav,
      "-filter_complex",
      filter,
      "-map",
      "[out]",
      "-ac",
      "1",
      "-ar",
      "16000",
      "-c:a",
      "libopus",
      "-b:a",
      "24k",
      "-map_metadata",
      "-1",
      "-fflags",
      "+bitexact",
      file,
    ]);
  });
} finally {
  fs.rmSync(work, { recursive: true, force: true });
}
const bytes = recordings.reduce((sum, r) => sum + fs.statSync(r.file).size, 0);
console.log(`${recordings.length} recordings in ${path.relative(process.cwd(), AUDIO_DIR)} (${Math.round(bytes / 1024)} kB)`);
