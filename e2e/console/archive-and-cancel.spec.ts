import { expect, test } from "../support/test";
import { oneSignatureEachPackage, person } from "../support/package-payloads";
import { expectAccessible } from "../support/accessibility";
import { ServiceClient, signThroughCeremonyApi } from "../support/service-client";
import { acceptConsent, expectFinished, openCeremony, signDocument, signField } from "../support/signer";
import { signUpInConsole, titledPdf } from "./console-support";

/**
 * The package page's end-of-life actions: cancelling the signing of a sent package with a reason
 * for its signers (back to draft, as OneSpan does), archiving a completed package (the Archived
 * folder, one at a time or several at once) and taking it out of the archive again.
 */

test.describe.configure({ timeout: 180_000 });

async function sentPackage(service: ServiceClient, name: string): Promise<string> {
  const packageId = await service.createPackage(
    oneSignatureEachPackage({ name, document: { id: "lease", name: "Lease" }, roles: [{ id: "Tina", index: 1, signers: [person("Tina", "Tenant")] }] }),
    [await titledPdf(name)],
  );
  await service.send(packageId);
  return packageId;
}

test("a sender cancels the signing of a sent package with a reason: it is a draft again and the signer is e-mailed", async ({ page, baseURL }) => {
  const user = await signUpInConsole(page, "Cancel test");
  const service = await ServiceClient.signIn(baseURL!, user.email, user.password);
  // Tina reads English; Théo, French.
  const packageId = await service.createPackage(
    oneSignatureEachPackage({
      name: "Lease to cancel",
      document: { id: "lease", name: "Lease" },
      roles: [
        { id: "Tina", index: 1, signers: [person("Tina", "Tenant")] },
        { id: "Theo", index: 1, signers: [{ ...person("Theo", "Tenant"), language: "fr" }] },
      ],
    }),
    [await titledPdf("Lease to cancel")],
  );
  await service.send(packageId);
  const link = await service.signingUrl(packageId, "Tina");
  const frenchLink = await service.signingUrl(packageId, "Theo");

  await page.goto(`/packages/${packageId}`);
  await expect(page.getByTestId("package-status")).toContainText("In progress");
  await page.getByTestId("action-cancel-signing").click();
  const dialog = page.getByRole("dialog", { name: "Cancel signing?" });
  // A reason is required.
  await dialog.getByTestId("confirm-cancel-signing").click();
  await expect(dialog.getByText("Give the signers a reason.")).toBeVisible();
  await dialog.getByLabel("Reason, for the signers").fill("The rent in clause 4 is wrong; a corrected lease follows.");
  await dialog.getByTestId("confirm-cancel-signing").click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId("package-status")).toContainText("Draft");
  await expect(page.getByTestId("action-send")).toBeVisible();
  // The reason stays in the package's history.
  await expect(page.getByTestId("history-event").filter({ hasText: "Taken back to draft" })).toContainText("The rent in clause 4 is wrong");

  const outbox = await service.json<{ results: { kind: string; to: string; subject: string }[] }>("GET", "/api/account/outbox?from=1&to=50");
  expect(outbox.results.filter((mail) => mail.kind === "SIGNING_CANCELLED" && mail.to === "tina@example.test")).toEqual([
    expect.objectContaining({ to: "tina@example.test", subject: 'Sofia Sender cancelled the signing of "Lease to cancel"' }),
  ]);
  // The signer's old link no longer opens the ceremony, and says why: the sender cancelled, with the reason.
  const signer = await openCeremony(page.context().browser()!, link);
  await expect(signer.getByRole("heading", { name: "The signing was cancelled" })).toBeVisible();
  await expect(signer.getByText("Sofia Sender cancelled the signing of “Lease to cancel”, so this link no longer opens it.")).toBeVisible();
  await expect(signer.getByTestId("cancel-reason")).toHaveText("The rent in clause 4 is wrong; a corrected lease follows.");
  await expect(signer.getByText("This signing link is not valid.")).toHaveCount(0);
  await expect(signer.getByRole("button", { name: "I accept" })).toHaveCount(0);
  await signer.close();
  // In the signer's own language.
  const frenchSigner = await openCeremony(page.context().browser()!, frenchLink);
  await expect(frenchSigner.locator("html")).toHaveAttribute("lang", "fr");
  await expect(frenchSigner.getByRole("heading", { name: "La signature a été annulée" })).toBeVisible();
  await expect(frenchSigner.getByText("Sofia Sender a annulé la signature de « Lease to cancel » : ce lien ne l’ouvre plus.")).toBeVisible();
  await expect(frenchSigner.getByText("Motif indiqué :")).toBeVisible();
  await expect(frenchSigner.getByTestId("cancel-reason")).toHaveText("The rent in clause 4 is wrong; a corrected lease follows.");
  await frenchSigner.screenshot({ path: test.info().outputPath("cancelled-link-fr.png") });
  await frenchSigner.close();
});

