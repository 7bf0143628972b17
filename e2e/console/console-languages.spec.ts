import { randomBytes } from "node:crypto";
import path from "node:path";
import type { Browser, Page } from "@playwright/test";
import { expect, test } from "../support/test";
import { LOCALE_NAMES, SHIPPED_LOCALES, type Locale } from "../../lib/i18n/locales";
import { checkPageInLanguage, consoleText, messagesOfLanguageShown, pageSettled, watchIntlErrors, type ConsolePage } from "../support/console-languages";
import { fullNameSignature, person } from "../support/package-payloads";
import { SIGN_UP_PASSWORD, ServiceClient } from "../support/service-client";
import { dropOnPage, PASSWORD, pdfFile, titledPdf } from "./console-support";

/**
 * The console in the user's language (issue 34 item 1): first the browser's, then the one chosen
 * in the profile, which follows the user to any browser; the whole console walked in French and
 * in Japanese (a package built and sent on the way), each page's full-page screenshot kept in
 * test-results/console-languages/<locale>/ for a person to look at; and axe at 0 on every page in
 * every language. Words are read from messages/console at run time and pages found by address,
 * role and test id: no sentence of any language is written here.
 */

test.describe.configure({ timeout: 300_000 });

const SCREENSHOTS = path.join("test-results", "console-languages");
const OTHER_LOCALES = SHIPPED_LOCALES.filter((locale) => locale !== "fr" && locale !== "ja");
/** What a browser asks for, per language (Playwright sends it as Accept-Language). */
const BROWSER_LOCALE: Record<Locale, string> = { en: "en-US", fr: "fr-FR", de: "de-DE", es: "es-ES", nl: "nl-NL", it: "it-IT", pt: "pt-BR", ja: "ja-JP" };

// ---- Signing up and in, by the forms' fields rather than their (translated) labels.

async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto("/signin");
  const form = page.locator("form", { has: page.locator('input[name="password"]') });
  await form.locator('input[name="email"]').fill(email);
  await form.locator('input[name="password"]').fill(password);
  await form.locator('button[type="submit"]').click();
  await page.waitForURL("**/packages");
}

async function signUp(page: Page, firstName: string, lastName: string): Promise<string> {
  const email = `${firstName.toLowerCase()}-${randomBytes(4).toString("hex")}@example.test`;
  await page.goto("/signup");
  await page.locator('input[name="accountName"]').fill(`${firstName} ${lastName}`);
  await page.locator('input[name="firstName"]').fill(firstName);
  await page.locator('input[name="lastName"]').fill(lastName);
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(PASSWORD);
  await page.locator('form button[type="submit"]').click();
  await page.waitForURL("**/packages");
  return email;
}

// ---- The pages.

const AUTH_PAGES: ConsolePage[] = [
  { name: "sign-in", path: "/signin" },
  { name: "sign-up", path: "/signup" },
  { name: "forgot-password", path: "/forgot-password" },
];

/** The builder has settled once the document's first page is drawn. */
const PDF_PAGE = '[data-testid="pdf-pages"] canvas';
const PROFILE: ConsolePage = { name: "profile", path: "/profile" };

/** The inbox's folders (`?tab=`); `rows`: the seeded account has packages there. */
const FOLDERS = [
  { tab: "inbox" },
  { tab: "drafts", rows: true },
  { tab: "sent", rows: true },
  { tab: "completed" },
  { tab: "archived" },
  { tab: "declined" },
  { tab: "trash" },
  { tab: "delegated" },
];

/** Every page of the account's administration an owner reaches, in its menu's order. */
const ACCOUNT_PAGES: { slug: string; ready?: string; dates?: boolean }[] = [
  { slug: "senders", ready: '[data-testid="sender-row"]' },
  { slug: "groups" },
  { slug: "roles", ready: '[data-testid="role-row"]' },
  { slug: "sub-accounts", ready: '[data-testid="account-node"]' },
  { slug: "integrations" },
  { slug: "password" },
  { slug: "delegates" },
  { slug: "notary" },
  { slug: "verification", ready: '[data-testid="verification-type"]' },
  { slug: "reports", ready: '[data-testid="report-row"]', dates: true },
  { slug: "ceremony", ready: '[data-testid="support-contact-settings"]' },
  { slug: "outbox", ready: '[data-testid="outbox-row"]', dates: true },
];

function folderPage({ tab, rows }: { tab: string; rows?: boolean }): ConsolePage {
  return { name: `packages-${tab}`, path: tab === "inbox" ? "/packages" : `/packages?tab=${tab}`, dates: rows, ready: rows ? '[data-testid="package-row"]' : undefined };
}

