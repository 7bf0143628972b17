import fs from "node:fs";
import { expect, test } from "../support/test";
import { makePdf } from "../../tests/support/pdfs";
import { expectAccessible } from "../support/accessibility";
import { ServiceClient } from "../support/service-client";
import { signUpInConsole } from "./console-support";

/**
 * The owner's Reports page: packages made through the API (drafts, one sent, one in the trash)
 * show in the chart and the table; filtering by status narrows both and is kept in the address;
 * the CSV download holds the packages of the filters.
 */

test("an owner opens Reports, filters by status, reads the chart and downloads the CSV", async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const user = await signUpInConsole(page, "Reports test");
  const service = await ServiceClient.signIn(baseURL!, user.email, user.password);
  for (const name of ["Lease draft", "Loan draft"]) await service.json("POST", "/api/packages", { name });
  const trashed = await service.json<{ id: string }>("POST", "/api/packages", { name: "Old draft" });
  await service.json("POST", `/api/packages/${trashed.id}`, { trashed: true });
  const sent = await service.createPackage(
    {
      name: "Signed lease",
      roles: [{ id: "Tenant", type: "SIGNER", signers: [{ email: "tenant@example.test", firstName: "Tia", lastName: "Tenant" }] }],
      documents: [{ id: "lease", name: "Lease", approvals: [{ role: "Tenant", fields: [{ type: "SIGNATURE", subtype: "FULLNAME", page: 0, top: 100, left: 100, width: 200, height: 50 }] }] }],
    },
    [await makePdf({ pages: 1 })],
  );
  await service.send(sent);

  await page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Account" }).click();
  await page.getByRole("navigation", { name: "Account" }).getByRole("link", { name: "Reports" }).click();
  await page.waitForURL("**/account/reports");
  await expect(page.getByRole("heading", { name: "Reports", level: 1 })).toBeVisible();
  await expect(page.getByTestId("report-summary")).toContainText("4 packages");
  await expect(page.getByTestId("report-row")).toHaveCount(4);

  // The chart: one bar for the owner, its figures in words for screen readers.
  const chart = page.getByRole("img", { name: /Packages per sender and status/ });
  await expect(chart).toBeVisible();
  await expect(chart).toHaveAccessibleName(/Sofia Sender: 4 packages \(2 draft, 1 in progress, 1 in trash\)/);
  await expect(page.getByTestId("report-chart-bar")).toHaveCount(1);
  await expect(page.getByRole("list", { name: "Legend" }).getByRole("listitem")).toHaveText(["Draft", "In progress", "In trash"]);
  await expectAccessible(page, "the reports page");
  await page.screenshot({ path: "test-results/account-reports.png", fullPage: true });

  // Filter: only drafts (the trashed one is in the trash, not a draft); the address keeps it.
  const filters = page.getByRole("form", { name: "Report filters" });
  await expect(filters.getByLabel("Sender")).toContainText(user.email);
  await filters.getByLabel("Sender").selectOption({ label: `${user.firstName} ${user.lastName} (${user.email})` });
  await filters.getByLabel("Status").selectOption({ label: "Draft" });
  await filters.getByRole("button", { name: "Show report" }).click();
  await page.waitForURL(/status=DRAFT/);
  await expect(page.getByTestId("report-summary")).toContainText("2 packages · Draft");
  await expect(page.getByTestId("report-row")).toHaveText([/Lease draft/, /Loan draft/]);
  await expect(chart).toHaveAccessibleName(/Sofia Sender: 2 packages \(2 draft\)/);
  await page.reload();
  await expect(page.getByTestId("report-row")).toHaveCount(2);
  await expect(page.getByRole("form", { name: "Report filters" }).getByLabel("Status")).toHaveValue("DRAFT");

  // The CSV of these filters: a header and the two drafts.
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Download CSV" }).click()]);
  expect(download.suggestedFilename()).toMatch(/^completion-report-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = fs.readFileSync((await download.path())!, "utf8").split("\r\n").filter(Boolean);
  expect(lines[0]).toContain('"Package ID","Package name","Status"');
  expect(lines.slice(1).map((line) => /"(Lease draft|Loan draft)","DRAFT"/.exec(line)?.[1]).sort()).toEqual(["Lease draft", "Loan draft"]);

  // A status with nothing in the range says so.
  await filters.getByLabel("Status").selectOption({ label: "Completed" });
  await filters.getByRole("button", { name: "Show report" }).click();
  await expect(page.getByRole("heading", { name: "No packages in this report." })).toBeVisible();
  await expectAccessible(page, "the empty report");
});
