import { expect, test } from "../support/test";
import { ServiceClient } from "../support/service-client";
import { checkPage, pdfFile, signInWithApiKey, signUpInConsole, titledPdf } from "./console-support";

/**
 * The console at a phone's width (each main page scanned by axe there too), and a 200-page
 * document in the builder, whose pages are drawn only near the view however far it scrolls.
 */

test.describe.configure({ timeout: 180_000 });

test("at a phone's width the inbox, the builder, the package page and the templates work and pass axe", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signUpInConsole(page, "Phone test");
  await checkPage(page, "phone-inbox-empty");

  // The navigation folds into a menu.
  await page.getByRole("button", { name: "Menu" }).click();
  await expect(page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Templates" })).toBeVisible();
  await page.getByRole("button", { name: "Menu" }).click();

  await page.getByTestId("new-package").click();
  await page.waitForURL(/\/packages\/[^/]+\/edit$/);
  const packageId = decodeURIComponent(page.url().split("/").at(-2)!);
  await page.getByTestId("document-file-input").setInputFiles([await pdfFile("Lease.pdf", "Lease")]);
  await expect(page.getByTestId("document-drag-handle")).toHaveCount(1, { timeout: 30_000 });
  const addForm = page.getByTestId("add-signer-form");
  await addForm.getByLabel("First name").fill("Pat");
  await addForm.getByLabel("Last name").fill("Phone");
  await addForm.getByLabel("E-mail").fill("pat.phone@example.test");
  await addForm.getByRole("button", { name: "Add signer" }).click();
  await expect(page.getByTestId("signer-name").filter({ hasText: "Pat Phone" })).toBeVisible();
  await expect(page.getByTestId("field-editor").getByTestId("pdf-pages").locator('[data-painted="true"]')).toBeVisible({ timeout: 30_000 });
  await checkPage(page, "phone-builder");

  await page.goto(`/packages/${packageId}`);
  await expect(page.getByTestId("package-status")).toBeVisible();
  await checkPage(page, "phone-package");

  await page.goto("/packages");
  await page.getByRole("tab", { name: "Drafts" }).or(page.getByRole("link", { name: "Drafts" })).first().click();
  await expect(page.getByText("Untitled package").first()).toBeVisible();
  await checkPage(page, "phone-inbox");

  await page.goto("/templates");
  await expect(page.getByTestId("empty-new-template")).toBeVisible();
  await checkPage(page, "phone-templates");
});

test("a 200-page document scrolls in the builder with only the pages near the view drawn", async ({ page, baseURL }) => {
  const owner = await ServiceClient.signUp(baseURL!, "Long document test");
  const packageId = await owner.createPackage(
    {
      name: "Annual report",
      roles: [{ id: "Reader", signers: [{ email: "reader@example.test", firstName: "Rita", lastName: "Reader" }] }],
      documents: [{ id: "report", name: "Report" }],
    },
    [await titledPdf("Report", 200)],
  );
  await signInWithApiKey(page, owner.apiKey);
  await page.waitForURL("**/packages");
  await page.goto(`/packages/${packageId}/edit`);

  const view = page.getByTestId("field-editor").getByTestId("pdf-pages");
  await expect(view.locator('[data-page-index="0"][data-painted="true"]')).toBeVisible({ timeout: 30_000 });
  const pagesInDom = () => view.locator("section[data-page-index]").count();
  expect(await pagesInDom()).toBeLessThanOrEqual(8);

  // Down the document in ten jumps: a handful of pages exist at each stop, never the 200.
  for (let step = 1; step <= 10; step++) {
    await view.evaluate((element, fraction) => element.scrollTo({ top: element.scrollHeight * fraction }), step / 10);
    await expect.poll(pagesInDom).toBeGreaterThan(0);
    expect(await pagesInDom()).toBeLessThanOrEqual(8);
  }
  const lastPage = view.locator('section[data-page-index="199"]');
  await expect(lastPage).toHaveAttribute("aria-label", "Report, page 200 of 200");
  // The last page is drawn (pdf.js paints it into a canvas), not left as a placeholder.
  await expect(lastPage.locator("canvas")).toBeVisible({ timeout: 15_000 });
});
