import nextVitals from "eslint-config-next/core-web-vitals";
import nextTypeScript from "eslint-config-next/typescript";
import i18next from "eslint-plugin-i18next";

/**
 * No text written inline where people read it: JSX text, and the attributes people read or hear
 * (labels, titles, placeholders, alternative texts), in every page and component. Words come from
 * messages/ (lib/i18n/console-messages.ts, the ceremony's). Left alone: punctuation, numbers,
 * ALL-CAPS codes and the product's name.
 */
const noInlineText = {
  files: ["app/**/*.tsx", "components/**/*.tsx"],
  // The API reference is written for developers in English, as the OpenAPI document it shows.
  ignores: ["**/*.test.tsx", "app/docs/api/**", "components/api-reference/**"],
  plugins: { i18next },
  rules: {
    "i18next/no-literal-string": [
      "error",
      {
        mode: "jsx-only",
        "jsx-attributes": { include: ["^(aria-label|aria-description|aria-valuetext|title|placeholder|alt|label|hint|description|heading|message|text|confirmLabel|cancelLabel)$"] },
        words: { exclude: ["[0-9!-/:-@[-`{-~]+", "[A-Z_-]+", /^[\s\p{P}\p{S}\p{N}]*$/u, /^\p{Emoji}+$/u, "Signet"] },
        // A key given to a translator is no text: `t("key")`, a second translator named `tSomething`, and
        // their rich text (`t.rich`, `t.markup`); nor a form field's name given to react-hook-form
        // (`form.register("name")`); besides the plugin's own list (which this replaces).
        callees: {
          exclude: ["i18n(ext)?", "t", "t[A-Z]\\w*", "rich", "markup", "has", "raw", "t\\.(rich|markup|has|raw)", "register", "watch", "setValue", "getValues", "setError", "clearErrors", "trigger", "require", "addEventListener", "removeEventListener", "postMessage", "getElementById", "dispatch", "commit", "includes", "indexOf", "endsWith", "startsWith"],
        },
        message: "Text people read comes from messages/ (useTranslations), not from the code",
      },
    ],
  },
};

/** Every journey uses e2e/support/test.ts's `test`, which closes the browser contexts earlier tests left open. */
const journeysUseTheSharedTest = {
  files: ["e2e/**/*.ts"],
  ignores: ["e2e/support/test.ts"],
  rules: {
    "no-restricted-imports": ["error", { paths: [{ name: "@playwright/test", importNames: ["test"], message: "Import test from e2e/support/test.ts: it closes the browser contexts earlier tests left open." }] }],
  },
};

const config = [
  ...nextVitals,
  ...nextTypeScript,
  // The PDF worker's source entry is CommonJS on purpose (lib/esign/pdf/pdf-worker.cjs says why).
  { files: ["**/*.cjs"], rules: { "@typescript-eslint/no-require-imports": "off" } },
  noInlineText,
  journeysUseTheSharedTest,
  { ignores: [".next/**", "node_modules/**", "data/**", "drizzle/**", "test-results/**", "playwright-report/**", "next-env.d.ts"] },
];

export default config;
