import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Download } from "@playwright/test";
import { expect, test } from "../support/test";
import { makePdf } from "../../tests/support/pdfs";
import { pdfSig } from "../../tests/support/poppler";
import type { Server } from "../support/servers";
import { oneSignatureEachPackage, person } from "../support/package-payloads";
import { ServiceClient } from "../support/service-client";
import { acceptConsent, expectFinished, openCeremony, signDocument, signField } from "../support/signer";
import { startMailingServer, type MailingServer } from "../support/mailing-server";
import type { SmtpReceiver } from "../../tests/support/smtp-receiver";

/**
 * The signers' copy of a completed package: the last signer downloads it from the "You have
 * signed" page once it is sealed; an earlier signer from the link of the e-mail they get then.
 */

const SIGNING_LINK = /(http:\/\/[^\s"<>]+\/access\?sessionToken=[A-Za-z0-9_-]+)/;
const COPY_LINK = /(http:\/\/[^\s"<>]+\/copy\/[A-Za-z0-9_-]+)/;

let mailing: MailingServer;
let smtp: SmtpReceiver;
let server: Server;
let dataDir: string;
let service: ServiceClient;

test.beforeAll(async () => {
  mailing = await startMailingServer("signer-copy");
  ({ smtp, server, dataDir } = mailing);
  service = await ServiceClient.signUp(server.url, undefined, smtp);
});

test.afterAll(async () => {
  await mailing?.stop();
});

async function bytesOf(download: Download): Promise<Buffer> {
  const file = path.join(dataDir, `download-${Date.now()}-${download.suggestedFilename()}`);
  await download.saveAs(file);
  return fs.readFileSync(file);
}

/** A sealed PDF: PAdES-signed by the service (a /ByteRange, and pdfsig finds the signature valid). */
function expectSealedPdf(bytes: Buffer): void {
  expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  expect(bytes.toString("latin1")).toContain("/ByteRange");
  expect(pdfSig(bytes)).toMatch(/Signature is Valid/);
}

test("the last signer downloads the sealed copy from the ceremony; the earlier one from the e-mail's link", async ({ browser }) => {
  const packageId = await service.createPackage(
    oneSignatureEachPackage({
      name: "Tenancy",
      document: { id: "lease", name: "Lease" },
      roles: [
        { id: "Ann", index: 1, signers: [person("Ann", "First")] },
        { id: "Bob", index: 2, signers: [person("Bob", "Second")] },
      ],
    }),
    [await makePdf()],
  );
  await service.send(packageId);

  // Ann signs first: her copy will come by e-mail once everyone has signed.
  const ann = await openCeremony(browser, await smtp.waitFor("ann@example.test", SIGNING_LINK));
  await acceptConsent(ann);
  await signField(ann, ann.getByRole("button", { name: "Signature (required)" }));
  await signDocument(ann);
  await expectFinished(ann);
  await expect(ann.getByText("When everyone has signed, you will get an e-mail with a link to download your signed copy.")).toBeVisible();
  await expect(ann.getByTestId("signer-copy-download")).toHaveCount(0);

  // Bob signs last: the page waits for the seal, then offers the download.
  const bob = await openCeremony(browser, await smtp.waitFor("bob@example.test", SIGNING_LINK));
  await acceptConsent(bob);
  await signField(bob, bob.getByRole("button", { name: "Signature (required)" }));
  await signDocument(bob);
  await expectFinished(bob);
  const download = bob.getByTestId("signer-copy-download");
  await expect(download).toBeVisible({ timeout: 60_000 });
  await expect(download).toHaveText("Download your signed documents");
  // The last signer is not told to wait for everyone: everyone has signed.
  await expect(bob.getByText(/When everyone has signed/)).toHaveCount(0);
  await bob.screenshot({ path: path.join(os.tmpdir(), "signer-copy-ceremony.png") });
  const [zipDownload] = await Promise.all([bob.waitForEvent("download"), download.click()]);
  const zip = await bytesOf(zipDownload);
  expect(zip.subarray(0, 2).toString("latin1")).toBe("PK");
  const zipFile = path.join(dataDir, "bob.zip");
  fs.writeFileSync(zipFile, zip);
  expect(execFileSync("unzip", ["-Z1", zipFile], { encoding: "utf8" }).trim().split("\n")).toContain("Lease.pdf");
  expectSealedPdf(execFileSync("unzip", ["-p", zipFile, "Lease.pdf"]));

  // Ann follows the link of her e-mail: a page of her signed documents.
  const copyLink = await smtp.waitFor("ann@example.test", COPY_LINK, 60_000);
  expect(smtp.mails.find((mail) => mail.text.includes(copyLink))?.text).toContain('Everyone has signed "Tenancy". Your copy of the signed documents is ready.');
  const annCopy = await openCeremony(browser, copyLink);
  await expect(annCopy.getByRole("heading", { name: "Your signed copy of “Tenancy”" })).toBeVisible();
  await annCopy.screenshot({ path: path.join(os.tmpdir(), "signer-copy-page.png") });
  const [pdfDownload] = await Promise.all([annCopy.waitForEvent("download"), annCopy.getByRole("link", { name: "Download Lease.pdf" }).click()]);
  expect(pdfDownload.suggestedFilename()).toBe("Lease.pdf");
  expectSealedPdf(await bytesOf(pdfDownload));
  const [allDownload] = await Promise.all([annCopy.waitForEvent("download"), annCopy.getByTestId("signer-copy-zip").click()]);
  expect((await bytesOf(allDownload)).subarray(0, 2).toString("latin1")).toBe("PK");

  // The link only downloads: at the ceremony's entry it opens nothing.
  const token = copyLink.split("/copy/")[1]!;
  const entry = await annCopy.request.get(`${server.url}/access?sessionToken=${token}`, { maxRedirects: 0 });
  expect(entry.status()).toBe(404);
});
