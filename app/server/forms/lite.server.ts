// The footer's Lite mode switch (issue 26 part 4): on or off, kept in a cookie, back to the page.
import { z } from "zod";
import { liteChoiceCookie } from "../lite-mode.server.ts";
import { defineForm, openIntent } from "./pipeline.server.ts";

export const liteForm = defineForm({
  action: "/lite",
  intents: {
    "lite-on": openIntent(z.object({}), async ({ back }) => ({ to: back, headers: { "Set-Cookie": liteChoiceCookie(true) } })),
    "lite-off": openIntent(z.object({}), async ({ back }) => ({ to: back, headers: { "Set-Cookie": liteChoiceCookie(false) } })),
  },
});
