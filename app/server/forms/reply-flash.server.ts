// A form in the layout (the footer's newsletter) has no page of its own to answer on: a
// refused plain post goes back to the page it came from, and this flash carries the
// answer (the reason and what was typed) to that page's render, once.
import type { FormReply } from "../../domain/form-reply.ts";
import { cookies, hasCookie, REPLY_COOKIE } from "../auth/cookies.server.ts";

export interface FlashedReply {
  /** The action the form posts to: which form the answer belongs to. */
  form: string;
  reply: FormReply;
}

export function flashReply(form: string, reply: FormReply): Promise<string> {
  return cookies().reply.serialize({ form, reply } satisfies FlashedReply);
}

/** The flashed answer, if any, and the header that clears it. */
export async function takeFlashedReply(request: Request): Promise<{ flashed: FlashedReply | null; clear: string | null }> {
  if (!hasCookie(request, REPLY_COOKIE)) return { flashed: null, clear: null };
  const value: unknown = await cookies().reply.parse(request.headers.get("Cookie"));
  const clear = await cookies().reply.serialize("", { maxAge: 0, expires: new Date(0) });
  const ok = typeof value === "object" && value !== null && typeof (value as FlashedReply).form === "string" && typeof (value as FlashedReply).reply === "object";
  return { flashed: ok ? (value as FlashedReply) : null, clear };
}
