// POST /lite: the footer's Lite mode switch (app/server/forms/lite.server.ts); it has no page.
import { redirect } from "react-router";
import { liteForm } from "../server/forms/lite.server.ts";

export const loader = () => redirect("/", 303);
export const action = liteForm.run;
