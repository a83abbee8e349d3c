// ESLint, flat config: JavaScript and typescript-eslint's recommended rules everywhere,
// React's hook rules (with the React Compiler's checks of v7) and jsx-a11y on components.
// Formatting is Prettier's job (.prettierrc), not ESLint's. Run: npm run lint.
import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import { defineConfig, globalIgnores } from "eslint/config";
import globals from "globals";
import tseslint from "typescript-eslint";

export default defineConfig(
  globalIgnores(["**/node_modules/", "**/build/", "**/.react-router/", "data/", "test-results/", "playwright-report/", "public/", "drizzle/"]),
  {
    files: ["**/*.{js,mjs,ts,tsx}"],
    extends: [js.configs.recommended, tseslint.configs.recommended],
    languageOptions: {
      ecmaVersion: 2024,
      sourceType: "module",
      globals: { ...globals.node, ...globals.browser },
    },
    linterOptions: { reportUnusedDisableDirectives: "error" },
    rules: {
      "@typescript-eslint/no-unused-vars": [
        "error",
        { args: "after-used", argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrorsIgnorePattern: "^_", destructuredArrayIgnorePattern: "^_" },
      ],
    },
  },
  {
    files: ["**/*.tsx"],
    extends: [reactHooks.configs.flat.recommended, jsxA11y.flatConfigs.recommended],
    rules: {
      // The recommended options, plus "region": a scrollable region (the carousels' scroll-snap
      // strip without JavaScript) must take focus so a keyboard can scroll it (axe's
      // scrollable-region-focusable rule asks for exactly that).
      "jsx-a11y/no-noninteractive-tabindex": ["error", { tags: [], roles: ["tabpanel", "region"], allowExpressionValues: true }],
    },
  },
  {
    // Hooks also live in .ts modules (app/components/*.ts).
    files: ["app/**/*.ts"],
    extends: [reactHooks.configs.flat.recommended],
  },
);
