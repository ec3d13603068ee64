import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";

export default tseslint.config(
  {
    ignores: [
      "build/**",
      ".react-router/**",
      ".netlify/**",
      "node_modules/**",
      "dataset/**",
      "tests/fixtures/**",
      "screenshots/**",
      "test-results/**",
      ".cache/**",
      // The Studio is its own package (React 19); `npm test` type-checks it with its own tsconfig.
      "studio/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    // React lives in app/ (and the unit tests' renderer); elsewhere the hooks rules, a third of
    // the lint's time, would read code that has no components.
    files: ["app/**/*.{ts,tsx}", "tests/support/render.tsx"],
    plugins: { "react-hooks": reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_" },
      ],
    },
  },
  {
    // Node runs server/main.ts and what it imports as they are, stripping the types
    // (docs/deploy.md), and the image process's unit test runs its task the same way:
    // TypeScript that only erases, and type-only imports marked as such (the rest of server/
    // is built with the app). tsconfig's erasableSyntaxOnly would say the first for the
    // whole project, but app/ uses parameter properties.
    files: [
      "server/main.ts",
      "server/thrown.ts",
      "server/image-worker.ts",
      "app/lib/media/transform.server.ts",
    ],
    rules: {
      "@typescript-eslint/consistent-type-imports": "error",
      "no-restricted-syntax": [
        "error",
        ...[
          "TSEnumDeclaration",
          "TSModuleDeclaration[declare!=true]",
          "TSParameterProperty",
          "TSImportEqualsDeclaration",
          "TSExportAssignment",
        ].map((selector) => ({
          selector,
          message: "Node's type stripping runs only erasable TypeScript.",
        })),
      ],
    },
  },
  {
    // One link component: it prefetches on intent, and stops in a tab a deploy made stale.
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["app/components/Link.tsx"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [
            {
              name: "react-router",
              importNames: ["Link", "NavLink"],
              message: "Import Link and NavLink from ~/components/Link.",
            },
          ],
        },
      ],
    },
  },
);
