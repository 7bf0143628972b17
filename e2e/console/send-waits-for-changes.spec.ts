import { expect, test } from "@playwright/test";
import { fullNameSignature, person } from "../support/package-payloads";
import { ServiceClient } from "../support/service-client";
import { pdfFile, signInWithPassword, titledPdf } from "./console-support";

/**
 * Send does not outrun the builder: what the sender typed a moment ago and the documents still
 * uploading reach the service before the package goes out, and two drops in quick succession
 * take their own places in an enforced document order.
 */

interface SentPackage {
  name: string;
  status: string;
  documents: { id: string; name: string; index: number }[];
}

test("Send waits for the name just typed and for documents still uploading, which keep their own places", async ({ page, baseURL }) => {
  const owner = await ServiceClient.signUp(baseURL!, "Send waits test");
  const payload = {
    name: "Supply contract",
    type: "PACKAGE",
    status: "DRAFT",
    roles: [{ id: "Buyer", type: "SIGNER", index: 1, signers: [person("Bea", "Buyer")] }],
    documents: [
      { id: "contract", name: "Contract", index: 1, approvals: [{ role: "Buyer", fields: [fullNameSignature(72)] }] },
      { id: "terms", name: "Terms", index: 2 },
    ],
  };
  const packageId = await owner.createPackage(payload, [await titledPdf("Contract"), await titledPdf("Terms")]);

  await signInWithPassword(page, owner.email, "ceremony-test-42");
  await page.waitForURL("**/packages");
  await page.goto(`/packages/${packageId}/edit`);
  await expect(page.getByTestId("send-package")).toBeEnabled();

  // Two drops, one straight after the other, then a new name, then Send: no pause anywhere.
  const fileInput = page.getByTestId("document-file-input");
  await fileInput.setInputFiles([await pdfFile("Price list.pdf", "Price list")]);
  await fileInput.setInputFiles([await pdfFile("Delivery schedule.pdf", "Delivery schedule")]);
  await page.getByLabel("Package name").fill("Supply contract 2027");
  await page.getByTestId("send-package").click();
  await page.waitForURL(`**/packages/${packageId}`);

  const sent = await owner.json<SentPackage>("GET", `/api/packages/${packageId}`);
  expect(sent.status).toBe("SENT");
  expect(sent.name).toBe("Supply contract 2027");
  const documents = sent.documents.filter((document) => document.id !== "default-consent");
  expect(documents.map((document) => [document.name, document.index])).toEqual([
    ["Contract", 1],
    ["Terms", 2],
    ["Price list", 3],
    ["Delivery schedule", 4],
  ]);
});

test("Send stops with the reason when a setting typed a moment ago is not valid", async ({ page, baseURL }) => {
  const owner = await ServiceClient.signUp(baseURL!, "Send stops test");
  const packageId = await owner.createPackage(
    {
      name: "Service agreement",
      type: "PACKAGE",
      status: "DRAFT",
      roles: [{ id: "Client", type: "SIGNER", signers: [person("Cleo", "Client")] }],
      documents: [{ id: "agreement", name: "Agreement", approvals: [{ role: "Client", fields: [fullNameSignature(72)] }] }],
    },
    [await titledPdf("Agreement")],
  );
  await signInWithPassword(page, owner.email, "ceremony-test-42");
  await page.waitForURL("**/packages");
  await page.goto(`/packages/${packageId}/edit`);
  await page.getByLabel("Package name").fill("");
  await page.getByTestId("send-package").click();
  await expect(page.getByTestId("send-refusal")).toContainText("Some settings are not valid yet");
  expect(await owner.packageStatus(packageId)).toBe("DRAFT");
});