function accountPage({ slug, ready, dates }: (typeof ACCOUNT_PAGES)[number]): ConsolePage {
  return { name: `account-${slug}`, path: `/account/${slug}`, ready, dates };
}

/** The console's pages with the seeded account's package, draft and template in them. `folders`: which of the inbox's. */
function consolePages(seed: Seed, folders: typeof FOLDERS): ConsolePage[] {
  return [
    ...folders.map(folderPage),
    { name: "builder-draft", path: `/packages/${seed.draftId}/edit`, ready: PDF_PAGE },
    { name: "package-sent", path: `/packages/${seed.sentId}`, dates: true, ready: '[data-testid="package-status"]' },
    { name: "templates", path: "/templates", dates: true, ready: '[data-testid="template-row"]' },
    { name: "template-builder", path: `/templates/${seed.templateId}/edit`, ready: PDF_PAGE },
    PROFILE,
    ...ACCOUNT_PAGES.map(accountPage),
  ];
}

// ---- One account for the walks: an owner with a sender, a package out for signing, a draft and a template.

interface Seed {
  owner: ServiceClient;
  sentId: string;
  draftId: string;
  templateId: string;
}

let seeded: Promise<Seed> | undefined;

async function seedAccount(baseURL: string): Promise<Seed> {
  const owner = await ServiceClient.signUp(baseURL, "Atelier Lumière");
  // The invitation is also the outbox's first e-mail.
  await owner.json("POST", "/api/account/senders", { email: `kenji-${randomBytes(4).toString("hex")}@example.test`, firstName: "Kenji", lastName: "Sato" });
  const lease = (name: string, signerLastName: string) => ({
    name,
    type: "PACKAGE",
    status: "DRAFT",
    roles: [{ id: "Locataire", type: "SIGNER", index: 1, signers: [person("Camille", signerLastName)] }],
    documents: [{ id: "contrat", name: "Contrat", index: 1, approvals: [{ role: "Locataire", fields: [fullNameSignature(72)] }] }],
  });
  const sentId = await owner.createPackage(lease("Contrat de location", "Durand"), [await titledPdf("Contrat")]);
  await owner.send(sentId);
  const draftId = await owner.createPackage(lease("Avenant au bail", "Morel"), [await titledPdf("Avenant")]);
  const templateId = await owner.createPackage(
    {
      name: "Mandat de gestion",
      type: "TEMPLATE",
      roles: [{ id: "Mandant", name: "Mandant", signers: [] }],
      documents: [{ id: "mandat", name: "Mandat", index: 1, approvals: [{ role: "Mandant", fields: [fullNameSignature(72)] }] }],
    },
    [await titledPdf("Mandat")],
  );
  return { owner, sentId, draftId, templateId };
}

/** The console's language the owner chose in their profile (`null`: their browser's), as the profile page stores it. */
async function chooseLanguage(owner: ServiceClient, language: Locale | null): Promise<void> {
  await owner.json("PUT", "/api/user/language", { language });
}

// ---- Walking the pages.

async function checkAuthPages(browser: Browser, locale: Locale, screenshots?: string): Promise<void> {
  const context = await browser.newContext({ locale: BROWSER_LOCALE[locale] });
  const page = await context.newPage();
  const intlErrors = watchIntlErrors(page);
  for (const authPage of AUTH_PAGES) {
    await page.goto(authPage.path);
    await checkPageInLanguage(page, locale, authPage, intlErrors, screenshots);
  }
  await context.close();
}

/** Every console page by its address, checked in `locale`; the account's menu must list exactly the account pages walked. */
async function walkConsole(page: Page, locale: Locale, pages: ConsolePage[], intlErrors: string[], screenshots?: string): Promise<void> {
  for (const consolePage of pages) {
    await page.goto(consolePage.path);
    await checkPageInLanguage(page, locale, consolePage, intlErrors, screenshots);
    if (consolePage.name === "account-senders") {
      const menu = page.locator('main nav a[href^="/account/"]');
      await expect(menu).toHaveCount(ACCOUNT_PAGES.length);
      expect(await menu.evaluateAll((links) => links.map((link) => link.getAttribute("href")))).toEqual(ACCOUNT_PAGES.map(({ slug }) => `/account/${slug}`));
    }
  }
}

/** The package's fields as the service holds them (through the console's proxy). */
async function fieldCount(page: Page, packageId: string): Promise<number> {
  const pkg = (await (await page.request.get(`/proxy/api/packages/${encodeURIComponent(packageId)}`)).json()) as { documents: { approvals: { fields: unknown[] }[] }[] };
  return pkg.documents.flatMap((document) => document.approvals.flatMap((approval) => approval.fields)).length;
}

