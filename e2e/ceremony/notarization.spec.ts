import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "../support/test";
import { fullNameSignature, person } from "../support/package-payloads";
import { ServiceClient } from "../support/service-client";
import { acceptConsent, expectFinished, openCeremony, signDocument, signField } from "../support/signer";
import { signInWithPassword, titledPdf } from "../console/console-support";

/**
 * Notarization as people meet it: the owner sets their notary commission in the console, marks a
 * package notarized with themself as notary (the builder says what is missing first), sends it;
 * the client signs; the notary adopts the notarial certificate in their step and signs last; the
 * sealed PDF carries the notary's stamp, and the journal lists the notarization.
 */

test.describe.configure({ timeout: 240_000 });

test("a notarized package: commission, builder, the notary's step, the stamp and the journal", async ({ page, browser, baseURL }) => {
  const owner = await ServiceClient.signUp(baseURL!, "Notary test");
  const packageId = await owner.createPackage(
    {
      name: "Affidavit",
      type: "PACKAGE",
      status: "DRAFT",
      roles: [
        { id: "Client", index: 1, type: "SIGNER", signers: [person("Cleo", "Client")] },
        { id: "Notary", index: 2, type: "SIGNER", signers: [{ email: owner.email, firstName: "Olivia", lastName: "Owner" }] },
      ],
      documents: [{ id: "doc1", name: "Affidavit of residence", approvals: [{ role: "Client", fields: [fullNameSignature(72)] }, { role: "Notary", fields: [fullNameSignature(330)] }] }],
    },
    [await titledPdf("Affidavit of residence")],
  );

  await signInWithPassword(page, owner.email, "ceremony-test-42");
  await page.waitForURL("**/packages");

  // The builder: Notarized, the owner (a signer who is a sender) chosen as notary;
  // without a commission the review bar says so before sending.
  await page.goto(`/packages/${packageId}/edit`);
  const notarySection = page.getByTestId("builder-notary");
  // Saved at once; the switch shows what the service kept.
  await notarySection.getByLabel("Notarized").click();
  await expect(notarySection.getByLabel("Notarized")).toBeChecked();
  await notarySection.getByLabel("Notary", { exact: true }).selectOption("Notary");
  await expect(notarySection.getByLabel("Notary", { exact: true })).toHaveValue("Notary");
  await expect(notarySection.getByTestId("notary-blocking")).toContainText("has no notary commission on file");
  await expect(page.getByTestId("review-section")).toContainText("Before sending");

  // The owner's own commission, on the account's Notary page.
  await page.goto("/account/notary");
  const commission = page.getByRole("form", { name: "Notary commission" });
  await expect(commission.getByText("No commission on file.")).toBeVisible();
  await commission.getByLabel("Commission number").fill("777");
  await commission.getByLabel("Jurisdiction").fill("Ontario");
  await commission.getByLabel("Country").fill("Canada");
  await commission.getByLabel("Commission expires").fill("2030-12-31");
  await commission.getByRole("button", { name: "Save commission" }).click();
  await expect(commission.getByText("Commission No. 777 is on file, in force until 2030-12-31.")).toBeVisible();

  // Back in the builder: nothing stops it now; sent.
  await page.goto(`/packages/${packageId}/edit`);
  await expect(page.getByTestId("builder-notary").getByLabel("Notarized")).toBeChecked();
  await expect(page.getByTestId("notary-blocking")).toHaveCount(0);
  await page.getByTestId("send-package").click();
  await expect.poll(() => owner.packageStatus(packageId)).toBe("SENT");

  // The client signs first, as any signer: no notary step for them.
  const client = await openCeremony(browser, await owner.signingUrl(packageId, "Client"));
  await acceptConsent(client);
  await signField(client, client.getByRole("button", { name: "Signature (required)" }));
  await signDocument(client);
  await expectFinished(client);

  // The notary: consent, then their step with the certificate of each document, then signing.
  const notary = await openCeremony(browser, await owner.signingUrl(packageId, "Notary"));
  await expect(notary.getByRole("heading", { name: /consent to sign electronically/ })).toBeVisible();
  await notary.getByRole("button", { name: "I accept" }).click();
  await expect(notary.getByRole("heading", { name: "Your notarial certificate" })).toBeVisible();
  await expect(notary.getByText("Commission No. 777, Ontario")).toBeVisible();
  const certificate = notary.getByRole("region", { name: "Certificate for “Affidavit of residence”" });
  await expect(certificate).toContainText("I, Olivia Owner, a notary public commissioned in Ontario, certify that the signers of this document appeared before me");
  const proceed = notary.getByRole("button", { name: "Continue to the documents" });
  await expect(proceed).toBeDisabled();
  await notary.getByLabel("I adopt this certificate for every document").check();
  await proceed.click();
  await expect(notary.getByRole("navigation", { name: "Documents" })).toBeVisible();
  await signField(notary, notary.getByRole("button", { name: "Signature (required)" }));
  await signDocument(notary);
  await expectFinished(notary);

  // The sealed PDF carries the notary's stamp at the foot of its last page.
  const sealed = await owner.download(`/api/packages/${packageId}/documents/doc1/pdf`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "notary-e2e-"));
  const pdf = path.join(dir, "sealed.pdf");
  fs.writeFileSync(pdf, sealed);
  const text = execFileSync("pdftotext", ["-layout", pdf, "-"], { encoding: "utf8" });
  for (const words of ["ELECTRONIC NOTARY SEAL", "Notary: Olivia Owner", "Commission No. 777", "Jurisdiction: Ontario, Canada", "Commission expires: 2030-12-31"]) expect(text).toContain(words);
  const pages = Number(/Pages:\s+(\d+)/.exec(execFileSync("pdfinfo", [pdf], { encoding: "utf8" }))![1]);
  execFileSync("pdftoppm", ["-png", "-r", "60", "-f", String(pages), "-l", String(pages), pdf, path.join(dir, "last")]);
  const png = fs.readdirSync(dir).find((name) => name.endsWith(".png"))!;
  const keep = process.env.NOTARY_STAMP_PNG;
  if (keep) fs.copyFileSync(path.join(dir, png), keep);
  await test.info().attach("sealed-last-page", { path: path.join(dir, png), contentType: "image/png" });

  // The package's history says when the notary adopted the certificate (recorded by the service).
  await page.goto(`/packages/${packageId}`);
  await expect(page.getByTestId("history-event").filter({ hasText: "Notarial certificate adopted" })).toContainText("I, Olivia Owner, a notary public commissioned in Ontario");

  // The journal lists the notarization, on the console's Notary page, with when the certificate was adopted.
  await page.goto("/account/notary");
  const journal = page.getByTestId("notary-journal");
  await expect(journal.getByRole("row").filter({ hasText: "Cleo Client" })).toContainText("Affidavit of residence");
  await expect(journal.getByRole("row").filter({ hasText: "Cleo Client" })).toContainText("notarial certificate adopted");
  await expect(journal.getByRole("link", { name: "Download CSV" })).toHaveAttribute("href", /\/journal\/download$/);
});
