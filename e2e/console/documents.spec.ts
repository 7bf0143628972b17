import { expect, test } from "@playwright/test";
import { person } from "../support/package-payloads";
import { ServiceClient } from "../support/service-client";
import { signInWithPassword, titledPdf } from "./console-support";

/** A document renamed in the builder: the API's own rule on names, checked before anything is sent. */

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
