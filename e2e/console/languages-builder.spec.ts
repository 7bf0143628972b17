import { expect, test } from "../support/test";
import { fullNameSignature, person } from "../support/package-payloads";
import { ServiceClient } from "../support/service-client";
import { checkPage, signedInPageInLocale, titledPdf } from "./console-support";

/**
 * The package builder as a sender whose browser asks for French or Japanese meets it: a draft with
 * two documents, two signers in two steps (one without a field yet) and a placed signature, then a
 * field selected, a signer's dialog, notarization switched on with its reasons, and a template's
 * builder; each with axe at nothing serious and its screenshot kept (test-results/console-builder-*).
 */

const LANGUAGES = [
  {
    locale: "fr-FR",
    lang: "fr",
    title: "Modifier le dossier · Signet",
    sections: ["Nom et paramètres", "Documents", "Signataires", "Vérification", "Champs", "Notarisation"],
    send: "Envoyer le dossier",
    fieldKind: "Signature",
    edit: "Modifier",
    editSigner: "Modifier le signataire",
    firstNameMissing: "Saisissez le prénom.",
    notarized: "Notarié",
    chooseNotary: "Choisissez le notaire de ce dossier notarié.",
    templateTitle: "Modifier le modèle · Signet",
    placeholders: "Rôles à pourvoir",
  },
  {
    locale: "ja-JP",
    lang: "ja",
    title: "パッケージの編集 · Signet",
    sections: ["名前と設定", "書類", "署名者", "本人確認", "フィールド", "公証"],
    send: "パッケージを送信",
    fieldKind: "署名",
    edit: "編集",
    editSigner: "署名者の編集",
    firstNameMissing: "名を入力してください。",
    notarized: "公証付き",
    chooseNotary: "この公証付きパッケージの公証人を選んでください。",
    templateTitle: "テンプレートの編集 · Signet",
    placeholders: "プレースホルダー",
  },
];

for (const language of LANGUAGES) {
  test.describe(`the builder in ${language.lang}`, () => {
    test("a draft's builder, a selected field, a signer's dialog, notarization and a template", async ({ browser, baseURL }) => {
      const owner = await ServiceClient.signUp(baseURL!, `Builder ${language.lang}`);
      const packageId = await owner.createPackage(
        {
          name: "Purchase",
          roles: [
            { id: "Buyer", name: "Buyer", index: 1, signers: [person("Bea", "Buyer")] },
            { id: "Seller", name: "Seller", index: 2, signers: [person("Sam", "Seller")] },
          ],
          documents: [
            { id: "deed", name: "Deed", approvals: [{ role: "Buyer", fields: [fullNameSignature(72)] }] },
            { id: "annex", name: "Annex" },
          ],
        },
        [await titledPdf("Deed", 2), await titledPdf("Annex")],
      );
      const templateId = await owner.createPackage(
        { type: "TEMPLATE", name: "Lease", roles: [{ id: "Tenant", name: "Tenant", index: 1, signers: [] }], documents: [{ id: "lease", name: "Lease" }] },
        [await titledPdf("Lease")],
      );

      const page = await signedInPageInLocale(browser, baseURL!, language.locale, owner.email, "ceremony-test-42");
      await page.goto(`/packages/${packageId}/edit`);
      await expect(page.locator("html")).toHaveAttribute("lang", language.lang);
      await expect(page).toHaveTitle(language.title);
      for (const section of language.sections) await expect(page.getByRole("heading", { level: 2, name: section, exact: true })).toBeVisible();
      await expect(page.getByTestId("send-package")).toHaveText(language.send);
      const field = page.getByTestId("placed-field").first();
      await expect(field).toBeVisible();
      await checkPage(page, `builder-${language.lang}`);

      await field.click();
      await expect(page.getByTestId("field-inspector")).toContainText(language.fieldKind);
      await page.getByTestId("field-inspector").scrollIntoViewIfNeeded();
      await checkPage(page, `builder-field-${language.lang}`);

      await page.getByRole("button", { name: `${language.edit} Bea Buyer` }).click();
      const dialog = page.getByRole("dialog", { name: language.editSigner });
      await expect(dialog).toBeVisible();
      // Sent without a first name: the form's own check, in the page's language.
      await dialog.locator('input[name="firstName"]').fill("");
      await dialog.locator("form button[type=submit]").click();
      await expect(dialog.getByText(language.firstNameMissing)).toBeVisible();
      await checkPage(page, `builder-signer-dialog-${language.lang}`);
      await page.keyboard.press("Escape");
      await expect(dialog).toHaveCount(0);

      const notary = page.getByTestId("builder-notary");
      await notary.getByLabel(language.notarized).click();
      await expect(notary.getByLabel(language.notarized)).toBeChecked();
      await expect(notary.getByTestId("notary-blocking")).toContainText(language.chooseNotary);
      await notary.scrollIntoViewIfNeeded();
      await checkPage(page, `builder-notary-${language.lang}`);

      await page.goto(`/templates/${templateId}/edit`);
      await expect(page).toHaveTitle(language.templateTitle);
      await expect(page.getByRole("heading", { level: 2, name: language.placeholders, exact: true })).toBeVisible();
      await checkPage(page, `builder-template-${language.lang}`);
      await page.context().close();
    });
  });
}
