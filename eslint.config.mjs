import nextVitals from "eslint-config-next/core-web-vitals";
import nextTypeScript from "eslint-config-next/typescript";

const config = [
  ...nextVitals,
  ...nextTypeScript,
  // The PDF worker's entry is CommonJS on purpose (lib/esign/pdf/pdf-worker.cjs says why).
  { files: ["**/*.cjs"], rules: { "@typescript-eslint/no-require-imports": "off" } },
  { ignores: [".next/**", "node_modules/**", "data/**", "drizzle/**", "test-results/**", "playwright-report/**", "next-env.d.ts"] },
];

export default config;
