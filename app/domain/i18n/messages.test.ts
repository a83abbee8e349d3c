import { setupI18n } from "@lingui/core";
import { compileMessage } from "@lingui/message-utils/compileMessage";
import { describe, expect, it } from "vitest";
import { formatMessage, say, translate as translateWith, type Catalogue, type MessageValues } from "./messages.ts";
import { recogniseEnglish } from "./recognise.ts";
import type { Locale } from "./locale.ts";

const translate = (locale: Locale, catalogue: Catalogue, id: string, values?: MessageValues) =>
  translateWith(locale, catalogue, id, values, locale === "en" ? undefined : recogniseEnglish);

// Catalogues hold ICU text; Lingui's compiled form is only for its own runtime, in the parity test.
const compile = (source: string) => source;

describe("formatMessage reads the shop's ICU messages as Lingui does", () => {
  const items = compile("{count, plural, =0 {कोई सामान नहीं} one {# सामान} other {# सामान}}");
  it("plurals: =0, one and other, with # in Indian grouping", () => {
    expect(formatMessage("hi", items, { count: 0 })).toBe("कोई सामान नहीं");
    expect(formatMessage("hi", items, { count: 1 })).toBe("1 सामान");
    expect(formatMessage("hi", items, { count: 123456 })).toBe("1,23,456 सामान");
    const english = compile("{count, plural, one {# item} other {# items}}");
    expect(formatMessage("en", english, { count: 0 })).toBe("0 items");
    expect(formatMessage("en", english, { count: 1 })).toBe("1 item");
    expect(formatMessage("en", english, { count: 100000 })).toBe("1,00,000 items");
  });
  it("placeholders inside plural cases, and text", () => {
    const m = compile("{name} has {count, plural, =0 {nothing} one {# item for {name}} other {# items}}.");
    expect(formatMessage("en", m, { name: "Asha", count: 1 })).toBe("Asha has 1 item for Asha.");
    expect(formatMessage("en", m, { name: "Asha", count: 0 })).toBe("Asha has nothing.");
  });

  const samples = [
    "Add to Cart",
    "Hello {name}, welcome back",
    "{count, plural, =0 {no items} one {# item} other {# items}}",
    "{count, plural, =1 {just {name}} one {{name} and # other} other {{name} and # others}} in {city}",
  ];
  const valuesList = [0, 1, 2, 3, 5, 11, 21, 1000, 123456].map((n) => ({ count: n, place: n, name: "Asha", kind: n % 2 ? "veg" : "nonveg", city: "Gurugram" }));
  for (const locale of ["en", "hi"] as const) {
    it(`gives what Lingui's own i18n._ gives (${locale})`, () => {
      const messages = Object.fromEntries(samples.map((s) => [s, compileMessage(s)]));
      const lingui = setupI18n({ locale, locales: [locale === "en" ? "en-IN" : "hi-IN"], messages: { [locale]: messages } });
      for (const id of samples) for (const values of valuesList) expect(formatMessage(locale, id, values)).toBe(lingui._(id, values));
    });
  }
});

describe("translate", () => {
  const hindi: Catalogue = {
    "Add to Cart": compile("कार्ट में डालें"),
    "Welcome, {name}!": compile("स्वागत है, {name}!"),
    "We do not deliver to PIN {pin} yet.": compile("हम अभी पिन {pin} पर डिलीवरी नहीं करते।"),
    "{what}!": compile("{what}!!"),
  };
  it("finds a message by its English text", () => {
    expect(translate("hi", hindi, "Add to Cart")).toBe("कार्ट में डालें");
    expect(translate("hi", hindi, "Welcome, {name}!", { name: "Asha" })).toBe("स्वागत है, Asha!");
  });
  it("finds the message English text was said from, with its values", () => {
    expect(translate("hi", hindi, say("Welcome, {name}!", { name: "Asha Rao" }))).toBe("स्वागत है, Asha Rao!");
    expect(translate("hi", hindi, say("We do not deliver to PIN {pin} yet.", { pin: "122001" }))).toBe("हम अभी पिन 122001 पर डिलीवरी नहीं करते।");
  });
  it("translates messages said one after another, each on its own, keeping a product's name before its message", () => {
    const more: Catalogue = {
      ...hindi,
      "The items are in your cart.": compile("सामान आपके कार्ट में है।"),
      "Only {stock} item(s) available in stock": compile("स्टॉक में केवल {stock} उपलब्ध"),
    };
    expect(translate("hi", more, "The items are in your cart. Basmati Rice: Only 3 item(s) available in stock")).toBe("सामान आपके कार्ट में है। Basmati Rice: स्टॉक में केवल 3 उपलब्ध");
    expect(translate("hi", more, "Basmati Rice: Only 3 item(s) available in stock")).toBe("Basmati Rice: स्टॉक में केवल 3 उपलब्ध");
    expect(translate("hi", more, "Nothing known. Nothing at all.")).toBe("Nothing known. Nothing at all.");
  });

  it("finds a plural message by the English said with its count, case by case (issue 41)", () => {
    const tries: Catalogue = {
      ...hindi,
      "{count, plural, one {That code is not right. # try left.} other {That code is not right. # tries left.}}": compile(
        "{count, plural, one {यह कोड सही नहीं है। # कोशिश बाकी है।} other {यह कोड सही नहीं है। # कोशिशें बाकी हैं।}}",
      ),
      "{name} has {count, plural, =0 {nothing left} one {# item left} other {# items left}}": compile("{name} के पास {count, plural, =0 {कुछ नहीं बचा} other {# सामान बचे}}"),
    };
    expect(translate("hi", tries, "That code is not right. 1 try left.")).toBe("यह कोड सही नहीं है। 1 कोशिश बाकी है।");
    expect(translate("hi", tries, "That code is not right. 3 tries left.")).toBe("यह कोड सही नहीं है। 3 कोशिशें बाकी हैं।");
    expect(translate("hi", tries, "Asha has 1,000 items left")).toBe("Asha के पास 1,000 सामान बचे");
    expect(translate("hi", tries, "Asha has nothing left")).toBe("Asha के पास कुछ नहीं बचा");
    // A count is a number: other words in its place are not the message.
    expect(translate("hi", tries, "That code is not right. Some tries left.")).toBe("That code is not right. Some tries left.");
  });

  it("leaves what it does not know as it came, and English as its own text", () => {
    expect(translate("hi", hindi, "Basmati Rice 5 kg")).toBe("Basmati Rice 5 kg");
    // A template with too little text of its own is never used to recognise anything.
    expect(translate("hi", hindi, "Sale!")).toBe("Sale!");
    // Nor to read a longer text that merely starts or ends like a message.
    const orders: Catalogue = { "Order #{id}": compile("ऑर्डर #{id}") };
    expect(translate("hi", orders, "Order #12")).toBe("ऑर्डर #12");
    expect(translate("hi", orders, "Order #12 is already out for delivery.")).toBe("Order #12 is already out for delivery.");
    expect(translate("en", {}, "Welcome, {name}!", { name: "Asha" })).toBe("Welcome, Asha!");
    expect(translate("en", {}, "Add to Cart")).toBe("Add to Cart");
  });
});
