// Lingui finds the shop's messages and keeps the catalogues (decision 052): `npm run i18n`
// extracts every `i18n._("…")` and /*i18n*/ string of app/ into app/locales/{en,hi}.po, then
// compiles them (scripts/i18n.ts). Staff pages stay English and say no message through i18n.
import { defineConfig } from "@lingui/conf";
import { formatter } from "@lingui/format-po";

export default defineConfig({
  sourceLocale: "en",
  locales: ["en", "hi"],
  fallbackLocales: false,
  catalogs: [
    {
      path: "<rootDir>/app/locales/{locale}",
      include: ["<rootDir>/app"],
      exclude: ["**/*.test.ts", "**/*.test.tsx", "**/node_modules/**"],
    },
  ],
  format: formatter({ lineNumbers: false, origins: true }),
  orderBy: "messageId",
});
