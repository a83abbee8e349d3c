import fs from "node:fs";
import os from "node:os";
import { describe, expect, it } from "vitest";
import { bodyLimitFor, FORM_BODY_LIMIT, UNREADABLE_FORM } from "../../domain/body-limits.ts";
import { discardUploads, readForm, UnreadableForm } from "./read-form.server.ts";

const URL_ = "http://localhost/contact";

function post(body: BodyInit | null, type: string | null, headers: Record<string, string> = {}) {
  const h = new Headers(headers);
  if (type !== null) h.set("content-type", type);
  return new Request(URL_, { method: "POST", body, headers: h, duplex: "half" } as RequestInit);
}

async function refusal(request: Request): Promise<{ status: number; message: string }> {
  try {
    await readForm(request);
  } catch (error) {
    if (error instanceof UnreadableForm) return { status: error.status, message: error.message };
    throw error;
  }
  throw new Error("the form was read");
}

describe("readForm", () => {
  it("reads a url-encoded form and a multipart form", async () => {
    expect((await readForm(post("name=Priya&message=hello%0D%0Athere", "application/x-www-form-urlencoded;charset=UTF-8"))).get("message")).toBe("hello\r\nthere");
    const multipart = new FormData();
    multipart.set("email", "a@b.in");
    const request = new Request(URL_, { method: "POST", body: multipart });
    expect((await readForm(request)).get("email")).toBe("a@b.in");
  });

  it("refuses what is not a form with a 400 and a message", async () => {
    for (const [body, type] of [
      ['{"email":"a@b.in"}', "application/json"],
      ["email=a@b.in", "text/plain"],
      ["<email/>", "application/xml"],
      ["email=a@b.in", null],
      ['--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--', "multipart/form-data"],
      ['--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1', "multipart/form-data; boundary=x"],
    ] as const) {
      expect(await refusal(post(body, type)), `${type}: ${body}`).toEqual({ status: 400, message: UNREADABLE_FORM.notAForm });
    }
  });

  it("refuses a body over the cap with 413, by its declared length before reading it", async () => {
    let pulled = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled++;
        controller.enqueue(new TextEncoder().encode("a".repeat(1024)));
      },
    });
    const declared = post(endless, "application/x-www-form-urlencoded", { "content-length": String(200 * 1024 * 1024) });
    expect(await refusal(declared)).toEqual({ status: 413, message: UNREADABLE_FORM.tooLarge });
    expect(pulled).toBeLessThanOrEqual(1);
  });

  it("stops reading an undeclared body at the cap, holding no more than the cap", async () => {
    let sent = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        sent += 1024;
        controller.enqueue(new TextEncoder().encode("a".repeat(1024)));
      },
    });
    expect(await refusal(post(endless, "application/x-www-form-urlencoded"))).toEqual({ status: 413, message: UNREADABLE_FORM.tooLarge });
    expect(sent).toBeLessThan(FORM_BODY_LIMIT + 64 * 1024);
  });

  it("reads a form of exactly the cap", async () => {
    const body = `message=${"a".repeat(FORM_BODY_LIMIT - "message=".length)}`;
    expect((await readForm(post(body, "application/x-www-form-urlencoded"))).get("message")).toHaveLength(FORM_BODY_LIMIT - 8);
  });

  it("refuses NUL and other control characters in values and names, and lets line breaks through", async () => {
    for (const body of ["email=a%00@b.in", "name=%1B%5B31m", "token=abc%7F", "na%00me=x"]) {
      expect(await refusal(post(body, "application/x-www-form-urlencoded")), body).toEqual({ status: 400, message: UNREADABLE_FORM.controlCharacter });
    }
    expect((await readForm(post("message=a%09b%0Ac", "application/x-www-form-urlencoded"))).get("message")).toBe("a\tb\nc");
  });

  it("writes an uploaded file to disk as it arrives, reads it back whole, and removes it once answered", async () => {
    const audio = new Uint8Array(3 * 1024 * 1024).map((_, i) => i % 251);
    const multipart = new FormData();
    multipart.set("intent", "transcribe");
    multipart.set("audio", new File([audio], "list.webm", { type: "audio/webm" }));
    const form = await readForm(new Request("http://localhost/voicesearch", { method: "POST", body: multipart }));
    const file = form.get("audio") as File;
    expect([form.get("intent"), file.name, file.type, file.size]).toEqual(["transcribe", "list.webm", "audio/webm", audio.length]);
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(audio);
    const dirs = () => fs.readdirSync(os.tmpdir()).filter((n) => n.startsWith("haat-upload-")).length;
    const before = dirs();
    await discardUploads(form);
    expect(dirs()).toBe(before - 1);
  });

  it("stops reading an undeclared upload at the route's cap, and leaves no file behind", async () => {
    let sent = 0;
    const head = new TextEncoder().encode('--x\r\nContent-Disposition: form-data; name="audio"; filename="a.webm"\r\nContent-Type: audio/webm\r\n\r\n');
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent === 0) controller.enqueue(head);
        sent += 64 * 1024;
        controller.enqueue(new Uint8Array(64 * 1024).fill(7));
      },
    });
    const before = fs.readdirSync(os.tmpdir()).filter((n) => n.startsWith("haat-upload-")).length;
    const request = new Request("http://localhost/voicesearch", {
      method: "POST",
      body: endless,
      headers: { "content-type": "multipart/form-data; boundary=x" },
      duplex: "half",
    } as RequestInit);
    expect(await refusal(request)).toEqual({ status: 413, message: UNREADABLE_FORM.tooLarge });
    expect(sent).toBeLessThan(bodyLimitFor("/voicesearch") + 128 * 1024);
    expect(fs.readdirSync(os.tmpdir()).filter((n) => n.startsWith("haat-upload-")).length).toBe(before);
  });
});
