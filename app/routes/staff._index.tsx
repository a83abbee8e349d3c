import { redirect } from "react-router";
import { requireStaff } from "../server/staff-access.server.ts";
import type { Route } from "./+types/staff._index";

export async function loader({ context }: Route.LoaderArgs) {
  await requireStaff(context);
  throw redirect("/staff/orders", 303);
}
