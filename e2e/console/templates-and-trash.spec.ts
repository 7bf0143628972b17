import { expect, test } from "../support/test";
import { checkPage, pdfFile, signUpInConsole } from "./console-support";

/**
 * Templates (built with the package builder: placeholders instead of people, then used to start a
 * package whose roles are filled in a dialog) and the trash (bulk trash, restore, delete).
 */

test.describe.configure({ timeout: 180_000 });

test("a template with two placeholders starts a package that is sent to the people filled in", async ({ page }) => {
  await signUpInConsole(page, "Template test");
  await page.goto("/templates");
  await checkPage(page, "templates-empty");
  await page.getByTestId("empty-new-template").click();
  await page.waitForURL(/\/templates\/[^/]+\/edit$/);

  await page.getByLabel("Template name").fill("Mutual NDA");
  await page.getByTestId("document-file-input").setInputFiles([await pdfFile("NDA.pdf", "Mutual non-disclosure agreement")]);
  await expect(page.getByTestId("document-drag-handle")).toHaveCount(1, { timeout: 30_000 });
  const placeholders = page.getByTestId("add-placeholder-form");
  for (const name of ["Discloser", "Recipient"]) {
    await placeholders.getByLabel("Placeholder name").fill(name);
    await placeholders.getByRole("button", { name: "Add placeholder" }).click();
    await expect(page.getByTestId("signer-name").filter({ hasText: name })).toBeVisible();
  }
  // One signature for each placeholder, added with the keyboard this time.
  const editor = page.getByTestId("field-editor");
  for (const [i, name] of ["Discloser", "Recipient"].entries()) {
    await editor.getByTestId("field-signer-picker").locator("label").filter({ hasText: name }).click();
    await expect(editor.getByRole("radio", { name: new RegExp(`^${name}`) })).toBeChecked();
    await editor.getByTestId("field-palette-signature").press("Enter");
    await expect(editor.getByTestId("placed-field")).toHaveCount(i + 1);
    // Away from the spot the next one is added at.
    await page.keyboard.press(i === 0 ? "Shift+ArrowDown" : "Shift+ArrowUp");
  }
  await expect(page.getByTestId("field-save-status")).toHaveText("Changes are saved as you go.");
  await expect(page.getByTestId("settings-save-state")).not.toHaveText(/Saving/);
  await page.getByRole("link", { name: "Done" }).click();
  await page.waitForURL("**/templates");
  await expect(page.getByTestId("template-row").filter({ hasText: "Mutual NDA" })).toBeVisible();
  await checkPage(page, "templates");

  await page.getByRole("button", { name: "Use template Mutual NDA" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Package name").fill("NDA with Globex");
  const people = { Discloser: ["Dora", "Discloser", "dora@example.test"], Recipient: ["Rex", "Recipient", "rex@example.test"] };
  for (const [role, [first, last, email]] of Object.entries(people)) {
    const group = dialog.getByRole("group", { name: new RegExp(role) });
    await group.getByLabel("First name").fill(first!);
    await group.getByLabel("Last name").fill(last!);
    await group.getByLabel("E-mail").fill(email!);
  }
  await dialog.getByTestId("use-template-submit").click();
  await page.waitForURL(/\/packages\/[^/]+\/edit$/);
  await expect(page.getByTestId("signer-name").filter({ hasText: "Dora Discloser" })).toBeVisible();
  await expect(page.getByTestId("signer-name").filter({ hasText: "Rex Recipient" })).toBeVisible();
  await expect(page.getByTestId("field-editor").getByTestId("placed-field")).toHaveCount(2);
  await page.getByTestId("send-package").click();
  await page.waitForURL(/\/packages\/[^/]+$/);
  await expect(page.getByTestId("package-name")).toHaveText("NDA with Globex");
  await expect(page.getByTestId("package-status")).toContainText("In progress");
});

test("drafts go to the trash together, one comes back, the other is deleted for good", async ({ page }) => {
  await signUpInConsole(page, "Trash test");
  for (const name of ["First draft", "Second draft"]) {
    await page.goto("/packages");
    await page.getByTestId("new-package").click();
    await page.waitForURL(/\/edit$/);
    await page.getByLabel("Package name").fill(name);
    await page.getByLabel("Description").click(); // leaving the name saves it
    await expect(page.getByTestId("settings-save-state")).toHaveText(/Saved/);
  }
  await page.goto("/packages?tab=drafts");
  const rows = page.getByTestId("package-row");
  await expect(rows).toHaveCount(2);
  await page.getByTestId("select-all").check();
  await page.getByTestId("bulk-trash").click();
  await expect(page.getByText("No drafts. Start a new package.")).toBeVisible();

  await page.getByTestId("tab-trash").click();
  await expect(rows).toHaveCount(2);
  await checkPage(page, "trash");
  await page.getByRole("checkbox", { name: "Select First draft" }).check();
  await page.getByTestId("bulk-restore").click();
  await expect(rows).toHaveCount(1);
  await page.getByRole("checkbox", { name: "Select Second draft" }).check();
  await page.getByTestId("bulk-delete").click();
  await page.getByRole("dialog").getByTestId("confirm-delete").click();
  await expect(rows).toHaveCount(0);

  await page.getByTestId("tab-drafts").click();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText("First draft");
});
