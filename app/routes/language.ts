// GET /language?to=hi&back=/products: the header's language switch (issue 27). A plain link,
// so it works without JavaScript; it keeps the choice and opens the same page in that language.
import { redirect } from "react-router";
import type { Route } from "./+types/language";
import { isLocale, pathIn } from "../domain/i18n/locale.ts";
import { safePath } from "../domain/safe-path.ts";
import { keepLanguage } from "../server/i18n.server.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const to = url.searchParams.get("to");
  const back = safePath(url.searchParams.get("back"));
  if (!isLocale(to)) return redirect(back, 303);
  // Checked again once its prefix changed: `/hi//evil.example` without `/hi` is another site (issue 41 item 3).
  return redirect(safePath(pathIn(to, back), pathIn(to, "/")), { status: 303, headers: { "Set-Cookie": await keepLanguage(context, to), "Cache-Control": "no-store" } });
}
