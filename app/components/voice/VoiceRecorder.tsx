import { useEffect, useRef, useState } from "react";
import { recordingName, VOICE_MESSAGES } from "../../domain/voice-order.ts";
import { voice } from "../forms.ts";
import { useI18n } from "../i18n.tsx";

/** The formats MediaRecorder is asked for, best first (Specification: Voice ordering). */
const FORMATS = ["audio/webm;codecs=opus", "audio/webm", "audio/mp4"];
const CHUNK_MS = 1000;
/** The server takes at most a minute: recording stops itself there. */
const MAX_SECONDS = 60;

type Submit = (form: FormData) => void;

/**
 * Start and Stop (with JavaScript): records with MediaRecorder, a chunk every second, a red
 * indicator while recording; on Stop the recording is posted like an upload. An empty recording
 * is refused here, with the specification's words.
 */
export function VoiceRecorder({ submit, onAudio, onStart, busy }: { submit: Submit; onAudio: (url: string | null) => void; onStart: () => void; busy: boolean }) {
  const [recording, setRecording] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [seconds, setSeconds] = useState(0);
  const recorder = useRef<MediaRecorder | null>(null);
  const chunks = useRef<Blob[]>([]);
  const ticker = useRef<ReturnType<typeof setInterval> | null>(null);
  const i18n = useI18n();

  useEffect(
    () => () => {
      recorder.current?.stream.getTracks().forEach((t) => t.stop());
      if (ticker.current) clearInterval(ticker.current);
    },
    [],
  );

  async function start() {
    setError(null);
    // A new recording: the last one's transcript, segments and meta go (Specification: Voice ordering).
    onStart();
    onAudio(null);
    chunks.current = [];
    if (!navigator.mediaDevices?.getUserMedia || typeof MediaRecorder === "undefined") {
      setError(i18n._("This browser cannot record audio here. Upload a recording or type your list instead."));
      return;
    }
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch {
      setError(i18n._("Microphone permission was denied. Allow the microphone, or upload a recording instead."));
      return;
    }
    const mimeType = FORMATS.find((f) => MediaRecorder.isTypeSupported(f));
    const rec = new MediaRecorder(stream, mimeType ? { mimeType } : undefined);
    rec.ondataavailable = (e) => {
      if (e.data.size > 0) chunks.current.push(e.data);
    };
    rec.onstop = () => {
      stream.getTracks().forEach((t) => t.stop());
      const type = rec.mimeType || mimeType || "audio/webm";
      const blob = new Blob(chunks.current, { type });
      if (blob.size === 0) {
        setError(i18n._(VOICE_MESSAGES.emptyRecording));
        return;
      }
      onAudio(URL.createObjectURL(blob));
      const form = new FormData();
      form.set("intent", voice.intent("transcribe").value);
      form.set(voice.field("transcribe", "audio"), new File([blob], recordingName(type), { type }));
      submit(form);
    };
    rec.start(CHUNK_MS);
    recorder.current = rec;
    setRecording(true);
    // How long it has been recording: the shopper sees their words are being taken.
    const began = Date.now();
    setSeconds(0);
    ticker.current = setInterval(() => {
      const elapsed = Math.floor((Date.now() - began) / 1000);
      setSeconds(elapsed);
      if (elapsed >= MAX_SECONDS) stop();
    }, 250);
  }

  function stop() {
    recorder.current?.stop();
    recorder.current = null;
    setRecording(false);
    if (ticker.current) clearInterval(ticker.current);
  }

  return (
    <div className="flex flex-wrap items-center gap-3">
      <button type="button" onClick={start} disabled={recording || busy} className="rounded-md bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800 disabled:opacity-50">
        {i18n._("Start")}
      </button>
      <button type="button" onClick={stop} disabled={!recording} className="rounded-md border border-stone-400 px-4 py-2 font-semibold disabled:opacity-50">
        {i18n._("Stop")}
      </button>
      {recording && (
        <span className="flex items-center gap-2 text-sm font-semibold text-red-700">
          <span aria-hidden="true" className="inline-block h-3 w-3 animate-pulse rounded-full bg-red-600" />
          {/* 'Recording' is announced once; the running time is there to see, not read out every second. */}
          <span role="status">{i18n._("Recording…")}</span>
          <span aria-hidden="true">
            {Math.floor(seconds / 60)}:{String(seconds % 60).padStart(2, "0")}
          </span>
        </span>
      )}
      {error && (
        <p role="alert" className="w-full text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
