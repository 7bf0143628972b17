import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Locator, Page } from "@playwright/test";
import { expect, test } from "../support/test";
import { makePdf } from "../../tests/support/pdfs";
import { darkShare, pdfFonts, renderPageGray } from "../../tests/support/poppler";
import { expectAccessible } from "../support/accessibility";
import { inWireUnits } from "../support/package-payloads";
import { ServiceClient, SIGN_UP_PASSWORD } from "../support/service-client";
import { openCeremony } from "../support/signer";
import { checkPage, signInWithPassword } from "../console/console-support";

/**
 * A Japanese signer's name on the sealed page and in the evidence summary: the sender sets the
 * package's language to 日本語 in the builder, 山田花子 signs in Japanese with her name typed and
 * her address filled in, and the sender downloads the sealed document and the evidence summary.
 * Both are rendered to PNG (test-results/japanese-*.png, to be looked at) and their text, fonts
 * and ink checked: the name is drawn in a subset of Noto Sans JP, never lost nor boxes.
 */

test.describe.configure({ timeout: 240_000 });

const SIGNATURE = { page: 0, left: 72, top: 200, width: 280, height: 80 };
const NAME_LABEL = { page: 0, left: 72, top: 310, width: 200, height: 22 };
const ADDRESS = { page: 0, left: 72, top: 360, width: 300, height: 22 };
const TYPED_NAME = "山田花子";
const ADDRESS_TYPED = "東京都千代田区丸の内1-1";

/** A download started by clicking `link`, saved to a temporary file. */
async function download(page: Page, link: Locator): Promise<string> {
  const started = page.waitForEvent("download");
  await link.click();
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "signet-cjk-")), (await started).suggestedFilename());
  await (await started).saveAs(file);
  return file;
}

/** Each page of the PDF as a PNG in test-results (`japanese-<name>-<n>.png`), as a reader's screen would show it. */
function renderToPng(file: string, name: string): void {
  fs.mkdirSync("test-results", { recursive: true });
  execFileSync("pdftoppm", ["-png", "-r", "110", file, path.join("test-results", `japanese-${name}`)]);
}

/** pdftotext's text without spaces and line breaks (a name may be cut into runs or lines). */
function compactText(file: string): string {
  return execFileSync("pdftotext", ["-enc", "UTF-8", file, "-"], { encoding: "utf8" }).replace(/\s+/g, "");
}

