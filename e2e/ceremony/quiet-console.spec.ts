import type { Page } from "@playwright/test";
import { expect, test } from "../support/test";
import { oneSignatureEachPackage, person } from "../support/package-payloads";
import { ServiceClient } from "../support/service-client";
import { acceptConsent, expectFinished, openCeremony, signDocument, signField } from "../support/signer";
import { titledPdf } from "../console/console-support";

/**
 * A signing page says nothing to the browser's console: no request of its own answered with an
 * error (every page logged a 404 and a 409), no error logged, from opening the link to finishing.
 */

test.describe.configure({ timeout: 120_000 });

/** Every error the page shows a developer: console errors, and its requests answered 400 or more. */
function recordErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(`console: ${message.text()}`);
  });
  page.on("pageerror", (error) => errors.push(`page error: ${error.message}`));
  page.on("response", (response) => {
    if (response.status() >= 400) errors.push(`${response.status()} ${response.request().method()} ${new URL(response.url()).pathname}`);
  });
  return errors;
}

test("a signer's pages, from the link to the end, log no error and make no request that fails", async ({ browser, baseURL }) => {
  const service = await ServiceClient.signUp(baseURL!, "Quiet console");
  const packageId = await service.createPackage(
    oneSignatureEachPackage({
      name: "Quiet lease",
      document: { id: "lease", name: "Lease" },
      roles: [
        { id: "Tina", index: 1, signers: [person("Tina", "Tenant")] },
        { id: "Theo", index: 2, signers: [person("Theo", "Tenant")] },
      ],
    }),
    [await titledPdf("Quiet lease")],
  );
  await service.send(packageId);

  const seen: Record<string, string[]> = {};
  for (const roleId of ["Tina", "Theo"]) {
    const signer = await openCeremony(browser, await service.signingUrl(packageId, roleId));
    const errors = recordErrors(signer);
    await signer.reload();
    await acceptConsent(signer);
    await signField(signer, signer.getByRole("button", { name: "Signature (required)" }));
    await signDocument(signer);
    await expectFinished(signer);
    // The last signer's page waits for the seal, then offers the copy: nothing fails meanwhile either.
    if (roleId === "Theo") await expect(signer.getByTestId("signer-copy-download")).toBeVisible({ timeout: 60_000 });
    seen[roleId] = errors;
    await signer.close();
  }
  expect(seen).toEqual({ Tina: [], Theo: [] });
});
