import { randomBytes } from "node:crypto";
import { expect, test } from "../support/test";
import { checkPage, PASSWORD } from "./console-support";

/**
 * The ways into the console and its templates in the browser's language, as someone whose browser
 * asks for French or Japanese meets them: the home page, sign-in, sign-up and the forgotten
 * password, then, signed up, the templates page and the account switcher; every page with axe at
 * nothing serious and its screenshot kept.
 */

const LANGUAGES = [
  {
    locale: "fr-FR",
    lang: "fr",
    home: "Se connecter",
    signIn: "Connexion à Signet",
    signUp: "Créez votre compte Signet",
    forgot: "Mot de passe oublié ?",
    templates: "Modèles",
    emptyTemplates: "Aucun modèle pour l’instant. Créez-en un.",
    switchAccount: "Changer de compte",
  },
  {
    locale: "ja-JP",
    lang: "ja",
    home: "サインイン",
    signIn: "Signet にサインイン",
    signUp: "Signet アカウントを作成",
    forgot: "パスワードをお忘れですか？",
    templates: "テンプレート",
    emptyTemplates: "テンプレートはまだありません。作成しましょう。",
    switchAccount: "アカウントの切り替え",
  },
];

for (const language of LANGUAGES) {
  test.describe(`the console in ${language.lang}`, () => {
    test.use({ locale: language.locale });

    test("from the home page to sign-up, then the templates", async ({ page }) => {
      await page.goto("/");
      await expect(page.getByRole("link", { name: language.home, exact: true })).toBeVisible();
      await expect(page.locator("html")).toHaveAttribute("lang", language.lang);
      await checkPage(page, `home-${language.lang}`);

      await page.goto("/signin");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(language.signIn);
      await checkPage(page, `sign-in-${language.lang}`);

      await page.goto("/forgot-password");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(language.forgot);
      await checkPage(page, `forgot-password-${language.lang}`);

      await page.goto("/signup");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(language.signUp);
      // Sent empty: each field says what it needs in the page's language.
      await page.locator("form button[type=submit]").click();
      await expect(page.locator('input[name="accountName"]')).toHaveAttribute("aria-invalid", "true");
      await checkPage(page, `sign-up-refused-${language.lang}`);

      await page.locator('input[name="accountName"]').fill(`Langue ${language.lang}`);
      await page.locator('input[name="firstName"]').fill("Sofia");
      await page.locator('input[name="lastName"]').fill("Sender");
      await page.locator('input[name="email"]').fill(`sender-${randomBytes(5).toString("hex")}@example.test`);
      await page.locator('input[name="password"]').fill(PASSWORD);
      await page.locator("form button[type=submit]").click();
      await page.waitForURL("**/packages");

      await page.goto("/templates");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(language.templates);
      await expect(page.getByRole("heading", { name: language.emptyTemplates })).toBeVisible();
      await expect(page).toHaveTitle(`${language.templates} · Signet`);
      await checkPage(page, `templates-${language.lang}`);

      await page.getByTestId("account-switcher").first().click();
      await expect(page.getByRole("dialog", { name: language.switchAccount })).toBeVisible();
      await checkPage(page, `account-switcher-${language.lang}`);
    });
  });
}
