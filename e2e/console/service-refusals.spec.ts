import { expect, test } from "../support/test";
import { person } from "../support/package-payloads";
import { ServiceClient } from "../support/service-client";
import { signInWithPassword, titledPdf } from "./console-support";

/**
 * What the form cannot know, the service refuses, and the page shows the service's own words:
 * here, a reminder schedule that someone else (an integration, a colleague's tab) made while the
 * page still showed none.
 */

test("the reminder form shows the service's refusal when a schedule was made meanwhile, then shows that schedule", async ({ page, baseURL }) => {
  const owner = await ServiceClient.signUp(baseURL!, "Refusals test");
  const packageId = await owner.createPackage(
    { name: "Loan offer", roles: [{ id: "Borrower", signers: [person("Bo", "Borrower")] }], documents: [{ id: "offer", name: "Offer" }] },
    [await titledPdf("Offer")],
  );
  await signInWithPassword(page, owner.email, "ceremony-test-42");
  await page.waitForURL("**/packages");
  await page.goto(`/packages/${packageId}`);
  await expect(page.getByTestId("reminder-save")).toBeVisible();

  await owner.json("POST", `/api/packages/${packageId}/reminders`, { startInDaysDelay: 2, intervalInDays: 3, repetitionsCount: 2 });

  await page.getByTestId("reminder-start").fill("1");
  await page.getByTestId("reminder-interval").fill("1");
  await page.getByTestId("reminder-count").fill("4");
  await page.getByTestId("reminder-save").click();
  await expect(page.getByTestId("reminder-error")).toContainText("The package already has a reminder schedule");
  // The page reads the schedule the service holds: the one made meanwhile, offered for change.
  await expect(page.getByTestId("reminder-count")).toHaveValue("2");
  await expect(page.getByTestId("reminder-delete")).toBeVisible();
});
