import fs from "node:fs";
import path from "node:path";
import { execFileSync } from "node:child_process";
import { expect, test } from "../support/test";
import { makePdf } from "../../tests/support/pdfs";
import { darkShare, pdfFonts, pdfSig, renderPageGray } from "../../tests/support/poppler";
import { inWireUnits, person } from "../support/package-payloads";
import { ServiceClient } from "../support/service-client";
import { acceptConsent, expectFinished, openCeremony, signDocument } from "../support/signer";

/**
 * The typed-signature fonts of the account (chooseSignature's fontsPerWritingSystem.latin): the
 * ceremony offers those and no other, each shown in its own face, and the seal draws the name in
 * the one the signer picks.
 */

test.describe.configure({ timeout: 180_000 });

const FIELD = { page: 0, left: 72, top: 200, width: 260, height: 70 };
const ACCOUNT_FONTS = ["Licorice", "Damion", "Grenze Gotisch"];

test("a signer picks one of the account's fonts, each previewed in its face, and the sealed page shows the name in it", async ({ browser, baseURL }, testInfo) => {
  const owner = await ServiceClient.signUp(baseURL!, "Signature fonts test");
  const setting = await owner.call("PATCH", "/api/account/admin/chooseSignature", { signature: { fontsPerWritingSystem: { latin: ACCOUNT_FONTS } } });
  expect(setting.status).toBe(200);
  const packageId = await owner.createPackage(
    {
      name: "Fonts",
      type: "PACKAGE",
      status: "DRAFT",
      roles: [{ id: "Signer", type: "SIGNER", index: 1, signers: [{ ...person("Amelie", "Dubois"), firstName: "Amélie" }] }],
      documents: [{ id: "deed", name: "Deed", approvals: [{ role: "Signer", fields: [inWireUnits({ type: "SIGNATURE", subtype: "FULLNAME", ...FIELD })] }] }],
    },
    [await makePdf({ texts: [{ page: 0, text: "Deed of fonts", x: 72, y: 720, size: 18 }] })],
  );
  await owner.send(packageId);

  const signer = await openCeremony(browser, await owner.signingUrl(packageId, "Signer"));
  await acceptConsent(signer);
  const field = signer.getByRole("button", { name: "Signature (required)" });
  await expect(field).toBeVisible({ timeout: 30_000 });
  await field.click();
  const dialog = signer.getByRole("dialog", { name: "Adopt your signature" });
  const choices = dialog.getByRole("radio");
  // The account's three and the classic style; the first offered is chosen to begin with.
  await expect(choices).toHaveCount(ACCOUNT_FONTS.length + 1);
  for (const name of ACCOUNT_FONTS) await expect(dialog.getByRole("radio", { name })).toBeVisible();
  await expect(dialog.getByRole("radio", { name: "Licorice" })).toBeChecked();
  await expect(dialog.getByRole("radio", { name: "Kanit" })).toHaveCount(0);

  // Each preview is set in its own face, a web font the app serves, which the browser has loaded.
  const previews = dialog.locator("label span.text-3xl");
  const families = await previews.evaluateAll((spans) => spans.map((span) => getComputedStyle(span).fontFamily));
  expect(new Set(families).size).toBe(ACCOUNT_FONTS.length + 1);
  const loadedFaces = () =>
    previews.evaluateAll(async (spans) => {
      await document.fonts.ready;
      const bare = (family: string) => family.trim().replace(/["']/g, "");
      const loaded = new Set([...document.fonts].filter((face) => face.status === "loaded").map((face) => bare(face.family)));
      return spans.map((span) => loaded.has(bare(getComputedStyle(span).fontFamily.split(",")[0]!)));
    });
  await expect.poll(async () => (await loadedFaces()).slice(0, ACCOUNT_FONTS.length)).toEqual(ACCOUNT_FONTS.map(() => true));
  await dialog.screenshot({ path: testInfo.outputPath("adopt-dialog.png") });

  await dialog.getByRole("radio", { name: "Damion" }).check();
  await dialog.getByRole("button", { name: "Adopt signature" }).click();
  await expect(field).toHaveText("Amélie Dubois");
  await signDocument(signer);
  await expectFinished(signer);

  let sealed: Buffer | undefined;
  await expect
    .poll(
      async () => {
        const bytes = await owner.download(`/api/packages/${packageId}/documents/deed/pdf`);
        if (pdfSig(bytes).includes("Signature is Valid.")) sealed = bytes;
        return Boolean(sealed);
      },
      { timeout: 60_000 },
    )
    .toBe(true);
  expect(pdfFonts(sealed!)).toMatch(/Damion-Regular-\d+\s+CID TrueType\s+Identity-H\s+yes/);
  expect(pdfFonts(sealed!)).not.toMatch(/Licorice/);
  const page = renderPageGray(sealed!, 0, 144);
  expect(darkShare(page, FIELD)).toBeGreaterThan(0.01);

  // The sealed page as an image, to look at (pdftoppm).
  const pdfFile = testInfo.outputPath("sealed.pdf");
  fs.writeFileSync(pdfFile, sealed!);
  execFileSync("pdftoppm", ["-png", "-r", "100", "-f", "1", "-l", "1", "-singlefile", pdfFile, path.join(path.dirname(pdfFile), "sealed-page")]);
  if (process.env.KEEP_SEALED_PNG) fs.copyFileSync(testInfo.outputPath("sealed-page.png"), process.env.KEEP_SEALED_PNG);
});
