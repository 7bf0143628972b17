import { expect, test } from "../support/test";
import { fullNameSignature, person } from "../support/package-payloads";
import { ServiceClient } from "../support/service-client";
import { acceptConsent, openCeremony } from "../support/signer";
import { checkPage, signInWithPassword, titledPdf } from "./console-support";

/**
 * Document visibility: in the builder the sender hides document B from signer 2 ("Visible to");
 * signer 2's ceremony then shows only A, and signer 1, who signs B, sees both.
 */

test.describe.configure({ timeout: 180_000 });

test("the sender hides a document from one signer in the builder; that signer's ceremony shows only the other", async ({ page, browser, baseURL }) => {
  const owner = await ServiceClient.signUp(baseURL!, "Visibility test");
  const packageId = await owner.createPackage(
    {
      name: "Partnership",
      type: "PACKAGE",
      status: "DRAFT",
      roles: [
        { id: "One", index: 1, type: "SIGNER", signers: [person("Ona", "One")] },
        { id: "Two", index: 1, type: "SIGNER", signers: [person("Tom", "Two")] },
      ],
      documents: [
        { id: "a", name: "Agreement", approvals: [{ role: "One", fields: [fullNameSignature(72)] }, { role: "Two", fields: [fullNameSignature(330)] }] },
        { id: "b", name: "Private annex", approvals: [{ role: "One", fields: [fullNameSignature(72)] }] },
      ],
    },
    [await titledPdf("Agreement"), await titledPdf("Private annex")],
  );

  await signInWithPassword(page, owner.email, "ceremony-test-42");
  await page.waitForURL("**/packages");
  await page.goto(`/packages/${packageId}/edit`);
  const annex = page.getByTestId("document-row").filter({ hasText: "Private annex" });
  await annex.getByRole("button", { name: /Visible to everyone/ }).click();
  const dialog = page.getByRole("dialog", { name: "Who sees “Private annex”?" });
  // Ona signs the annex: she always sees it, and cannot be unticked.
  await expect(dialog.getByLabel("Ona One")).toBeChecked();
  await expect(dialog.getByLabel("Ona One")).toBeDisabled();
  await dialog.getByLabel("Tom Two").uncheck();
  await dialog.getByRole("button", { name: "Save who sees it" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(annex.getByRole("button", { name: /Visible to Ona One/ })).toBeVisible();
  // The agreement is still everyone's.
  await expect(page.getByTestId("document-row").filter({ hasText: "Agreement" }).getByRole("button", { name: /Visible to everyone/ })).toBeVisible();
  await checkPage(page, "document-visibility-builder");

  // Reloaded, the builder shows what the service kept.
  await page.reload();
  await expect(page.getByTestId("document-row").filter({ hasText: "Private annex" }).getByRole("button", { name: /Visible to Ona One/ })).toBeVisible();

  await owner.send(packageId);

  const tom = await openCeremony(browser, await owner.signingUrl(packageId, "Two"));
  await acceptConsent(tom);
  const tomDocuments = tom.getByRole("navigation", { name: "Documents" });
  await expect(tomDocuments.getByRole("button", { name: /Agreement/ })).toBeVisible();
  await expect(tomDocuments.getByRole("button", { name: /Private annex/ })).toHaveCount(0);
  await expect(tom.getByText("Private annex")).toHaveCount(0);

  const ona = await openCeremony(browser, await owner.signingUrl(packageId, "One"));
  await acceptConsent(ona);
  const onaDocuments = ona.getByRole("navigation", { name: "Documents" });
  await expect(onaDocuments.getByRole("button", { name: /Agreement/ })).toBeVisible();
  await expect(onaDocuments.getByRole("button", { name: /Private annex/ })).toBeVisible();
});
