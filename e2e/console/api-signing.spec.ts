import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "../support/test";
import { ServiceClient } from "../support/service-client";
import { checkPage, signInWithPassword, titledPdf } from "./console-support";

/**
 * A sender's integration signs the sender's own approvals through the API
 * (`POST …/documents/signed_documents`); the sender then opens the package in the console, reads
 * in its history that it was signed through the API and from where, and downloads the sealed
 * document, whose signature frame says so too.
 */
test("the sender signs through the API, then finds it in the package's history and in the sealed document", async ({ page, baseURL }) => {
  const sender = await ServiceClient.signUp(baseURL!, "API signing test");
  const packageId = await sender.createPackage(
    {
      name: "Purchase order 42",
      roles: [{ id: "Buyer", type: "SENDER", signers: [{ email: sender.email, firstName: "Olivia", lastName: "Owner" }] }],
      documents: [
        {
          id: "order",
          name: "Order",
          approvals: [{ id: "buyer-sign", role: "Buyer", fields: [{ type: "SIGNATURE", subtype: "FULLNAME", page: 0, left: 100, top: 200, width: 300, height: 60 }] }],
        },
      ],
    },
    [await titledPdf("Purchase order")],
  );
  await sender.send(packageId);
  const signed = await sender.json<{ packageStatus: string }>("POST", `/api/packages/${packageId}/documents/signed_documents`, { documents: [{ id: "order" }], handdrawn: "" });
  expect(signed.packageStatus).toBe("COMPLETED");

  await signInWithPassword(page, sender.email, "ceremony-test-42");
  await page.waitForURL("**/packages");
  await page.goto(`/packages/${packageId}`);
  await expect(page.getByTestId("package-status")).toContainText("Completed");
  const signedEvent = page.getByTestId("history-event").filter({ hasText: "Order" }).filter({ hasText: "Signed through the API from 127.0.0.1" });
  await expect(signedEvent.first()).toBeVisible();
  await checkPage(page, "package-signed-through-api");

  // The sealed document: wait for its seal (409 until stored), then download it as the sender would.
  const link = page.getByTestId("download-pdf-order");
  const url = new URL((await link.getAttribute("href"))!, page.url()).href;
  await expect.poll(async () => (await page.request.get(url)).status(), { timeout: 30_000 }).toBe(200);
  const started = page.waitForEvent("download");
  await link.click();
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "signet-api-signing-")), (await started).suggestedFilename());
  await (await started).saveAs(file);
  const text = execFileSync("pdftotext", [file, "-"], { encoding: "utf8" }).replace(/\s+/g, " ");
  expect(text).toContain("Signed by Olivia Owner");
  expect(text).toContain("through the API");
});