test("a Japanese signer's typed name reads on the sealed page and in the evidence summary", async ({ page, browser, baseURL }) => {
  const owner = await ServiceClient.signUp(baseURL!, "Japanese names test");
  const packageId = await owner.createPackage(
    {
      name: "賃貸契約",
      type: "PACKAGE",
      status: "DRAFT",
      roles: [{ id: "Hanako", type: "SIGNER", index: 1, signers: [{ firstName: "花子", lastName: "山田", email: "hanako.yamada@example.test" }] }],
      documents: [
        {
          id: "lease",
          name: "賃貸契約書",
          approvals: [
            {
              role: "Hanako",
              fields: [
                inWireUnits({ type: "SIGNATURE", subtype: "FULLNAME", ...SIGNATURE }),
                inWireUnits({ type: "INPUT", subtype: "LABEL", binding: "{signer.name}", ...NAME_LABEL }),
                inWireUnits({ name: "住所", type: "INPUT", subtype: "TEXTFIELD", validation: { required: true }, ...ADDRESS }),
              ],
            },
          ],
        },
      ],
    },
    [await makePdf({ texts: [{ page: 0, text: "Lease agreement", x: 72, y: 720, size: 18 }] })],
  );

  // The sender picks 日本語 in the builder's Language list.
  await signInWithPassword(page, owner.email, SIGN_UP_PASSWORD);
  await page.waitForURL("**/packages");
  await page.goto(`/packages/${packageId}/edit`);
  const language = page.getByRole("combobox", { name: "Language" });
  await expect(language.getByRole("option", { name: "日本語" })).toHaveAttribute("lang", "ja");
  await language.selectOption({ label: "日本語" });
  await expect(page.getByTestId("settings-section")).toContainText("✓ Saved");
  await expect.poll(async () => (await owner.json<{ language: string }>("GET", `/api/packages/${packageId}`)).language).toBe("ja");
  await checkPage(page, "japanese-builder");
  await owner.send(packageId);

  // 山田花子 signs in Japanese, her name typed in the first font offered (a Latin one).
  const signer = await openCeremony(browser, await owner.signingUrl(packageId, "Hanako"));
  await expect(signer.getByRole("heading", { name: "署名の前に：電子署名への同意" })).toBeVisible({ timeout: 30_000 });
  await signer.getByRole("button", { name: "同意する" }).click();
  await expect(signer.getByRole("navigation", { name: "書類" })).toBeVisible();
  await signer.getByRole("textbox", { name: "住所（必須）" }).fill(ADDRESS_TYPED);
  await signer.getByRole("button", { name: "署名（必須）" }).click();
  const adopt = signer.getByRole("dialog", { name: "署名を選択" });
  await adopt.getByLabel("氏名").fill(TYPED_NAME);
  await expectAccessible(signer, "the adopt dialog in Japanese");
  await adopt.getByRole("button", { name: "署名を採用" }).click();
  await expect(signer.getByRole("button", { name: "署名（必須）" })).toHaveAttribute("aria-pressed", "true");
  await signer.screenshot({ path: "test-results/japanese-ceremony-signed-fields.png", fullPage: true });
  const signed = signer.waitForResponse((response) => /\/api\/signing\/[^/]+\/documents\/[^/]+\/sign$/.test(response.url()));
  await signer.getByRole("button", { name: "書類に署名" }).click();
  expect((await signed).status()).toBe(200);
  await expect(signer.getByRole("heading", { name: "署名が完了しました" })).toBeVisible();
  await expectAccessible(signer, "the ceremony's end in Japanese");
  await signer.context().close();

  // The sender downloads the sealed document and the evidence summary from the package's page.
  await page.goto(`/packages/${packageId}`);
  await expect.poll(async () => (await page.reload(), await page.getByTestId("package-status").textContent()), { timeout: 60_000 }).toContain("Completed");
  // The signed PDF answers 409 (Retry-After) until the seal is stored.
  const sealedUrl = new URL((await page.getByTestId("download-pdf-lease").getAttribute("href"))!, page.url()).href;
  await expect.poll(async () => (await page.request.get(sealedUrl)).status(), { timeout: 60_000 }).toBe(200);
  await checkPage(page, "japanese-package-completed");

  const sealed = await download(page, page.getByTestId("download-pdf-lease"));
  renderToPng(sealed, "sealed");
  const sealedText = compactText(sealed);
  expect(sealedText).toContain(TYPED_NAME);
  // The frame and the label bound to the signer name her as the package does.
  expect(sealedText).toContain("Signedby花子山田");
  expect(sealedText.split("花子山田")).toHaveLength(3);
  expect(sealedText).toContain(ADDRESS_TYPED);
  const sealedBytes = fs.readFileSync(sealed);
  expect(pdfFonts(sealedBytes)).toMatch(/^[A-Z]{6}\+NotoSansJP-Regular\s+CID TrueType\s+Identity-H\s+yes\s+yes/m);
  const sealedPage = renderPageGray(sealedBytes, 0, 144);
  for (const field of [SIGNATURE, NAME_LABEL, ADDRESS]) expect(darkShare(sealedPage, field)).toBeGreaterThan(0.02);

  const evidence = await download(page, page.getByTestId("download-evidence"));
  renderToPng(evidence, "evidence");
  const evidenceText = compactText(evidence);
  expect(evidenceText).toContain("CertificateofCompletion:賃貸契約");
  expect(evidenceText).toContain("花子山田<hanako.yamada@example.test>");
  expect(evidenceText).toContain("賃貸契約書");
  expect(evidenceText).toContain(`Signedwithatypedname(intheKanitfont):${TYPED_NAME}`);
  expect(pdfFonts(fs.readFileSync(evidence))).toMatch(/^[A-Z]{6}\+NotoSansJP-Regular\s+CID TrueType\s+Identity-H\s+yes\s+yes/m);
});

test("the account's ceremony settings list each language once, 日本語 among them", async ({ page, baseURL }) => {
  const owner = await ServiceClient.signUp(baseURL!, "Japanese names test");
  await signInWithPassword(page, owner.email, SIGN_UP_PASSWORD);
  await page.waitForURL("**/packages");
  await page.goto("/account/ceremony");
  const language = page.getByTestId("thank-you-settings").getByRole("combobox", { name: "Language" });
  await expect(language.getByRole("option")).toHaveText(["English", "Français", "Deutsch", "Español", "Nederlands", "Italiano", "Português", "日本語"]);
  await checkPage(page, "japanese-account-ceremony");
});
