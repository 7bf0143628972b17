import { expect, test } from "../support/test";
import { person } from "../support/package-payloads";
import { ServiceClient } from "../support/service-client";
import { signInWithPassword, titledPdf } from "./console-support";

/**
 * Documents in the builder: renamed (the API's own rule on names, checked before anything is
 * sent), and several dropped at once arriving in the order they were dropped.
 */

test("a document is renamed in the builder; an empty name is refused before it reaches the service", async ({ page, baseURL }) => {
  const owner = await ServiceClient.signUp(baseURL!, "Documents test");
  const packageId = await owner.createPackage(
    { name: "Purchase", roles: [{ id: "Buyer", signers: [person("Bea", "Buyer")] }], documents: [{ id: "deed", name: "document1" }] },
    [await titledPdf("Deed")],
  );
  await signInWithPassword(page, owner.email, "ceremony-test-42");
  await page.waitForURL("**/packages");
  await page.goto(`/packages/${packageId}/edit`);

  await page.getByRole("button", { name: "Rename document1" }).click();
  const name = page.getByLabel("Document name");
  await name.fill("   ");
  await page.getByRole("button", { name: "Save name" }).click();
  await expect(page.getByText("is required")).toBeVisible();
  await name.fill("  Deed of sale ");
  await page.getByRole("button", { name: "Save name" }).click();
  await expect(name).toHaveCount(0);
  await expect(page.getByTestId("document-name").filter({ hasText: "Deed of sale" })).toBeVisible();
  const stored = await owner.json<{ name: string }>("GET", `/api/packages/${packageId}/documents/deed`);
  expect(stored.name).toBe("Deed of sale");
});

test("PDFs dropped together arrive in the order they were dropped, whichever finishes uploading first", async ({ page, baseURL }) => {
  const owner = await ServiceClient.signUp(baseURL!, "Upload order test");
  const packageId = await owner.createPackage({ name: "Bundle", roles: [{ id: "Buyer", signers: [person("Bea", "Buyer")] }] }, []);
  await signInWithPassword(page, owner.email, "ceremony-test-42");
  await page.waitForURL("**/packages");
  await page.goto(`/packages/${packageId}/edit`);
  // The first is much larger than the second: sent side by side, the second was stored first.
  const names = ["Main contract", "Annex A", "Annex B"];
  const files = [
    { name: "Main contract.pdf", mimeType: "application/pdf", buffer: await titledPdf("Main contract", 40) },
    { name: "Annex A.pdf", mimeType: "application/pdf", buffer: await titledPdf("Annex A") },
    { name: "Annex B.pdf", mimeType: "application/pdf", buffer: await titledPdf("Annex B") },
  ];
  await page.getByTestId("document-file-input").setInputFiles(files);
  // The list also holds the consent document; the three uploads follow in their order.
  const listed = page.getByRole("list", { name: "Documents in order" }).getByTestId("document-name");
  const uploaded = async () => (await listed.allTextContents()).map((name) => name.trim()).filter((name) => names.includes(name));
  await expect.poll(uploaded, { timeout: 60_000 }).toHaveLength(3);
  await expect.poll(uploaded).toEqual(names);
  const stored = await owner.json<{ documents: { id: string; name: string }[] }>("GET", `/api/packages/${packageId}`);
  expect(stored.documents.map((document) => document.name).filter((name) => names.includes(name))).toEqual(names);
  await page.getByRole("list", { name: "Documents in order" }).screenshot({ path: test.info().outputPath("upload-order.png") });
});
