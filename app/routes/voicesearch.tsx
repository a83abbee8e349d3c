// /voicesearch: order by voice or by a typed list (Specification: Voice ordering; issue 15). Record (with
// JavaScript) or upload a recording: the server transcribes it and the shopper checks the
// transcript, then finds its items; or type or paste the list. Finding items is a plain GET
// (?list=…), so it works anywhere and can be shared. The chosen items go to the cart together.
import { waysIn } from "../server/ways-in.server.ts";
import { useEffect, useState } from "react";
import { Form, useFetcher } from "react-router";
import { useHydrated } from "remix-utils/use-hydrated";
import { voice } from "../components/forms.ts";
import { carryMessages, i18nFor, useI18n } from "../components/i18n.tsx";
import { pageMeta } from "../components/seo.ts";
import { localeOfMatches, originOf } from "../components/root-data.ts";
import { VoiceItems } from "../components/voice/VoiceItems.tsx";
import { VoiceRecorder } from "../components/voice/VoiceRecorder.tsx";
import { refusalOf, type FormReply } from "../domain/form-reply.ts";
import { LIST_MAX_CHARS, VOICE_MESSAGES } from "../domain/voice-order.ts";

/** The server's cap on a recording (app/server/speech/media.server.ts), said before it is sent. */
const MAX_UPLOAD_MB = 10;
import { appEnv } from "../server/env.server.ts";
import { voiceForm, type Transcribed } from "../server/forms/voice.server.ts";
import { speechEngine } from "../server/speech/speech.server.ts";
import type { Route } from "./+types/voicesearch";

export async function loader({ context, url }: Route.LoaderArgs) {
  const raw = url.searchParams.get("list") ?? "";
  const list = raw.slice(0, LIST_MAX_CHARS);
  // A transcript the provider was unsure of, sent on unchanged, ticks nothing (issue 44); a word
  // the shopper corrected makes it their list.
  const unsure = url.searchParams.get("unsure");
  const doubted = unsure !== null && unsure.trim() === list.trim();
  const order = list.trim() ? await waysIn(context).reads.catalog.voiceOrder(list, { unsure: doubted }) : null;
  const engine = speechEngine(appEnv());
  // 'Find items' with an empty box is said, not ignored.
  const empty = url.searchParams.has("list") && !list.trim();
  return { list, doubted, order, tooLong: raw.length > LIST_MAX_CHARS, empty, engine: engine?.name ?? null };
}

export const action = voiceForm.run;