/** From the inbox: a new package, a PDF uploaded, a signer added, a signature field placed for them, sent; its page. */
async function buildAndSend(page: Page, locale: Locale, intlErrors: string[], screenshots: string): Promise<void> {
  await page.goto("/packages");
  await pageSettled(page);
  await page.getByTestId("new-package").click();
  await page.waitForURL(/\/packages\/[^/]+\/edit$/);
  const packageId = decodeURIComponent(page.url().split("/").at(-2)!);

  await page.getByTestId("document-file-input").setInputFiles([await pdfFile("Bail.pdf", "Bail")]);
  await expect(page.getByTestId("document-drag-handle")).toHaveCount(1, { timeout: 30_000 });
  const documentId = await page.getByTestId("document-row").filter({ hasText: "Bail" }).getAttribute("data-document-id");

  const addSigner = page.getByTestId("add-signer-form");
  await addSigner.locator('input[name="firstName"]').fill("Hana");
  await addSigner.locator('input[name="lastName"]').fill("Kobayashi");
  await addSigner.locator('input[name="email"]').fill("hana.kobayashi@example.test");
  await addSigner.locator('button[type="submit"]').click();
  await expect(page.getByTestId("signer-name").filter({ hasText: "Hana Kobayashi" })).toBeVisible();

  const editor = page.getByTestId("field-editor");
  await editor.getByTestId(`field-document-tab-${documentId}`).click();
  await editor.getByTestId("field-signer-picker").locator("label").first().click();
  const firstPage = page.getByTestId(`field-page-${documentId}-0`);
  await firstPage.scrollIntoViewIfNeeded();
  await dropOnPage(editor.getByTestId("field-palette-signature"), firstPage, 0.3, 0.3);
  await expect(editor.getByTestId("placed-field")).toHaveCount(1);
  await expect.poll(() => fieldCount(page, packageId)).toBe(1);
  await checkPageInLanguage(page, locale, { name: "builder-new", path: page.url(), ready: '[data-testid="placed-field"]' }, intlErrors, screenshots);

  // Send asks for a name while the package has its first one.
  await page.getByTestId("send-package").click();
  const nameAndSend = page.getByTestId("name-and-send");
  await expect(nameAndSend.or(page.getByTestId("package-status"))).toBeVisible();
  if (await nameAndSend.isVisible()) {
    await checkPageInLanguage(page, locale, { name: "builder-name-before-sending", path: page.url() }, intlErrors, screenshots);
    await page.getByRole("dialog").getByRole("textbox").fill("Bail commercial");
    await nameAndSend.click();
  }
  await page.waitForURL(`**/packages/${encodeURIComponent(packageId)}`);
  await checkPageInLanguage(page, locale, { name: "package-new", path: page.url(), dates: true, ready: '[data-testid="package-status"]' }, intlErrors, screenshots);
}

// ---- The tests.

