// The one place a form post's body is read (issue 10 points 4 and 5). Whatever arrives,
// the pipeline gets either a FormData or an UnreadableForm with a 4xx status and a message
// the shopper can act on: a body over the route's cap is refused without being held, a
// body that is not a form (JSON, text, XML, broken multipart) is a 400, and so is a value
// with NUL or another control character, which PostgreSQL would refuse halfway through.
import { bodyLimitFor, hasControlCharacter, UNREADABLE_FORM } from "../../domain/body-limits.ts";

export class UnreadableForm extends Error {
  readonly status: 400 | 413;
  constructor(status: 400 | 413, message: string) {
    super(message);
    this.status = status;
  }
}

const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

function contentTypeOf(request: Request): string {
  const type = request.headers.get("content-type") ?? "";
  const essence = type.split(";")[0]!.trim().toLowerCase();
  if (!FORM_TYPES.includes(essence)) throw new UnreadableForm(400, UNREADABLE_FORM.notAForm);
  if (essence === "multipart/form-data" && !/;\s*boundary=("?)[^";]+\1/i.test(type)) throw new UnreadableForm(400, UNREADABLE_FORM.notAForm);
  return type;
}

/** Reads at most `limit` bytes; a longer body is refused, never held whole. */
async function bytesOf(request: Request, limit: number): Promise<Uint8Array<ArrayBuffer>> {
  const declared = request.headers.get("content-length");
  if (declared !== null) {
    if (!/^\d+$/.test(declared)) throw new UnreadableForm(400, UNREADABLE_FORM.notAForm);
    // Said too large up front: answer without reading a byte (Node discards the rest).
    if (Number(declared) > limit) throw new UnreadableForm(413, UNREADABLE_FORM.tooLarge);
  }
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      throw new UnreadableForm(413, UNREADABLE_FORM.tooLarge);
    }
    chunks.push(value);
  }
  const body = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    body.set(chunk, at);
    at += chunk.byteLength;
  }
  return body;
}

export async function readForm(request: Request, limit = bodyLimitFor(new URL(request.url).pathname)): Promise<FormData> {
  const type = contentTypeOf(request);
  const body = await bytesOf(request, limit);
  let form: FormData;
  try {
    form = await new Response(body, { headers: { "content-type": type } }).formData();
  } catch {
    throw new UnreadableForm(400, UNREADABLE_FORM.notAForm);
  }
  for (const [name, value] of form) {
    if (hasControlCharacter(name) || (typeof value === "string" && hasControlCharacter(value))) throw new UnreadableForm(400, UNREADABLE_FORM.controlCharacter);
  }
  return form;
}
