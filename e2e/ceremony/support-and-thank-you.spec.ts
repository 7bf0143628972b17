import { expect, test } from "../support/test";
import { makePdf } from "../../tests/support/pdfs";
import { signInWithApiKey } from "../console/console-support";
import { oneSignatureEachPackage, person } from "../support/package-payloads";
import { ServiceClient } from "../support/service-client";
import { acceptConsent, expectFinished, openCeremony, signDocument, signField } from "../support/signer";

/**
 * The account's owner sets the support contact and the thank-you text in the console; a signer
 * opens the ceremony's Help and sees that contact (as mailto and tel links), signs, and reads the
 * thank-you text at the end.
 */

test.describe.configure({ timeout: 120_000 });

let service: ServiceClient;
test.beforeAll(async ({ baseURL }) => {
  service = await ServiceClient.signUp(baseURL!, "Support test");
});

test("the owner's support contact is the signer's Help, and the thank-you text ends the ceremony", async ({ browser }, testInfo) => {
  const owner = await (await browser.newContext()).newPage();
  await signInWithApiKey(owner, service.apiKey);
  await expect(owner).toHaveURL(/\/packages/);
  await owner.goto("/account");
  await owner.getByRole("navigation", { name: "Account" }).getByRole("link", { name: "Signing ceremony" }).click();
  await expect(owner.getByRole("heading", { name: "Signing ceremony", level: 1 })).toBeVisible();

  const contact = owner.getByTestId("support-contact-settings");
  await contact.getByLabel("Support e-mail").fill("help@acme.example");
  await contact.getByLabel("Support phone").fill("+1 (514) 555-0100");
  await contact.getByRole("button", { name: "Save support contact" }).click();
  await expect(owner.getByText("The support contact was saved.")).toBeVisible();

  const thanks = owner.getByTestId("thank-you-settings");
  await expect(thanks.getByLabel("Language")).toHaveValue("en");
  await thanks.getByLabel("Title", { exact: true }).fill("All done");
  await thanks.getByLabel("Text", { exact: true }).fill("Thank you for signing with Acme.\nWe will e-mail you the signed lease.");
  await thanks.getByRole("button", { name: "Save thank-you text" }).click();
  await expect(owner.getByText("The thank-you text was saved.")).toBeVisible();
  // What the console saved is what the service keeps.
  expect(await service.json("GET", "/api/accountConfig/thankYouDialog/en")).toEqual({ title: "All done", body: "Thank you for signing with Acme.\nWe will e-mail you the signed lease.", language: "en" });

  const payload = oneSignatureEachPackage({ name: "Lease", document: { id: "lease", name: "Lease" }, roles: [{ id: "Tenant", index: 1, signers: [person("Tina", "Tenant")] }] });
  const packageId = await service.createPackage(payload, [await makePdf({ pages: 1 })]);
  await service.send(packageId);

  const signer = await openCeremony(browser, await service.signingUrl(packageId, "Tenant"));
  await acceptConsent(signer);
  await signer.getByRole("button", { name: "Help" }).click();
  const help = signer.getByRole("dialog", { name: "Help" });
  await expect(help.getByRole("link", { name: "help@acme.example" })).toHaveAttribute("href", "mailto:help@acme.example");
  await expect(help.getByRole("link", { name: "+1 (514) 555-0100" })).toHaveAttribute("href", "tel:+15145550100");
  await signer.screenshot({ path: testInfo.outputPath("ceremony-help.png") });
  await help.getByRole("button", { name: "Close" }).click();
  await expect(help).toBeHidden();

  await signField(signer, signer.getByRole("button", { name: /^Signature/ }).first());
  await signDocument(signer);
  await expectFinished(signer);
  const thankYou = signer.getByTestId("thank-you");
  await expect(thankYou.getByRole("heading", { name: "All done" })).toBeVisible();
  await expect(thankYou).toContainText("Thank you for signing with Acme.");
  await expect(thankYou).toContainText("We will e-mail you the signed lease.");
  await signer.screenshot({ path: testInfo.outputPath("ceremony-thank-you.png"), fullPage: true });
});