test("the console speaks the browser's language until the user chooses one in their profile, and the choice follows them to another browser", async ({ browser }) => {
  const screenshots = path.join(SCREENSHOTS, "browser-then-profile");
  const shellWords = (locale: Locale) => ["packages", "templates", "account"].map((key) => consoleText(locale, `shell.${key}`));
  const expectShellIn = async (page: Page, locale: Locale) => {
    await expect(page.locator("html")).toHaveAttribute("lang", locale);
    await expect(page.getByTestId("intl-root")).toHaveAttribute("lang", locale);
    await expect(page.getByRole("navigation", { name: consoleText(locale, "shell.navigation") }).getByRole("link")).toHaveText(shellWords(locale));
    await expect(page.getByRole("button", { name: consoleText(locale, "shell.signOut") })).toBeVisible();
  };

  // A browser that asks for French: the sign-in and sign-up pages, then the console, in French.
  const french = await browser.newContext({ locale: "fr-FR" });
  const page = await french.newPage();
  const intlErrors = watchIntlErrors(page);
  await page.goto("/signin");
  await checkPageInLanguage(page, "fr", AUTH_PAGES[0]!, intlErrors, screenshots);
  await page.goto("/signup");
  await checkPageInLanguage(page, "fr", AUTH_PAGES[1]!, intlErrors, screenshots);
  const email = await signUp(page, "Louise", "Martin");
  await expectShellIn(page, "fr");
  await checkPageInLanguage(page, "fr", folderPage(FOLDERS[0]!), intlErrors, screenshots);

  // Their profile, by their name in the top bar: the browser's language is chosen; they choose 日本語.
  await page.getByRole("link", { name: "Louise Martin" }).click();
  await page.waitForURL("**/profile");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(consoleText("fr", "profile.heading"));
  await expect(page.getByRole("radio", { name: consoleText("fr", "profile.browserLanguage", { language: LOCALE_NAMES.fr }) })).toBeChecked();
  await checkPageInLanguage(page, "fr", { ...PROFILE, name: "profile-browser-fr" }, intlErrors, screenshots);
  await page.getByRole("radio", { name: LOCALE_NAMES.ja, exact: true }).check();
  await page.getByRole("button", { name: consoleText("fr", "profile.save") }).click();
  // The confirmation already speaks the language chosen, and nothing French is left once the page follows.
  await expect(page.getByText(consoleText("ja", "profile.saved"))).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(consoleText("ja", "profile.heading"));
  await expectShellIn(page, "ja");
  expect(await messagesOfLanguageShown(page, "fr", "ja")).toEqual([]);
  await expect(page.getByRole("radio", { name: LOCALE_NAMES.ja, exact: true })).toBeChecked();
  await checkPageInLanguage(page, "ja", { ...PROFILE, name: "profile-chosen-ja" }, intlErrors, screenshots);
  await page.goto("/packages");
  await expectShellIn(page, "ja");
  await french.close();

  // Another browser, asking for English: its sign-in page is English, the console Japanese, the user's choice.
  const english = await browser.newContext({ locale: "en-US" });
  const elsewhere = await english.newPage();
  const errorsElsewhere = watchIntlErrors(elsewhere);
  await elsewhere.goto("/signin");
  await checkPageInLanguage(elsewhere, "en", AUTH_PAGES[0]!, errorsElsewhere);
  await signIn(elsewhere, email, PASSWORD);
  await expectShellIn(elsewhere, "ja");
  await checkPageInLanguage(elsewhere, "ja", { ...folderPage(FOLDERS[0]!), name: "packages-inbox-ja-from-english-browser" }, errorsElsewhere, screenshots);

  // Back to the browser's language: this browser's, English.
  await elsewhere.goto("/profile");
  await elsewhere.getByRole("radio", { name: consoleText("ja", "profile.browserLanguage", { language: LOCALE_NAMES.en }) }).check();
  await elsewhere.getByRole("button", { name: consoleText("ja", "profile.save") }).click();
  await expect(elsewhere.getByText(consoleText("en", "profile.saved"))).toBeVisible();
  await expect(elsewhere.getByRole("heading", { level: 1 })).toHaveText(consoleText("en", "profile.heading"));
  await expectShellIn(elsewhere, "en");
  expect(await messagesOfLanguageShown(elsewhere, "ja", "en")).toEqual([]);
  await expect(elsewhere.getByRole("radio", { name: consoleText("en", "profile.browserLanguage", { language: LOCALE_NAMES.en }) })).toBeChecked();
  await english.close();
});

test.describe("every console page in every language, as one owner", () => {
  const seed = (baseURL: string) => (seeded ??= seedAccount(baseURL));

  for (const locale of ["fr", "ja"] as const) {
    test(`the whole console journey in ${LOCALE_NAMES[locale]}: sign-in pages, a package built and sent, every page looked at`, async ({ browser, baseURL }) => {
      const { owner, ...ids } = await seed(baseURL!);
      const screenshots = path.join(SCREENSHOTS, locale);
      await checkAuthPages(browser, locale, screenshots);

      // Chosen in the profile, from a browser that asks for English: dates too must follow the choice, not the browser.
      await chooseLanguage(owner, locale);
      const context = await browser.newContext({ locale: "en-US" });
      const page = await context.newPage();
      const intlErrors = watchIntlErrors(page);
      await signIn(page, owner.email, SIGN_UP_PASSWORD);
      await buildAndSend(page, locale, intlErrors, screenshots);
      await walkConsole(page, locale, consolePages({ owner, ...ids }, FOLDERS), intlErrors, screenshots);
      await context.close();
    });
  }

  for (const locale of OTHER_LOCALES) {
    test(`every console page in ${LOCALE_NAMES[locale]} (from the browser) passes axe and the language checks`, async ({ browser, baseURL }) => {
      const { owner, ...ids } = await seed(baseURL!);
      await checkAuthPages(browser, locale);
      await chooseLanguage(owner, null);
      const context = await browser.newContext({ locale: BROWSER_LOCALE[locale] });
      const page = await context.newPage();
      const intlErrors = watchIntlErrors(page);
      await signIn(page, owner.email, SIGN_UP_PASSWORD);
      // The inbox's folders are one page: an empty one and one with packages stand for the rest (French and Japanese walk them all).
      const folders = FOLDERS.filter(({ tab }) => tab === "inbox" || tab === "sent");
      await walkConsole(page, locale, consolePages({ owner, ...ids }, folders), intlErrors);
      await context.close();
    });
  }
});
