import { describe, expect, it } from "vitest";
import { answerFor, refusalOf, SHOP_ERROR_ANSWERS, typedValue } from "./form-reply.ts";

describe("the answer to a Shop failure", () => {
  it("refuses bad input on the same page with a 400 and what is missing with a 404", () => {
    expect(answerFor("invalid")).toEqual({ kind: "refuse", status: 400 });
    expect(answerFor("not_found")).toEqual({ kind: "refuse", status: 404 });
  });
  it("tells of a conflict or a part that is down in a toast", () => {
    expect(answerFor("conflict")).toEqual({ kind: "toast", status: 409 });
    expect(answerFor("unavailable")).toEqual({ kind: "toast", status: 503 });
  });
  it("refuses too many attempts on the same page with a 429", () => {
    expect(answerFor("too_many")).toEqual({ kind: "refuse", status: 429 });
  });
  it("has one answer for every code", () => {
    expect(Object.keys(SHOP_ERROR_ANSWERS).sort()).toEqual(["conflict", "invalid", "not_found", "too_many", "unavailable"]);
  });
});

describe("reading a reply", () => {
  const refused = { ok: false, intent: "send", error: "Name is required", toasted: false, result: { initialValue: { email: "a@b.in", tags: ["x"] } } };
  it("finds the refusal, and nothing in a success or in anything else", () => {
    expect(refusalOf(refused)?.error).toBe("Name is required");
    expect(refusalOf({ ok: true, intent: "send", message: "Thanks", data: null })).toBeNull();
    expect(refusalOf(undefined)).toBeNull();
    expect(refusalOf("Forbidden")).toBeNull();
  });
  it("gives back what was typed in a field, text only", () => {
    expect(typedValue(refused, "email")).toBe("a@b.in");
    expect(typedValue(refused, "tags")).toBeUndefined();
    expect(typedValue(refused, "name")).toBeUndefined();
    expect(typedValue(undefined, "email")).toBeUndefined();
  });
});
