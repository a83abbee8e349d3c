// /offline: the shop's own page for a page the network cannot bring and the phone did not keep
// (issue 26). The service worker fetches it signed out when it installs, so it names nobody, and
// answers with it wherever the network fails. 'Try again' reloads the page that was asked for.
import { OfflineNotice } from "../components/offline/OfflineNotice.tsx";
import { i18nFor } from "../components/i18n.tsx";
import { localeOfMatches, privatePageMeta } from "../components/seo.ts";
import { OFFLINE_MESSAGES } from "../domain/offline.ts";
import type { Route } from "./+types/offline";

export default function Offline() {
  return <OfflineNotice />;
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const i18n = i18nFor(localeOfMatches(matches));
  return privatePageMeta(matches, { title: i18n._(OFFLINE_MESSAGES.title), description: i18n._("Haat cannot reach the internet just now."), path: "/offline" });
};
