// How every action answers (DESIGN.md, progressive enhancement rule 1): a plain form
// post gets a 303 to a safe same-origin path with a toast; the same form submitted by a
// fetcher gets data and the toast, and the page revalidates in place.
import { data } from "react-router";
import type { SubmissionResult } from "@conform-to/react";
import { cookies } from "./auth/cookies.server.ts";

export type ToastType = "success" | "error" | "info" | "warning";
export type Toast = {
  message: string;
  type: ToastType;
};

/** True for React Router's own fetch (`/path.data`), false for a browser's document POST. */
export function isDataRequest(request: Request): boolean {
  return new URL(request.url).pathname.endsWith(".data");
}

export async function finish(request: Request, to: string, toast: Toast, init?: { headers?: HeadersInit; navigate?: boolean }) {
  const utils = cookies().toast;
  if (isDataRequest(request) && !init?.navigate) return utils.dataWithToast({ ok: true as const, toast }, toast, { headers: init?.headers });
  return utils.redirectWithToast(to, toast, { status: 303, headers: init?.headers });
}

/** Bad input: a 400 with the message, nothing written. */
export function refuse(message: string, status = 400) {
  return data({ ok: false as const, error: message }, { status });
}

/** The first message of a failed Conform submission. */
export function firstError(reply: SubmissionResult<string[]>): string {
  const errors = Object.values(reply.error ?? {}).flat().filter(Boolean);
  return errors[0] ?? "That request could not be understood.";
}
