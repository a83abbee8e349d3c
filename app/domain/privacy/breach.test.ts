import { describe, expect, it } from "vitest";
import hindi from "../../locales/hi.json" with { type: "json" };
import { i18nFor, registerCatalogue } from "../i18n/registry.ts";
import { boardDeadline, breachSchema, noticeText, peopleOf, shopperNotice } from "./breach.ts";

const valid = {
  what: "A list leaked",
  location: "Shared drive",
  found_at: "2026-11-29T09:30",
  items: ["contact"],
  whose: "everyone",
  consequences: "Calls",
  mitigation: "Closed",
  safety: "Be wary",
};

describe("a breach's record", () => {
  it("reads the people named, one per line or comma, and says which are neither an e-mail nor a number", () => {
    expect(peopleOf(" Asha@Example.in\n98123 45678, +91 9812345678;\nnot-one\n\n")).toEqual({ emails: ["asha@example.in"], mobiles: ["9812345678"], bad: ["not-one"] });
  });

  it("reads times as India's, refuses a listed breach without people and a happening after its finding", () => {
    const parsed = breachSchema.parse(valid);
    expect(parsed.found_at.toISOString()).toBe("2026-11-29T04:00:00.000Z");
    expect(boardDeadline(parsed.found_at).toISOString()).toBe("2026-12-02T04:00:00.000Z");
    const refused = breachSchema.safeParse({ ...valid, whose: "listed", occurred_at: "2026-11-30T10:00" });
    expect(refused.success).toBe(false);
    expect(refused.error!.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["people", "Name the shoppers it touched (their e-mails or mobile numbers), or choose every shopper."],
      ["occurred_at", "When it happened cannot be after it was found."],
    ]);
    expect(breachSchema.safeParse({ ...valid, items: [] }).error!.issues[0]!.message).toBe("Tick the data it touched.");
    expect(breachSchema.safeParse({ ...valid, items: ["not-an-item"] }).success).toBe(false);
  });

  it("drafts the shopper's notice with rule 7(1)'s parts, in their language", () => {
    const breach = { ...breachSchema.parse(valid), id: 1, occurredAt: null, foundAt: new Date("2026-11-29T04:00:00Z"), everyone: true, cause: "", prevention: "" };
    const shop = {
      name: "Haat",
      company: { legalName: "Haat Retail", address: "Gurugram" },
      support: { email: "support@haat.example", phone: "+91 00000 00000", hours: "Monday–Friday 10am–06pm" },
    };
    const en = shopperNotice(breach, i18nFor("en"), "en", shop);
    expect(en.sections.map((s) => s.heading)).toEqual(["What happened", "When", "Your data it touched", "What it may mean for you", "What we have done", "What you can do"]);
    expect(noticeText(en)).toContain("We found it on 29 November 2026.");
    expect(en.contact).toBe("Questions: write to support@haat.example or call +91 00000 00000 (Monday–Friday 10am–06pm).");
    registerCatalogue("hi", hindi as Record<string, string>);
    const hi = shopperNotice(breach, i18nFor("hi"), "hi", shop);
    expect(hi.sections[0]!.heading).toBe("क्या हुआ");
    expect(hi.sections[2]!.body).toBe("आपका नाम, ई-मेल पता और मोबाइल नंबर");
  });
});
