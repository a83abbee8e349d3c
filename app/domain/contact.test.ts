import { describe, expect, it } from "vitest";
import { contactSchema, newsletterSchema, ticketName } from "./contact.ts";

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
