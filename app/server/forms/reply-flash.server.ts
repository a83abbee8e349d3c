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

/** The longest value a flashed field keeps: a browser drops a cookie over 4 KB whole. */
export const FLASHED_VALUE_MAX = 254;
/** The longest Set-Cookie the flash makes (browsers keep 4,096 bytes per cookie). */
export const FLASHED_COOKIE_MAX = 3500;

/**
 * The answer as a cookie, holding of what was posted only the form's own `fields`, each cut
 * to FLASHED_VALUE_MAX characters: the rest of a post (a bot's padding, unknown fields) must
 * not grow the cookie past what a browser keeps or a proxy's header buffer takes.
 */
export async function flashReply(form: string, reply: FormReply, fields: readonly string[]): Promise<string> {
  const kept = new Set(fields);
  const cut = (v: unknown) => (typeof v === "string" ? v.slice(0, FLASHED_VALUE_MAX) : undefined);
  const pick = <T>(record: Record<string, T> | null | undefined, map: (v: T) => unknown) =>
    Object.fromEntries(Object.entries(record ?? {}).flatMap(([k, v]) => (kept.has(k) || k === "" ? [[k, map(v)]] : [])));
  const small: FormReply = reply.ok
    ? reply
    : {
        ...reply,
        result: {
          ...reply.result,
          initialValue: pick(reply.result.initialValue as Record<string, unknown> | undefined, cut) as never,
          error: pick(reply.result.error, (list) => list?.map((m) => m.slice(0, FLASHED_VALUE_MAX)) ?? null) as never,
          state: undefined,
        },
      };
  const cookie = await cookies().reply.serialize({ form, reply: small } satisfies FlashedReply);
  if (cookie.length <= FLASHED_COOKIE_MAX || small.ok) return cookie;
  // Still too big (many long declared fields): the reason alone, without what was typed.
  return cookies().reply.serialize({ form, reply: { ...small, result: { status: "error", error: { "": [small.error.slice(0, FLASHED_VALUE_MAX)] } } } } satisfies FlashedReply);
}

/** The flashed answer, if any, and the header that clears it. */
export async function takeFlashedReply(request: Request): Promise<{ flashed: FlashedReply | null; clear: string | null }> {
  if (!hasCookie(request, REPLY_COOKIE)) return { flashed: null, clear: null };
  const value: unknown = await cookies().reply.parse(request.headers.get("Cookie"));
  const clear = await cookies().reply.serialize("", { maxAge: 0, expires: new Date(0) });
  const ok = typeof value === "object" && value !== null && typeof (value as FlashedReply).form === "string" && typeof (value as FlashedReply).reply === "object";
  return { flashed: ok ? (value as FlashedReply) : null, clear };
}
