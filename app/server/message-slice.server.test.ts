import { describe, expect, it } from "vitest";
import { recogniseEnglish } from "../domain/i18n/recognise.ts";
import { translate, formatMessage, type Catalogue } from "../domain/i18n/messages.ts";
import { MESSAGE_SLICE_CLASS } from "../domain/i18n/locale.ts";
import { messageSliceOf, messageSliceScript, notingCatalogue, notingMessages, registerSlicedCatalogue, withMessageSlice } from "./message-slice.server.ts";

const hindi: Catalogue = {
  Cart: "कार्ट",
  "Welcome, {name}!": "स्वागत है, {name}!",
  "Add to Cart": "कार्ट में डालें",
  "Never shown": "कभी नहीं दिखा",
};

describe("notingCatalogue", () => {
  it("notes the messages a render looks up, by id or recognised in English said with values, and nothing outside a render", async () => {
    const catalogue = notingCatalogue(hindi);
    translate("hi", catalogue, "Add to Cart");
    const noted = new Set<string>();
    notingMessages(noted, () => {
      expect(translate("hi", catalogue, "Cart")).toBe("कार्ट");
      expect(translate("hi", catalogue, "Welcome, Asha!", undefined, recogniseEnglish)).toBe("स्वागत है, Asha!");
      expect(translate("hi", catalogue, "A product's own name", undefined, recogniseEnglish)).toBe("A product's own name");
    });
    expect([...noted].sort()).toEqual(["Cart", "Welcome, {name}!"]);
  });

  it("notes what a render scheduled later looks up, into its own render's set only", async () => {
    const catalogue = notingCatalogue(hindi);
    const [first, second] = [new Set<string>(), new Set<string>()];
    await Promise.all([
      notingMessages(first, () => new Promise<void>((done) => setImmediate(() => (translate("hi", catalogue, "Cart"), done())))),
      notingMessages(second, () => new Promise<void>((done) => setTimeout(() => (translate("hi", catalogue, "Add to Cart"), done()), 5))),
    ]);
    expect([[...first], [...second]]).toEqual([["Cart"], ["Add to Cart"]]);
  });

  it("does not note every message when the catalogue's keys are listed (recognise's patterns)", () => {
    const noted = new Set<string>();
    notingMessages(noted, () => Object.keys(notingCatalogue(hindi)));
    expect(noted.size).toBe(0);
    expect(formatMessage("hi", hindi["Welcome, {name}!"]!, { name: "Ravi" })).toBe("स्वागत है, Ravi!");
  });
});

describe("messageSliceScript and withMessageSlice", () => {
  it("carries the noted messages as JSON no message can break out of, before </body>", () => {
    const script = messageSliceScript({ ...hindi, "</script><b>": "</script><b>" }, ["Cart", "</script><b>", "not a message"]);
    expect(script.startsWith(`<script type="application/json" class="${MESSAGE_SLICE_CLASS}">`)).toBe(true);
    expect(script.match(/<\/script>/g)).toHaveLength(1);
    const json = /^<script[^>]*>(.*)<\/script>$/.exec(script)![1]!;
    expect(JSON.parse(json)).toEqual({ Cart: "कार्ट", "</script><b>": "</script><b>" });
    const page = withMessageSlice(Buffer.from("<html><body><p>x</p></body></html>"), script).toString();
    expect(page).toBe(`<html><body><p>x</p>${script}</body></html>`);
  });

  it("cuts a language's slice from its registered catalogue; English, which has none, carries nothing", () => {
    registerSlicedCatalogue("hi", hindi);
    expect(messageSliceOf("hi", ["Cart"])).toBe(messageSliceScript(hindi, ["Cart"]));
    expect(messageSliceOf("en", ["Cart"])).toBe("");
  });

  it("adds nothing when no message was looked up", () => {
    expect(messageSliceScript(hindi, [])).toBe("");
    expect(withMessageSlice(Buffer.from("<body></body>"), "").toString()).toBe("<body></body>");
  });
});
