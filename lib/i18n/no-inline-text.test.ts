import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

/** The lint rule that keeps the console's words in messages/ (eslint.config.mjs) is on, and catches what it should. */

const eslint = new ESLint({ cwd: process.cwd() });

async function inlineTextProblems(code: string, filePath = "components/packages/some-new-panel.tsx"): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.filter((message) => message.ruleId === "i18next/no-literal-string").map((message) => message.message);
}

describe("no inline text in the console", () => {
  it("refuses text written in JSX and in the attributes people read", { timeout: 60_000 }, async () => {
    expect(await inlineTextProblems(`export function Panel() { return <p>Nothing here yet</p>; }`)).toHaveLength(1);
    expect(await inlineTextProblems(`export function Panel() { return <button aria-label="Close the panel" />; }`)).toHaveLength(1);
    expect(await inlineTextProblems(`export function Panel() { return <input placeholder="Search packages" />; }`)).toHaveLength(1);
    expect(await inlineTextProblems(`export function Panel() { return <p>Bitte warten</p>; }`, "app/(console)/packages/new-page.tsx")).toHaveLength(1);
  });

  it("lets translated text, punctuation, codes and the product's name through", { timeout: 60_000 }, async () => {
    const code = `
      import { useTranslations } from "use-intl";
      export function Panel() {
        const t = useTranslations("console.shell");
        const form = { register: (name: string) => ({ name }) };
        return <div className="p-2" data-testid="panel"><p>{t("menu")}</p><p>{t.rich("menu", { b: (chunks) => <b>{chunks}</b> })}</p><input {...form.register("email")} /><span> · </span><abbr>PDF</abbr><b>Signet</b><i>12 %</i></div>;
      }`;
    expect(await inlineTextProblems(code)).toEqual([]);
  });

  it("lets keys through to a translator's rich text, a second translator and a form's field names, not to other calls", { timeout: 60_000 }, async () => {
    const code = `
      import { useTranslations } from "use-intl";
      export function Panel({ form }) {
        const t = useTranslations("console.shell");
        const tCommon = useTranslations("console.ui");
        return <form><p>{t.rich("menu", { b: (chunks) => <b>{chunks}</b> })}</p><input {...form.register("name")} /><button>{tCommon("cancel")}</button></form>;
      }`;
    expect(await inlineTextProblems(code)).toEqual([]);
    expect(await inlineTextProblems(`export function Panel({ shout }) { return <p>{shout("Nothing here yet")}</p>; }`)).toHaveLength(1);
  });
});
