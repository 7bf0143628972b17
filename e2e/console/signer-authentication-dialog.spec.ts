import { expect, test } from "../support/test";
import { signUpInConsole } from "./console-support";

/**
 * The builder's signer dialog sets how the signer authenticates: questions and answers (an answer
 * is sent once and never shown again; saving without retyping it keeps it), or an SMS code, which
 * this server (no TWILIO_* settings) refuses with the settings it lacks.
 */

test.describe.configure({ timeout: 120_000 });

test("the sender gives a signer security questions in the signer dialog; SMS is refused without a provider", async ({ page }) => {
  await signUpInConsole(page, "Signer authentication dialog");
  await page.getByTestId("new-package").click();
  await page.waitForURL(/\/packages\/[^/]+\/edit$/);

  const addForm = page.getByTestId("add-signer-form");
  await addForm.getByLabel("First name").fill("Dana");
  await addForm.getByLabel("Last name").fill("Doe");
  await addForm.getByLabel("E-mail").fill("dana.doe@example.test");
  await addForm.getByRole("button", { name: "Add signer" }).click();
  const row = page.getByTestId("signer-row").filter({ hasText: "Dana Doe" });
  await expect(row).toBeVisible();

  await row.getByRole("button", { name: "Edit Dana Doe" }).click();
  let dialog = page.getByRole("dialog", { name: "Edit the signer" });
  await dialog.getByLabel("Before seeing the documents, the signer").selectOption("CHALLENGE");
  await dialog.getByLabel("Question 1").fill("Name of your first school?");
  // Without its answer the form says what is missing.
  await dialog.getByRole("button", { name: "Save signer" }).click();
  await expect(dialog.getByText("Give the answer.")).toBeVisible();
  await dialog.getByLabel("Answer 1").fill("Lycée Molière");
  await dialog.getByRole("button", { name: "Add a question" }).click();
  await dialog.getByLabel("Question 2").fill("Your branch code?");
  await dialog.getByLabel("Answer 2").fill("B-7");
  await dialog.getByTestId("auth-challenge").nth(1).getByLabel("Hide the answer as the signer types it").check();
  await dialog.screenshot({ path: test.info().outputPath("signer-dialog-questions.png"), animations: "disabled" });
  await dialog.getByRole("button", { name: "Save signer" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(row).toContainText("security questions");

  // Opened again: the questions are there, the answers are not, and saving keeps them.
  await row.getByRole("button", { name: "Edit Dana Doe" }).click();
  dialog = page.getByRole("dialog", { name: "Edit the signer" });
  await expect(dialog.getByLabel("Question 1")).toHaveValue("Name of your first school?");
  await expect(dialog.getByLabel("Question 2")).toHaveValue("Your branch code?");
  await expect(dialog.getByLabel("Answer 1")).toHaveValue("");
  await expect(dialog.getByText("Saved; leave empty to keep it.").first()).toBeVisible();
  await expect(dialog.getByTestId("auth-challenge").nth(1).getByLabel("Hide the answer as the signer types it")).toBeChecked();
  await dialog.getByRole("button", { name: "Save signer" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(row).toContainText("security questions");

  // SMS: this server has no text message provider, and says which settings it lacks.
  await row.getByRole("button", { name: "Edit Dana Doe" }).click();
  dialog = page.getByRole("dialog", { name: "Edit the signer" });
  await dialog.getByLabel("Before seeing the documents, the signer").selectOption("SMS");
  await dialog.getByLabel("Mobile number").fill("514 555 0199");
  await dialog.getByRole("button", { name: "Save signer" }).click();
  await expect(dialog.getByRole("alert")).toContainText("TWILIO_ACCOUNT_SID");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(row).toContainText("security questions");
});
