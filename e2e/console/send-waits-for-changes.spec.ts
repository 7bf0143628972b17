import { expect, test } from "../support/test";
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

test("the builder starts with the name and message, sets reminders, and Send asks for a name while the package is still untitled", async ({ page, baseURL }) => {
  const owner = await ServiceClient.signUp(baseURL!, "Name on send test");
  const packageId = await owner.createPackage(
    {
      name: "Untitled package",
      type: "PACKAGE",
      status: "DRAFT",
      roles: [{ id: "Tenant", type: "SIGNER", signers: [person("Tia", "Tenant")] }],
      documents: [{ id: "lease", name: "Lease", approvals: [{ role: "Tenant", fields: [fullNameSignature(72)] }] }],
    },
    [await titledPdf("Lease")],
  );
  await signInWithPassword(page, owner.email, "ceremony-test-42");
  await page.waitForURL("**/packages");
  await page.goto(`/packages/${packageId}/edit`);

  // The name and the signers' message come before the documents.
  const sectionHeadings = page.getByRole("main").getByRole("heading", { level: 2 });
  await expect(sectionHeadings.first()).toHaveText(/^Name and settings/);
  await expect(page.getByLabel("E-mail message")).toBeVisible();
  await expect(page.getByTestId("field-editor").getByTestId("placed-field")).toHaveCount(1);
  await page.screenshot({ path: "test-results/console-builder-name-first.png", fullPage: true });

  // Reminders are set in the builder, before sending.
  await page.getByTestId("reminder-start").fill("2");
  await page.getByTestId("reminder-interval").fill("3");
  await page.getByTestId("reminder-count").fill("2");
  await page.getByTestId("reminder-save").click();
  await expect(page.getByTestId("reminder-delete")).toBeVisible();

  // It is said beside the buttons, where no toast lies over "Delete schedule" or Send (a toast in the
  // corner covered each in turn, and a click on it did nothing).
  await expect(page.getByTestId("reminder-done")).toHaveText("The reminder schedule was saved.");
  const send = page.getByTestId("send-package");
  for (const button of [page.getByTestId("reminder-delete"), send]) {
    await button.scrollIntoViewIfNeeded();
    const box = (await button.boundingBox())!;
    const onTop = await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.closest("button")?.dataset.testid ?? null, { x: box.x + box.width / 2, y: box.y + box.height / 2 });
    expect(onTop).toBe(await button.getAttribute("data-testid"));
  }
  await page.screenshot({ path: "test-results/console-builder-reminder-saved.png" });

  await send.click();
  const naming = page.getByRole("dialog", { name: "Name the package before sending" });
  await expect(naming).toBeVisible();
  await naming.getByTestId("name-and-send").click();
  await expect(naming.getByText("Give the package a name its signers will recognise.")).toBeVisible();
  expect(await owner.packageStatus(packageId)).toBe("DRAFT");
  await naming.getByLabel("Package name").fill("Lease of flat 4B");
  await naming.getByTestId("name-and-send").click();
  await page.waitForURL(`**/packages/${packageId}`);

  const sent = await owner.json<SentPackage>("GET", `/api/packages/${packageId}`);
  expect([sent.name, sent.status]).toEqual(["Lease of flat 4B", "SENT"]);
  const schedule = await owner.json<{ startInDaysDelay: number; intervalInDays: number; repetitionsCount: number }>("GET", `/api/packages/${packageId}/reminders`);
  expect([schedule.startInDaysDelay, schedule.intervalInDays, schedule.repetitionsCount]).toEqual([2, 3, 2]);
});
