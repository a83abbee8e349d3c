// Voice ordering's forms (issue 15): a recording (recorded in the page, or uploaded) turned into
// a transcript, and the found items put in the cart together. Finding a list's items needs no
// form post: it is the page's query string (/voicesearch?list=…), for a typed list and for a
// transcript the shopper has checked alike.
import { localeIn } from "../i18n.server.ts";
import { z } from "zod";
import { productReference } from "../../domain/form-fields.ts";
import { safePath } from "../../domain/safe-path.ts";
import { heardClearly, LIST_MAX_CHARS, recordingName, VOICE_MESSAGES } from "../../domain/voice-order.ts";
import { clientAddressOf } from "../context.server.ts";
import { appEnv } from "../env.server.ts";
import { errorFields, log } from "../log.server.ts";
import type { Transcript } from "../speech/speech.server.ts";
import { SpeechError, speechEngine } from "../speech/speech.server.ts";
import { defineForm, intent, openIntent, Refused } from "./pipeline.server.ts";

/**
 * What a transcription answers: the transcript and the engine. It is not matched yet: the page
 * shows it in a box the shopper may correct, and finding its items is the typed list's GET
 * (issue 41 item 14: a misheard word is put right before anything is looked up).
 */
export interface Transcribed {
  transcript: Transcript;
  engine: string;
  /** The provider was unsure of its words (below VOICE_TRUSTED_CONFIDENCE): its items arrive unticked. */
  unsure: boolean;
}

/** The page showing a list: where a signed-out shopper comes back to after signing in. */
export function listPath(list: string): string {
  // A return path is at most 2000 characters (safePath): a longer list keeps as many items as fit.
  let text = list.slice(0, LIST_MAX_CHARS);
  while (text && encodeURIComponent(text).length > 1900) text = text.slice(0, text.lastIndexOf(",") > 0 ? text.lastIndexOf(",") : Math.floor(text.length * 0.9));
  return safePath(`/voicesearch?list=${encodeURIComponent(text)}`, "/voicesearch");
}

export const voiceForm = defineForm({
  action: "/voicesearch",
  fetcher: true,
  // A recording is refused before a byte of it is read: no engine, the connection's limit, or
  // no room in the engine's queue for it and the uploads already coming (issue 25 item 7).
  async beforeUpload({ useCases, context }) {
    const engine = speechEngine(appEnv());
    if (!engine) throw new Refused(VOICE_MESSAGES.notConfigured, 503);
    if (!(await useCases.limits.hitLimit("voicePerAddress", clientAddressOf(context))).allowed) throw new Refused(VOICE_MESSAGES.busy, 429);
    try {
      return engine.admit();
    } catch (error) {
      if (error instanceof SpeechError) throw new Refused(error.message, error.status);
      throw error;
    }
  },
  intents: {
    // Only as an upload (multipart), so beforeUpload has run for it.
    transcribe: openIntent(z.object({ audio: z.file({ error: VOICE_MESSAGES.nothingToSend }) }), async ({ reads, value, request, context }) => {
      const engine = speechEngine(appEnv());
      if (!engine) throw new Refused(VOICE_MESSAGES.notConfigured, 503);
      if (value.audio.size === 0) throw new Refused(VOICE_MESSAGES.emptyRecording, 400, "audio");
      try {
        const filename = value.audio.name && value.audio.name !== "blob" ? value.audio.name.slice(0, 100) : recordingName(value.audio.type);
        const transcript = await engine.transcribe({ audio: value.audio, filename, type: value.audio.type, language: localeIn(context) }, () => reads.catalog.titles(), request.signal);
        return { stay: true, data: { transcript, engine: engine.name, unsure: !heardClearly(transcript.confidence) } satisfies Transcribed };
      } catch (error) {
        if (error instanceof SpeechError) throw new Refused(error.message, error.status, "audio");
        // The engine itself failing (a crash, a missing tool) says what the specification says.
        log.error("transcription failed", { ...errorFields(error) });
        throw new Refused(VOICE_MESSAGES.transcriptionFailed, 502, "audio");
      }
    }),
    // The found items, each with the quantity the shopper left in its box, into the cart in one post.
    add: intent(
      z.object({
        list: z
          .string()
          .max(LIST_MAX_CHARS * 2)
          .default(""),
        add: z.array(productReference, { error: VOICE_MESSAGES.noneChosen }).min(1, VOICE_MESSAGES.noneChosen).max(60),
      }),
      async ({ useCases, customer, value, form }) => {
        // The quantity each line's box was left at (qty-REF); the use case keeps it within the cart's bounds.
        const quantityOf = (reference: string) => {
          const wanted = Number(form.get(`qty-${reference}`) ?? 1);
          return Number.isFinite(wanted) ? wanted : 1;
        };
        const { added, type, message } = await useCases.addLines.addVoiceOrder(
          customer,
          [...new Set(value.add)].map((reference) => ({ internalReference: reference, quantity: quantityOf(reference) })),
        );
        return { to: added === 0 ? listPath(value.list) : "/addtocart", toast: { type, message } };
      },
      {
        // Signed out: to sign in, then back to the same list.
        signedOut: ({ value }) => ({
          to: `/signin?return_to=${encodeURIComponent(listPath(value.list))}`,
          toast: { type: "info", message: /*i18n*/ "Please sign in to add these items to your cart." },
        }),
      },
    ),
  },
});
