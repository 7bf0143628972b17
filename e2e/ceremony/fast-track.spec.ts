import { expect, test } from "@playwright/test";
import { titledPdf } from "../console/console-support";
import { ServiceClient } from "../support/service-client";
import { acceptConsent } from "../support/signer";

/**
 * Fast track as a visitor meets it: the template's public link asks who they are, makes the
 * package and opens their ceremony.
 */
test("a visitor opens a template's fast track link, says who they are and goes on to sign", async ({ page, baseURL }) => {
  const owner = await ServiceClient.signUp(baseURL!, "Fast track");
  const templateId = await owner.createPackage(
    {
      name: "Volunteer waiver",
      type: "TEMPLATE",
      roles: [{ id: "Volunteer", name: "Volunteer", signers: [] }],
      documents: [{ id: "waiver", name: "Waiver", approvals: [{ role: "Volunteer", fields: [{ type: "SIGNATURE", subtype: "FULLNAME", page: 0, left: 100, top: 600, width: 200, height: 50 }] }] }],
    },
    [await titledPdf("Waiver")],
  );
  const { url } = await owner.json<{ url: string }>("GET", `/api/fastTrack/${templateId}/url?signing=true`);

  await page.goto(new URL(url).pathname + new URL(url).search);
  await expect(page.getByRole("heading", { name: "Volunteer waiver" })).toBeVisible();
  await page.getByLabel("First name").fill("Vera");
  await page.getByLabel("Last name").fill("Visitor");
  await page.getByLabel("E-mail").fill("vera@example.test");
  await page.getByRole("button", { name: "Continue" }).click();
  await page.waitForURL("**/sign/**");
  await acceptConsent(page);

  // The package is the template sender's, out for signing with the visitor as its signer.
  const packageId = new URL(page.url()).pathname.split("/").pop()!;
  const pkg = await owner.json<{ status: string; roles: { id: string; signers: { email: string }[] }[] }>("GET", `/api/packages/${packageId}`);
  expect(pkg.status).toBe("SENT");
  expect(pkg.roles.find((role) => role.id === "Volunteer")!.signers[0].email).toBe("vera@example.test");

  // A link that is not one says so.
  await page.goto("/fasttrack?token=made-up");
  await expect(page.getByRole("heading", { name: "This link does not work" })).toBeVisible();
});
