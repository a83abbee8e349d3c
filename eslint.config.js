// ESLint, flat config: JavaScript and typescript-eslint's recommended rules everywhere,
// React's hook rules (with the React Compiler's checks of v7) and jsx-a11y on components.
// Formatting is Prettier's job (.prettierrc), not ESLint's. Run: npm run lint.
import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import { defineConfig, globalIgnores } from "eslint/config";
import globals from "globals";
import { createNodeResolver, importX } from "eslint-plugin-import-x";
import tseslint from "typescript-eslint";

// A way in takes `reads` and `useCases` (server/ways-in.server.ts), never the Shop (decision 068).
const NO_SHOP_FROM_CONTEXT = {
  group: ["**/context.server.ts"],
  importNames: ["shopOf", "shopIfAny", "shopContext"],
  message: "A way in gets `reads` and `useCases` (server/ways-in.server.ts), never the Shop (decision 068).",
};

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
    // One way to show a picture below the first screen: ui/Img.tsx (or ProductImage), which waits
    // for hydration when scripts run (issue 43). A bare lazy <img> shares a slow link with the scripts.
    files: ["app/**/*.tsx"],
    ignores: ["app/components/ui/Img.tsx", "app/components/ui/ProductImage.tsx", "**/*.test.tsx"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "JSXOpeningElement[name.name='img'] > JSXAttribute[name.name='loading'] Literal[value='lazy']",
          message: "A lazy picture is an <Img> or a <ProductImage> (components/ui/Img.tsx): it waits for hydration.",
        },
      ],
    },
  },
  {
    // Hooks also live in .ts modules (app/components/*.ts).
    files: ["app/**/*.ts"],
    extends: [reactHooks.configs.flat.recommended],
  },
  {
    // The layers of docs/ARCHITECTURE.md, held by the build (issue 42 item 2): each zone names
    // who may not import from where. Paths are resolved, so a relative path cannot slip by.
    files: ["app/**/*.{ts,tsx}", "scripts/**/*.ts", "server.ts"],
    // A test may read what it checks against (the catalogues, a PDF's text, the server's i18n).
    ignores: ["**/*.test.{ts,tsx}", "**/*.test-support.{ts,tsx}"],
    plugins: { "import-x": importX },
    settings: {
      "import-x/resolver-next": [createNodeResolver({ extensions: [".ts", ".tsx", ".js"] })],
      // no-cycle reads the imported files too: TypeScript's parser for them.
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
      "import-x/extensions": [".ts", ".tsx", ".js"],
    },
    rules: {
      "import-x/no-restricted-paths": [
        "error",
        {
          zones: [
            { target: "./app/domain", from: "./app", except: ["./domain"], message: "app/domain is pure rules: it imports nothing outside itself." },
            {
              target: ["./app/routes", "./app/server/forms", "./app/server/api", "./app/server/splice"],
              from: "./app/server/shop",
              except: ["./port.server.ts", "./ports"],
              message: "A way in reads and writes through the use cases and the Shop port, never an adapter.",
            },
            { target: ["./app/routes", "./app/server/forms", "./app/server/api", "./app/server/splice"], from: "./app/server/db", message: "A way in never touches the database." },
            {
              target: "./app/server/shop",
              from: ["./app/server/use-cases", "./app/server/forms", "./app/server/api", "./app/server/auth", "./app/server/mail", "./app/server/sms"],
              message: "The Shop's back ends sit below the use cases, the ways in, sign-in, mail and SMS.",
            },
            { target: "./app/sw", from: "./app/components", message: "The service worker imports no React component module." },
            { target: ["./app", "./scripts", "./server.ts"], from: "./tests", message: "Product code never imports a test or a stand-in." },
          ],
        },
      ],
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
    },
  },
  {
    // A way in writes through the use cases alone (decision 068): a loader, an action, a JSON API
    // call and a form's intent are given (or take, with ways-in.server.ts) `reads` and `useCases`,
    // never the Shop. Only what runs beneath every way in takes the Shop from the request's
    // context: the two pipelines (the rate limits, the bearer, the repeat-post key), the session
    // middleware (it resumes the session the use cases act for) and the server's entry.
    // Flat config: a later block's options for this rule replace these, so the browser code's
    // block and the ways in's block below repeat what they must keep.
    files: ["app/**/*.{ts,tsx}"],
    ignores: [
      "app/server/ways-in.server.ts",
      "app/server/context.server.ts",
      "app/server/api/pipeline.server.ts",
      "app/server/forms/pipeline.server.ts",
      "app/server/auth/session.server.ts",
      "app/entry.server.tsx",
      "**/*.test.{ts,tsx}",
      "**/*.test-support.{ts,tsx}",
    ],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [NO_SHOP_FROM_CONTEXT],
        },
      ],
    },
  },
  {
    // A component runs in the browser: no server module's code may reach it. Its types may
    // (import type is erased): the form pipeline's declarations name the intents and fields the
    // markup may use, and a misspelt one fails the typecheck (components/forms.ts).
    files: ["app/components/**/*.{ts,tsx}", "app/entry.client.tsx", "app/sw/**/*.ts", "app/offline/**/*.ts"],
    ignores: ["**/*.test.{ts,tsx}", "**/*.test-support.{ts,tsx}"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["**/server/**", "*.server", "*.server.ts", "*.server.tsx"],
              allowTypeImports: true,
              message: "Browser code imports no server module (a type alone may be imported with `import type`).",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["app/routes/**/*.{ts,tsx}", "app/server/api/**/*.ts", "app/server/forms/**/*.ts"],
    ignores: ["app/server/api/pipeline.server.ts", "app/server/forms/pipeline.server.ts", "**/*.test.{ts,tsx}"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            NO_SHOP_FROM_CONTEXT,
            { group: ["**/shop/*.server.ts", "!**/shop/port.server.ts"], message: "A way in reaches no Shop adapter." },
            {
              group: ["**/use-cases/index.server.ts"],
              importNames: ["bindUseCases", "readsOf"],
              message: "A way in takes its use cases and reads with ways-in.server.ts, never from a Shop of its own.",
            },
          ],
        },
      ],
    },
  },
);
