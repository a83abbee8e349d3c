import { data } from "react-router";
import { NotFound } from "../components/NotFound.tsx";

export function loader() {
  throw data(null, { status: 404 });
}

export default function NotFoundRoute() {
  return <NotFound />;
}