test("a sender archives a completed package: it shows Archived and its downloads are still offered", async ({ page, browser, baseURL }) => {
  const user = await signUpInConsole(page, "Archive test");
  const service = await ServiceClient.signIn(baseURL!, user.email, user.password);
  const packageId = await sentPackage(service, "Lease to archive");

  const tina = await openCeremony(browser, await service.signingUrl(packageId, "Tina"));
  await acceptConsent(tina);
  await signField(tina, tina.getByRole("button", { name: "Signature (required)" }));
  await signDocument(tina);
  await expectFinished(tina);
  await tina.close();
  await expect.poll(() => service.packageStatus(packageId), { timeout: 30_000 }).toBe("COMPLETED");

  await page.goto(`/packages/${packageId}`);
  await expect(page.getByTestId("package-status")).toContainText("Completed");
  await page.getByTestId("action-archive").click();
  await expect(page.getByTestId("package-status")).toContainText("Archived");
  await expect(page.getByTestId("action-archive")).toHaveCount(0);
  await expect(page.getByTestId("download-zip")).toBeVisible();
  expect(await service.packageStatus(packageId)).toBe("ARCHIVED");
  // The zip once the seal is stored (download asks again while it answers 409 with Retry-After).
  const zip = await service.download(`/api/packages/${packageId}/documents/zip`);
  expect(zip.subarray(0, 2).toString()).toBe("PK");

  // It moves from the Completed folder to the Archived one.
  await page.goto("/packages?tab=archived");
  await expect(page.getByTestId("package-row").filter({ hasText: "Lease to archive" })).toBeVisible();
  await page.goto("/packages?tab=completed");
  await expect(page.getByText("No completed packages yet.")).toBeVisible();

  // Unarchive on its page: back to Completed, downloads still there.
  await page.goto(`/packages/${packageId}`);
  await page.getByTestId("action-unarchive").click();
  await expect(page.getByTestId("package-status")).toContainText("Completed");
  await expect(page.getByTestId("action-archive")).toBeVisible();
  await expect(page.getByTestId("history-event").filter({ hasText: "Taken out of the archive" })).toBeVisible();
  expect(await service.packageStatus(packageId)).toBe("COMPLETED");
});

test("the Archived folder: completed packages archived and unarchived several at once", async ({ page, baseURL }) => {
  const user = await signUpInConsole(page, "Archive folder");
  const service = await ServiceClient.signIn(baseURL!, user.email, user.password);
  const names = ["Deed one", "Deed two", "Deed three"];
  for (const name of names) {
    const packageId = await sentPackage(service, name);
    await signThroughCeremonyApi(service, packageId, "Tina", "lease");
    await expect.poll(() => service.packageStatus(packageId), { timeout: 30_000 }).toBe("COMPLETED");
  }
  const rowOf = (name: string) => page.getByTestId("package-row").filter({ hasText: name });

  await page.goto("/packages?tab=completed");
  await expect(page.getByRole("tab", { name: "Archived" })).toBeVisible();
  for (const name of names) await expect(rowOf(name)).toBeVisible();
  await rowOf("Deed one").getByRole("checkbox").check();
  await rowOf("Deed two").getByRole("checkbox").check();
  await page.getByTestId("bulk-archive").click();
  await expect(page.getByText("2 packages archived.")).toBeVisible();
  await expect(rowOf("Deed one")).toHaveCount(0);
  await expect(rowOf("Deed two")).toHaveCount(0);
  await expect(rowOf("Deed three")).toBeVisible();

  await page.getByRole("tab", { name: "Archived" }).click();
  await expect(page).toHaveURL(/tab=archived/);
  await expect(rowOf("Deed one")).toBeVisible();
  await expect(rowOf("Deed two")).toBeVisible();
  await expect(rowOf("Deed three")).toHaveCount(0);
  await rowOf("Deed one").getByRole("checkbox").check();
  await expect(page.getByTestId("bulk-unarchive")).toBeEnabled();
  await page.screenshot({ path: test.info().outputPath("archived-folder.png") });
  await expectAccessible(page, "the Archived folder");
  await page.getByTestId("bulk-unarchive").click();
  await expect(page.getByText("1 package moved back to Completed.")).toBeVisible();
  await expect(rowOf("Deed one")).toHaveCount(0);
  await expect(rowOf("Deed two")).toBeVisible();

  await page.getByRole("tab", { name: "Completed" }).click();
  await expect(rowOf("Deed one")).toBeVisible();
  await expect(rowOf("Deed three")).toBeVisible();
  await expect(rowOf("Deed two")).toHaveCount(0);
});
