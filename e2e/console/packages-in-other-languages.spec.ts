import { expect, test } from "../support/test";
import { expectAccessible } from "../support/accessibility";
import { ServiceClient, SIGN_UP_PASSWORD } from "../support/service-client";
import { signedInPageInLocale, titledPdf } from "./console-support";

/**
 * The inbox and a package's page in a language other than English, as the browser asks for it:
 * their words come from messages/console/packages and packageDetail, their dates are formatted
 * for the language, and axe finds nothing serious in either (screenshots kept in test-results/).
 */

const LANGUAGES = [
  { locale: "fr-FR", lang: "fr", inbox: "Dossiers", folder: "En cours", signers: "Signataires", step: "Étape 1", reminders: "Rappels", draft: "Brouillon" },
  { locale: "ja-JP", lang: "ja", inbox: "パッケージ", folder: "進行中", signers: "署名者", step: "ステップ 1", reminders: "リマインダー", draft: "下書き" },
];

/** A page signed in as the account's owner, in a browser that asks for `locale` (signed in in English: the sign-in pages are not this test's). */
for (const language of LANGUAGES) {
  test(`the inbox and a package's page in ${language.locale}`, async ({ browser, baseURL }) => {
    const owner = await ServiceClient.signUp(baseURL!, "Languages test");
    const sentId = await owner.createPackage(
      {
        name: "Lease 2027",
        roles: [
          { id: "Tenant", index: 1, signers: [{ email: "tess@example.test", firstName: "Tess", lastName: "Tenant" }] },
          { id: "Landlord", index: 2, signers: [{ email: "lou@example.test", firstName: "Lou", lastName: "Landlord" }] },
        ],
        documents: [{ id: "lease", name: "Lease" }],
      },
      [await titledPdf("Lease")],
    );
    await owner.json("POST", `/api/packages/${sentId}/reminders`, { startInDaysDelay: 2, intervalInDays: 3, repetitionsCount: 3 });
    await owner.send(sentId);
    await owner.createPackage({ name: "Draft NDA", roles: [], documents: [{ id: "nda", name: "NDA" }] }, [await titledPdf("NDA")]);

    const page = await signedInPageInLocale(browser, baseURL!, language.locale, owner.email, SIGN_UP_PASSWORD);
    await page.goto("/packages?tab=sent");
    await expect(page.locator("html")).toHaveAttribute("lang", language.lang);
    await expect(page.getByRole("heading", { level: 1, name: language.inbox })).toBeVisible();
    await expect(page.getByRole("tab", { name: language.folder, selected: true })).toBeVisible();
    await expect(page.getByRole("columnheader", { name: language.signers })).toBeVisible();
    await expect(page.getByTestId("package-row")).toHaveCount(1);
    await page.screenshot({ path: `test-results/packages-${language.lang}-inbox.png`, fullPage: true });
    await expectAccessible(page, `the inbox in ${language.locale}`);

    await page.goto("/packages?tab=drafts");
    await expect(page.getByTestId("package-row").getByText(language.draft, { exact: true })).toBeVisible();

    await page.goto(`/packages/${sentId}`);
    await expect(page.getByRole("heading", { level: 2, name: language.signers })).toBeVisible();
    await expect(page.getByTestId("signing-step-1")).toContainText(language.step);
    await expect(page.getByRole("heading", { level: 2, name: language.reminders })).toBeVisible();
    await expect(page.getByTestId("history-event").first()).toBeVisible();
    await page.screenshot({ path: `test-results/packages-${language.lang}-package.png`, fullPage: true });
    await expectAccessible(page, `a package's page in ${language.locale}`);
    await page.context().close();
  });
}
