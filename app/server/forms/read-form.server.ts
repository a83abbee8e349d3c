// The one place a form post's body is read (issue 10 points 4 and 5). Whatever arrives,
// the pipeline gets either a FormData or an UnreadableForm with a 4xx status and a message
// the shopper can act on: a body over the route's cap is refused without being held, a
// body that is not a form (JSON, text, XML, broken multipart) is a 400, and so is a value
// with NUL or another control character, which PostgreSQL would refuse halfway through.
// A multipart body is parsed as it arrives (busboy): its files are written to a temporary
// directory as they come, never held in memory, and the route's cap is enforced while reading
// (issue 25 item 7); `discardUploads` removes them once the post is answered.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable, Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import busboy from "busboy";
import { bodyLimitFor, fieldNameInBounds, FORM_BODY_LIMIT, hasControlCharacter, UNREADABLE_FORM } from "../../domain/body-limits.ts";

export class UnreadableForm extends Error {
  readonly status: 400 | 413;
  constructor(status: 400 | 413, message: string) {
    super(message);
    this.status = status;
  }
}

const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];
/** Files one post may carry: the forms that take uploads send one. */
const MAX_FILES = 4;
/** Fields one post may carry, across every form of the shop with room to spare. */
const MAX_FIELDS = 500;

/** The temporary directory of each read form that holds files. */
const uploadsOf = new WeakMap<FormData, string>();

function contentTypeOf(request: Request): string {
  const type = request.headers.get("content-type") ?? "";
  const essence = type.split(";")[0]!.trim().toLowerCase();
  if (!FORM_TYPES.includes(essence)) throw new UnreadableForm(400, UNREADABLE_FORM.notAForm);
  if (essence === "multipart/form-data" && !/;\s*boundary=("?)[^";]+\1/i.test(type)) throw new UnreadableForm(400, UNREADABLE_FORM.notAForm);
  return type;
}

/** Refuses a declared length over the cap before a byte is read (Node discards the rest). */
function checkDeclaredLength(request: Request, limit: number): void {
  const declared = request.headers.get("content-length");
  if (declared === null) return;
  if (!/^\d+$/.test(declared)) throw new UnreadableForm(400, UNREADABLE_FORM.notAForm);
  if (Number(declared) > limit) throw new UnreadableForm(413, UNREADABLE_FORM.tooLarge);
}

/** The body's chunks, refused with 413 as soon as they pass `limit` bytes. */
async function* capped(body: ReadableStream<Uint8Array>, limit: number): AsyncGenerator<Uint8Array> {
  const reader = body.getReader();
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      size += value.byteLength;
      if (size > limit) throw new UnreadableForm(413, UNREADABLE_FORM.tooLarge);
      yield value;
    }
  } finally {
    await reader.cancel().catch(() => {});
  }
}

/** A url-encoded body, at most `limit` bytes, held in memory (it is small: the caps say so). */
async function urlEncoded(request: Request, limit: number): Promise<FormData> {
  const chunks: Uint8Array[] = [];
  if (request.body) for await (const chunk of capped(request.body, limit)) chunks.push(chunk);
  const form = new FormData();
  for (const [name, value] of new URLSearchParams(Buffer.concat(chunks).toString("utf8"))) form.append(name, value);
  return form;
}

/** A multipart body, parsed as it arrives: fields into the form, each file into a file of its own on disk. */
async function multipart(request: Request, type: string, limit: number): Promise<FormData> {
  const form = new FormData();
  if (!request.body) throw new UnreadableForm(400, UNREADABLE_FORM.notAForm);
  let dir: string | null = null;
  const written: Promise<void>[] = [];
  let refused: UnreadableForm | null = null;
  const refuse = (error: UnreadableForm) => (refused ??= error);
  const parser = busboy({
    headers: { "content-type": type },
    defParamCharset: "utf8",
    limits: { fileSize: limit, files: MAX_FILES, fields: MAX_FIELDS, fieldSize: FORM_BODY_LIMIT, parts: MAX_FILES + MAX_FIELDS },
  });
  parser.on("field", (name, value, info) => {
    if (info.nameTruncated || info.valueTruncated) refuse(new UnreadableForm(413, UNREADABLE_FORM.tooLarge));
    else form.append(name, value);
  });
  parser.on("file", (name, stream, info) => {
    dir ??= fs.mkdtempSync(path.join(os.tmpdir(), "haat-upload-"));
    const file = path.join(dir, String(written.length));
    stream.on("limit", () => refuse(new UnreadableForm(413, UNREADABLE_FORM.tooLarge)));
    const done = pipeline(stream, fs.createWriteStream(file)).then(async () => {
      // A Blob backed by the file: its bytes are read from disk only when asked for.
      const blob = await fs.openAsBlob(file, { type: info.mimeType });
      form.append(name, new File([blob], info.filename ?? "", { type: info.mimeType }));
    });
    // A body cut short fails its file too: that is said once, by the body's own error.
    done.catch(() => {});
    written.push(done);
  });
  for (const event of ["filesLimit", "fieldsLimit", "partsLimit"] as const) parser.on(event, () => refuse(new UnreadableForm(413, UNREADABLE_FORM.tooLarge)));
  // Every file's writing has ended (written or failed) before its directory goes.
  const discard = async () => {
    await Promise.allSettled(written);
    if (dir) await fs.promises.rm(dir, { recursive: true, force: true, maxRetries: 3 });
  };
  try {
    await pipeline(Readable.from(capped(request.body, limit)), parser as unknown as Writable);
    await Promise.all(written);
  } catch (error) {
    await discard();
    if (error instanceof UnreadableForm) throw error;
    // A broken body: a missing boundary, an unexpected end.
    throw refused ?? new UnreadableForm(400, UNREADABLE_FORM.notAForm);
  }
  if (refused) {
    await discard();
    throw refused;
  }
  if (dir) uploadsOf.set(form, dir);
  return form;
}

export async function readForm(request: Request, limit = bodyLimitFor(new URL(request.url).pathname)): Promise<FormData> {
  const type = contentTypeOf(request);
  checkDeclaredLength(request, limit);
  const form = type.toLowerCase().startsWith("multipart/") ? await multipart(request, type, limit) : await urlEncoded(request, limit);
  for (const [name, value] of form) {
    // Before anything parses it: a name such as `intent[4294967294]` makes the parser build a list that long.
    if (!fieldNameInBounds(name)) {
      await discardUploads(form);
      throw new UnreadableForm(400, UNREADABLE_FORM.notAForm);
    }
    if (hasControlCharacter(name) || (typeof value === "string" && hasControlCharacter(value))) {
      await discardUploads(form);
      throw new UnreadableForm(400, UNREADABLE_FORM.controlCharacter);
    }
  }
  return form;
}

/** Removes the files a read form wrote to disk: call once its post is answered. */
export async function discardUploads(form: FormData | null | undefined): Promise<void> {
  const dir = form && uploadsOf.get(form);
  if (!dir) return;
  uploadsOf.delete(form);
  await fs.promises.rm(dir, { recursive: true, force: true });
}
