import type { Page } from "@playwright/test";
import { expect, test } from "../support/test";
import { makePdf } from "../../tests/support/pdfs";
import type { SmtpReceiver } from "../../tests/support/smtp-receiver";
import { startMailingServer, type MailingServer } from "../support/mailing-server";
import { oneSignatureEachPackage, person } from "../support/package-payloads";
import { ServiceClient } from "../support/service-client";
import { acceptConsent, expectFinished, openCeremony, signDocument, signField } from "../support/signer";
import { checkPage, signInWithApiKey } from "./console-support";

/**
 * The sender's review of a signer's attachment, as the two people meet it: the signer uploads in
 * the ceremony; the sender, on the package's page in the console, rejects it with a comment; the
 * signer follows the e-mail that tells them, reads the comment, uploads again; the sender accepts;
 * the signer signs and the package completes. On a server of its own that e-mails (SMTP).
 */

test.describe.configure({ timeout: 240_000 });

const INVITATION = /(http:\/\/[^\s"<>]+\/access\?sessionToken=[A-Za-z0-9_-]+)/;
/** The rejection's e-mail: its comment, then its link back to the ceremony. */
const REJECTION = /Their comment:[\s\S]*?(http:\/\/[^\s"<>]+\/access\?sessionToken=[A-Za-z0-9_-]+)/;
const COMMENT = "The bill is older than three months. Please upload one from this quarter.";

let mailing: MailingServer;
let smtp: SmtpReceiver;

test.beforeAll(async () => {
  mailing = await startMailingServer("attachment-review");
  smtp = mailing.smtp;
});

test.afterAll(async () => {
  await mailing?.stop();
});

const attachmentsSection = (page: Page) => page.getByRole("region", { name: "Attachments" });

test("the sender rejects a signer's attachment with a comment in the console; the signer uploads again; the sender accepts and the package completes", async ({ browser, page }) => {
  const base = mailing.server.url;
  const owner = await ServiceClient.signUp(base, "Attachment review", smtp);
  const signer = person("Lea", "Fox");
  const packageId = await owner.createPackage(
    oneSignatureEachPackage({
      name: "Lease application",
      document: { id: "form", name: "Application form" },
      roles: [{ id: "Lea", index: 1, signers: [signer], attachmentRequirements: [{ name: "Proof of address", description: "A utility bill of the last three months", required: true }] }],
    }),
    [await makePdf()],
  );
  await owner.send(packageId);

  // The signer uploads the bill first, before signing: her package stays out for signing.
  const lea = await openCeremony(browser, await smtp.waitFor(signer.email, INVITATION));
  await acceptConsent(lea);
  const leaAttachments = lea.getByRole("region", { name: "Attachments" });
  await lea.getByLabel("Upload Proof of address").setInputFiles({ name: "old-bill.pdf", mimeType: "application/pdf", buffer: await makePdf() });
  await expect(leaAttachments.getByText(/old-bill\.pdf/)).toBeVisible();
  await expect(leaAttachments.getByText("Attachments · 1 of 1 provided")).toBeVisible();
  await lea.context().close();

  // The sender finds the file on the package's page, to review.
  await signInWithApiKey(page, owner.apiKey, base);
  await page.waitForURL("**/packages");
  await page.goto(`${base}/packages/${packageId}`);
  const section = attachmentsSection(page);
  const requirement = section.getByTestId("attachment-Proof of address");
  await expect(requirement).toContainText("Lea Fox");
  await expect(requirement).toContainText("Uploaded: to review");
  const fileLink = requirement.getByRole("link", { name: "old-bill.pdf" });
  await expect(fileLink).toBeVisible();
  const download = await page.request.get(new URL((await fileLink.getAttribute("href"))!, base).toString());
  expect(download.status()).toBe(200);
  expect((await download.body()).subarray(0, 5).toString()).toBe("%PDF-");
  await section.screenshot({ path: "test-results/console-attachment-review-uploaded.png" });

  // It is too old: rejected, with a comment. An empty comment is refused in the dialog.
  await requirement.getByRole("button", { name: "Reject…" }).click();
  const dialog = page.getByRole("dialog", { name: 'Reject "Proof of address"?' });
  await dialog.getByRole("button", { name: "Reject", exact: true }).click();
  await expect(dialog.getByText("Tell the signer what is wrong.")).toBeVisible();
  await checkPage(page, "attachment-review-reject-dialog");
  await dialog.getByLabel("Comment, for the signer").fill(COMMENT);
  await dialog.getByRole("button", { name: "Reject", exact: true }).click();
  await expect(dialog).toHaveCount(0);
  await expect(requirement).toContainText("Rejected: waiting for a new upload");
  await expect(requirement).toContainText(COMMENT);
  // Nothing to reject twice; accepting the file as it is stays possible.
  await expect(requirement.getByRole("button", { name: "Reject…" })).toHaveCount(0);
  await expect(requirement.getByRole("button", { name: "Accept" })).toBeVisible();
  await expect(page.getByTestId("history-timeline")).toContainText("Attachment rejected");
  await section.screenshot({ path: "test-results/console-attachment-review-rejected.png" });
  await checkPage(page, "attachment-review-rejected");

  // The signer is e-mailed the comment and a link back; there she reads it and uploads again.
  const back = await smtp.waitFor(signer.email, REJECTION, 30_000);
  expect(smtp.mails.some((mail) => mail.to.includes(signer.email) && mail.text.includes(COMMENT))).toBe(true);
  const again = await openCeremony(browser, back);
  // She consented the first time: the link takes her straight to her documents.
  await expect(again.getByRole("navigation", { name: "Documents" })).toBeVisible();
  const rejection = again.getByTestId("attachment-rejected");
  await expect(rejection).toContainText("The sender asked you to upload this again:");
  await expect(rejection).toContainText(COMMENT);
  const againAttachments = again.getByRole("region", { name: "Attachments" });
  await expect(againAttachments.getByText("Attachments · 0 of 1 provided")).toBeVisible();
  await againAttachments.screenshot({ path: "test-results/ceremony-attachment-rejected.png" });
  // She removes the rejected file first: the comment stays until she uploads another.
  await againAttachments.getByRole("button", { name: "Remove old-bill.pdf" }).click();
  await expect(againAttachments.getByText(/old-bill\.pdf/)).toHaveCount(0);
  await expect(rejection).toContainText(COMMENT);
  await againAttachments.getByLabel("Upload Proof of address").setInputFiles({ name: "new-bill.pdf", mimeType: "application/pdf", buffer: await makePdf({ pages: 2 }) });
  await expect(againAttachments.getByText(/new-bill\.pdf/)).toBeVisible();
  await expect(rejection).toHaveCount(0);
  await expect(againAttachments.getByText("Attachments · 1 of 1 provided")).toBeVisible();
  // Her documents are not signed yet: the ceremony goes on.
  await expect(again.getByRole("heading", { name: "You have signed" })).toHaveCount(0);

  // The sender sees the new file and accepts it.
  await page.reload();
  await expect(requirement).toContainText("Uploaded: to review");
  await expect(requirement.getByRole("link", { name: "new-bill.pdf" })).toBeVisible();
  await expect(requirement.getByRole("link", { name: "old-bill.pdf" })).toHaveCount(0);
  await requirement.getByRole("button", { name: "Accept" }).click();
  await expect(requirement).toContainText("Accepted");
  await expect(requirement.getByRole("button", { name: "Accept" })).toHaveCount(0);
  await expect(requirement.getByRole("button", { name: "Reject…" })).toHaveCount(0);
  await expect(page.getByTestId("history-timeline")).toContainText("Attachment accepted");
  await section.screenshot({ path: "test-results/console-attachment-review-accepted.png" });
  await checkPage(page, "attachment-review-accepted");

  // The signer's page says so, and the file can no longer change; she signs and the package completes.
  await again.reload();
  await expect(againAttachments.getByText("Accepted by the sender.")).toBeVisible();
  await expect(againAttachments.getByRole("button", { name: "Remove new-bill.pdf" })).toHaveCount(0);
  await expect(againAttachments.getByLabel("Upload Proof of address")).toHaveCount(0);
  await signField(again, again.getByRole("button", { name: "Signature (required)" }));
  await signDocument(again);
  await expectFinished(again);
  // Completing seals the document: on a busy machine that takes a while.
  await expect.poll(() => owner.packageStatus(packageId), { timeout: 30_000 }).toBe("COMPLETED");

  await page.reload();
  await expect(requirement).toContainText("Accepted");
  await expect(requirement.getByRole("link", { name: "new-bill.pdf" })).toBeVisible();
});