export default function VoiceSearch({ loaderData, actionData }: Route.ComponentProps) {
  const { list, doubted, order, tooLong, empty, engine } = loaderData;
  const fetcher = useFetcher<FormReply>({ key: "voice" });
  const hydrated = useHydrated();
  const [audio, setAudio] = useState<string | null>(null);
  useEffect(() => () => void (audio && URL.revokeObjectURL(audio)), [audio]);

  const reply = (fetcher.state === "idle" ? fetcher.data : undefined) ?? actionData;
  // Start clears the transcript shown until the next one comes.
  const [cleared, setCleared] = useState<unknown>(null);
  const transcribed = reply !== cleared && reply?.ok && reply.intent === "transcribe" ? (reply.data as Transcribed) : null;
  const refusal = refusalOf(reply);
  const busy = fetcher.state !== "idle";
  // Items are found only for a list: typed, or a transcript the shopper has checked.
  const shown = order && !transcribed ? { list, order, doubted } : null;
  const i18n = useI18n();
  // The recorder's buttons come once hydrated: their messages go with the page (a Hindi page carries them).
  carryMessages(i18n, ["Start", "Stop"]);

  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <h1 className="text-2xl font-semibold">{i18n._("Order by voice")}</h1>
      <p className="mt-1 text-stone-700">{i18n._("Say or type your list, such as “do kilo chawal, ek kilo toor dal aur aadha kilo badam”, and add what we find to your cart.")}</p>

      <section aria-labelledby="voice-record-title" className="mt-6 rounded-lg border border-stone-200 p-4">
        <h2 id="voice-record-title" className="text-lg font-semibold">
          {i18n._("Speak or upload")}
        </h2>
        {engine ? (
          <div className="mt-3 space-y-3">
            {hydrated && (
              <VoiceRecorder
                busy={busy}
                onAudio={setAudio}
                onStart={() => setCleared(reply)}
                submit={(form) => fetcher.submit(form, { method: "post", action: voice.action, encType: "multipart/form-data" })}
              />
            )}
            <fetcher.Form method="post" action={voice.action} encType="multipart/form-data" className="flex flex-wrap items-center gap-3 text-sm">
              <input type="hidden" {...voice.intent("transcribe")} />
              <label className="flex flex-col">
                {i18n._("Upload a recording (audio or video)")}
                <input
                  type="file"
                  name={voice.field("transcribe", "audio")}
                  accept="audio/*,video/*"
                  required
                  className="mt-1"
                  onChange={(e) => {
                    const file = e.currentTarget.files?.[0];
                    // Too large is said here, before minutes of uploading on a slow connection.
                    const tooLarge = file && file.size > MAX_UPLOAD_MB * 1024 * 1024;
                    e.currentTarget.setCustomValidity(tooLarge ? i18n._(VOICE_MESSAGES.tooLarge(MAX_UPLOAD_MB)) : "");
                    e.currentTarget.reportValidity();
                    setAudio(file && !tooLarge ? URL.createObjectURL(file) : null);
                  }}
                />
              </label>
              <button type="submit" disabled={busy} className="rounded-md border border-brand-700 px-4 py-2 font-semibold text-brand-800 hover:bg-brand-50">
                {i18n._("Upload")}
              </button>
            </fetcher.Form>
            {audio ? (
              // The shopper's own recording: its transcript, shown below, is its caption.
              // eslint-disable-next-line jsx-a11y/media-has-caption
              <audio controls src={audio} className="w-full" aria-label={i18n._("Your recording")} />
            ) : (
              <p className="text-sm text-stone-600">{i18n._("No audio yet")}</p>
            )}
            {/* Mounted before it fills, so screen readers announce it. */}
            <p role="status" className="min-h-5 text-sm font-medium">
              {busy ? i18n._("Transcribing…") : ""}
            </p>
            {refusal?.intent === "transcribe" || (refusal && !refusal.intent) ? (
              <p role="alert" className="text-sm text-red-700">
                {i18n._(refusal.error)}
              </p>
            ) : null}
          </div>
        ) : (
          <p className="mt-2 text-sm text-stone-700">{i18n._(VOICE_MESSAGES.notConfigured)}</p>
        )}
        {transcribed && (
          // The transcript in a box the shopper may correct, then 'Find items': the typed list's
          // GET, so a misheard word is put right before anything is looked up (issue 41 item 14).
          <section aria-labelledby="voice-transcript-title" className="mt-4 space-y-2 text-sm">
            <h3 id="voice-transcript-title" className="font-semibold">
              {i18n._("Transcript")}
            </h3>
            {!transcribed.transcript.text && (
              <p role="alert" className="text-red-700">
                {i18n._(VOICE_MESSAGES.nothingToSend)}
              </p>
            )}
            <Form method="get" className="space-y-2" onSubmit={() => setCleared(reply)}>
              <p id="voice-transcript-hint" className="text-stone-700">
                {i18n._(transcribed.unsure ? VOICE_MESSAGES.heardUnsure : "Check what we heard and correct any word, then find the items.")}
              </p>
              {transcribed.unsure && <input type="hidden" name="unsure" value={transcribed.transcript.text} />}
              <textarea
                id="voice-transcript"
                name="list"
                rows={3}
                maxLength={LIST_MAX_CHARS}
                aria-labelledby="voice-transcript-title"
                aria-describedby="voice-transcript-hint"
                defaultValue={transcribed.transcript.text}
                key={transcribed.transcript.text}
                className="block w-full rounded-md border border-stone-300 px-3 py-2 text-base"
              />
              <button type="submit" className="rounded-md bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800">
                {i18n._("Find items")}
              </button>
            </Form>
            <ol aria-label={i18n._("Timed segments")} className="max-h-40 overflow-y-auto rounded border border-stone-200 p-2">
              {transcribed.transcript.segments.map((s, i) => (
                <li key={i}>
                  <span className="text-stone-600">
                    {s.start.toFixed(1)}–{s.end.toFixed(1)} s
                  </span>{" "}
                  {s.text}
                </li>
              ))}
            </ol>
            <p className="text-stone-600">
              {i18n._("Language: {language} · Engine: {engine} ({model}) · {seconds} s", {
                language: transcribed.transcript.detected_language,
                engine: transcribed.engine,
                model: transcribed.transcript.model_used,
                seconds: transcribed.transcript.total_time,
              })}
            </p>
          </section>
        )}
      </section>

      <section aria-labelledby="voice-type-title" className="mt-6 rounded-lg border border-stone-200 p-4">
        <h2 id="voice-type-title" className="text-lg font-semibold">
          {i18n._("Type or paste your list")}
        </h2>
        <Form method="get" className="mt-3 space-y-2">
          <label htmlFor="voice-list" className="text-sm font-medium">
            {i18n._("Your list (one item per line, or separated by commas)")}
          </label>
          <textarea
            id="voice-list"
            name="list"
            rows={4}
            maxLength={LIST_MAX_CHARS}
            defaultValue={list}
            key={list}
            className="block w-full rounded-md border border-stone-300 px-3 py-2"
          />
          {tooLong && (
            <p role="alert" className="text-sm text-red-700">
              {i18n._(VOICE_MESSAGES.listTooLong(LIST_MAX_CHARS))}
            </p>
          )}
          {empty && !transcribed && (
            <p role="alert" className="text-sm text-red-700">
              {i18n._(VOICE_MESSAGES.emptyList)}
            </p>
          )}
          <button type="submit" className="rounded-md bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800">
            {i18n._("Find items")}
          </button>
        </Form>
      </section>

      {refusal?.intent === "add" && (
        <p role="alert" className="mt-4 text-sm text-red-700">
          {i18n._(refusal.error)}
        </p>
      )}
      {shown &&
        (shown.order.items.length ? (
          // A new list is new rows: a tick left from the last list must not carry over to this one.
          <VoiceItems key={`${shown.doubted ? "doubted:" : ""}${shown.list}`} list={shown.list} items={shown.order.items} unmatched={shown.order.unmatched} />
        ) : (
          <p className="mt-6 text-stone-700">{i18n._(VOICE_MESSAGES.emptyList)}</p>
        ))}
    </div>
  );
}

// pageMeta adds " | Haat" to the title itself.
export const meta: Route.MetaFunction = ({ matches }) => {
  const i18n = i18nFor(localeOfMatches(matches));
  return pageMeta({
    title: i18n._("Order by voice"),
    description: i18n._("Say or type your shopping list and add it to your cart."),
    path: "/voicesearch",
    origin: originOf(matches),
    locale: i18n.locale,
  });
};
