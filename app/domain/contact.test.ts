import { describe, expect, it } from "vitest";
import { contactSchema, newsletterSchema, ticketAnswerMail, ticketName } from "./contact.ts";
import { i18nFor, registerCatalogue } from "./i18n/registry.ts";
import hindi from "../locales/hi.json" with { type: "json" };

const good = { name: " Asha ", email: "asha@example.in", subject: "Hamper order", message: "Can you deliver on Sunday?" };

describe("contactSchema", () => {
  it("trims the values; the phone is optional", () => {
    expect(contactSchema.parse(good)).toEqual({ name: "Asha", email: "asha@example.in", subject: "Hamper order", message: "Can you deliver on Sunday?", phone: "" });
  });
  it("reports the failures in the spec's order, first one first", () => {
    const r = contactSchema.safeParse({ name: "", email: "nope", subject: "", message: "" });
    expect(r.error?.issues.map((i) => i.message)).toEqual(["Name is required", "Valid email is required", "Subject is required", "Message is required"]);
    expect(contactSchema.safeParse({ ...good, email: "x@" }).error?.issues[0]?.message).toBe("Valid email is required");
    expect(contactSchema.safeParse({ ...good, message: "   " }).error?.issues[0]?.message).toBe("Message is required");
  });
});

describe("newsletterSchema", () => {
  it("asks for an address when empty, and lower-cases it", () => {
    expect(newsletterSchema.safeParse({ email: " " }).error?.issues[0]?.message).toBe("Please enter an email address.");
    expect(newsletterSchema.parse({ email: "Asha@Example.IN" }).email).toBe("asha@example.in");
  });
});

describe("ticketName", () => {
  it("is sequential and readable", () => {
    expect(ticketName(42)).toBe("HAAT-T-000042");
  });
});

describe("ticketAnswerMail", () => {
  const ticket = { id: 42, senderName: "Asha", subject: "Diwali hamper" };
  it("puts the staff's answer between a greeting and the shop's name, and names the ticket", () => {
    const mail = ticketAnswerMail(ticket, "Yes, by Friday.", "Haat", i18nFor("en"));
    expect(mail.subject).toBe("Re: Diwali hamper [HAAT-T-000042]");
    expect(mail.text).toBe(
      "Hello Asha,\n\nYes, by Friday.\n\nThe Haat team\n\nThis answers your message “Diwali hamper” (HAAT-T-000042). The answer is also on the ticket’s page, at the link you were given.\n",
    );
  });
  it("in Hindi for a sender who wrote from a Hindi page: the staff's own words stay as written", () => {
    registerCatalogue("hi", hindi as never);
    const mail = ticketAnswerMail(ticket, "हाँ, शुक्रवार तक।", "Haat", i18nFor("hi"));
    expect(mail.subject).toBe("Re: Diwali hamper [HAAT-T-000042]");
    expect(mail.text).toBe(
      "नमस्ते Asha,\n\nहाँ, शुक्रवार तक।\n\nHaat की टीम\n\nयह आपके संदेश “Diwali hamper” (HAAT-T-000042) का जवाब है। यह जवाब टिकट के पेज पर भी है, उस लिंक पर जो आपको दिया गया था।\n",
    );
  });
});
