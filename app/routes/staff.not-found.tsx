// /staff/anything-else: inside the staff's branch, so its guard answers first (a 404 to anyone
// but staff, whatever the method), and to staff the shop's 404 for every method alike (issue 41 item 7).
import { data } from "react-router";
import { NotFound } from "../components/NotFound.tsx";

export function loader() {
  throw data(null, { status: 404 });
}

export function action() {
  throw data(null, { status: 404 });
}

export default function StaffNotFound() {
  return <NotFound />;
}
