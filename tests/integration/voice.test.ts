// Voice ordering through the Shop and the page's form (issue 41 item 14): a recording's transcript
// comes back to be checked, not matched; a list's items come with how sure each match is, so a
// misheard list does not arrive ticked; each found item has its product's picture.
import { silentWav } from "../wav.ts";
import { afterAll, describe, expect, it } from "vitest";
import type { FormReply } from "../../app/domain/form-reply.ts";
import { preTicked } from "../../app/domain/voice-order.ts";
import { startTranscribeStandin, type TranscribeStandin } from "../standins/transcribe.ts";
import { targets } from "./databases.ts";
import { routeContext, shopOn } from "./fixtures.ts";

// The speech engine is the specification's service (here its stand-in), read once from the
// configuration: set before anything reads it.
const standin: TranscribeStandin = await startTranscribeStandin({ key: "voice-key", hear: () => "two kilo atta and half kilo dal" });
process.env.TRANSCRIBE_URL = standin.url;
process.env.TRANSCRIBE_KEY = "voice-key";
process.env.SPEECH_ENGINE = "remote";
const { voiceForm } = await import("../../app/server/forms/voice.server.ts");
const { requestInfoContext } = await import("../../app/server/context.server.ts");

afterAll(async () => {
  await standin.close();
});

describe.each(targets)("voice ordering on $name", (target) => {
  const on = shopOn(target, { catalog: true }, { razorpay: null, publicOrigin: "https://shop.example.in", prepaidPercent: 0 });

  it("ticks what the list names clearly, each with its product's picture", async () => {
    const { items, unmatched } = await on.shop.catalog.voiceOrder("two kilo basmati rice, one kilo toor dal");
    expect(unmatched).toBe(0);
    expect(items.map((i) => [i.title, i.count, i.confidence, preTicked(i)])).toEqual([
      ["Haat Select Basmati Rice", 2, "clear", true],
      ["Haat Select Toor Dal (Unpolished)", 1, "clear", true],
    ]);
    expect(items.every((i) => i.image?.startsWith("/images/products/"))).toBe(true);
  });

  it("ticks none of a misheard list: each is found but asked about", async () => {
    const { items } = await on.shop.catalog.voiceOrder("atta, 500 g dal, cucumbers and potatoes");
    expect(items.map((i) => [i.found, i.confidence, preTicked(i)])).toEqual([
      [true, "unsure", false],
      [true, "unsure", false],
      [true, "unsure", false],
      [true, "unsure", false],
    ]);
  });

  it("answers a recording with its transcript to check, and finds no items before the shopper asks", async () => {
    const url = new URL("http://localhost:3000/voicesearch");
    const body = new FormData();
    body.set("intent", "transcribe");
    body.set("audio", new File([new Uint8Array(silentWav(3200))], "audio.wav", { type: "audio/wav" }));
    const request = new Request(url, { method: "POST", body, headers: { Origin: url.origin } });
    const context = routeContext(on.shop, null);
    context.set(requestInfoContext, { clientAddress: "127.0.0.1", requestId: "voice-test", route: null });
    const answer = (await voiceForm.run({ request, context, url })) as unknown as { data: FormReply } | Response;
    expect(answer).not.toBeInstanceOf(Response);
    const reply = (answer as { data: FormReply }).data;
    expect(reply).toMatchObject({ ok: true, intent: "transcribe" });
    const data = (reply as Extract<FormReply, { ok: true }>).data as Record<string, unknown>;
    expect(data).toMatchObject({ engine: "remote", transcript: { text: "two kilo atta and half kilo dal" } });
    expect(data).not.toHaveProperty("order");
  });
});
