import { expect, test } from "../support/test";
import { makePdf } from "../../tests/support/pdfs";
import { expectAccessible } from "../support/accessibility";
import { inWireUnits, person } from "../support/package-payloads";
import { ServiceClient } from "../support/service-client";
import { acceptConsent, openCeremony, signField } from "../support/signer";

/**
 * A 200-page document in the ceremony: the first page is drawn without the whole file (pdf.js
 * reads it by byte ranges), only the pages near the view exist, and "Next field" to a signature
 * on page 150 brings that page in, drawn, with the field over it where it belongs.
 */

test.describe.configure({ timeout: 120_000 });

const PAGES = 200;
const FIELD_PAGE = 149; // page 150
const FIELD = { top: 500, left: 120, width: 200, height: 50 }; // PDF points from the page's top-left
/** Incompressible bytes no page uses, like a scan's unused images: the file is mostly what the first page does not need. */
const PADDING = 3_000_000;

test("the first page of a 200-page document is drawn from a part of the file; the page of a far field is drawn when the signer goes to it", async ({ browser, baseURL }) => {
  const service = await ServiceClient.signUp(baseURL!, "Long ceremony");
  const pdf = await makePdf({
    pages: PAGES,
    texts: Array.from({ length: PAGES }, (_, page) => ({ page, text: `Master services agreement, page ${page + 1} of ${PAGES}`, x: 72, y: 740, size: 14 })),
    padToBytes: PADDING,
  });
  const packageId = await service.createPackage(
    {
      name: "Two hundred pages",
      type: "PACKAGE",
      status: "DRAFT",
      roles: [{ id: "Reader", index: 1, type: "SIGNER", signers: [person("Rae", "Reader")] }],
      documents: [{ id: "long", name: "Long agreement", approvals: [{ role: "Reader", fields: [inWireUnits({ type: "SIGNATURE", subtype: "FULLNAME", page: FIELD_PAGE, ...FIELD })] }] }],
    },
    [pdf],
  );
  await service.send(packageId);

  const signer = await openCeremony(browser, await service.signingUrl(packageId, "Reader"));
  // Every request for the document's PDF, with the bytes it asked for.
  const documentReads: { range: string | null; status: number; bytes: number }[] = [];
  signer.on("response", async (response) => {
    if (!response.url().endsWith("/documents/long/pdf")) return;
    const range = response.request().headers()["range"] ?? null;
    const span = /^bytes=(\d+)-(\d+)$/.exec(range ?? "");
    const suffix = /^bytes=-(\d+)$/.exec(range ?? "");
    documentReads.push({ range, status: response.status(), bytes: span ? Number(span[2]) - Number(span[1]) + 1 : suffix ? Number(suffix[1]) : pdf.byteLength });
  });
  await acceptConsent(signer);

  const view = signer.getByRole("region", { name: "Long agreement", exact: true });
  await expect(view.locator('section[data-page-index="0"][data-painted="true"]')).toBeVisible({ timeout: 30_000 });
  await expect(view.locator('section[data-page-index="0"] canvas')).toBeVisible();
  const drawnPages = () => view.locator("section[data-page-index] canvas").count();
  const pagesInDom = () => view.locator("section[data-page-index]").count();
  expect(await drawnPages()).toBeLessThanOrEqual(6);
  expect(await pagesInDom()).toBeLessThanOrEqual(6);
  await expect(view.locator(`section[data-page-index="${FIELD_PAGE}"]`)).toHaveCount(0);
  // The layout is the whole document's from the first moment (stored page sizes): 200 pages tall.
  const scrollHeight = await view.evaluate((element) => element.scrollHeight);
  const pageBox = (await view.locator('section[data-page-index="0"]').boundingBox())!;
  expect(scrollHeight).toBeGreaterThan(pageBox.height * PAGES);

  // Every read of the file asked for a part of it (206), never the whole: the padding was never read.
  const ranged = documentReads.filter((read) => read.range !== null);
  expect(ranged.length).toBeGreaterThan(0);
  expect(ranged.length).toBe(documentReads.length);
  expect(ranged.every((read) => read.status === 206)).toBe(true);
  expect(ranged.reduce((sum, read) => sum + read.bytes, 0)).toBeLessThan(pdf.byteLength / 4);

  await expectAccessible(signer, "the long document");

  // "Next field": the signature on page 150, whose page did not exist, is scrolled to, drawn, and focused.
  await signer.getByRole("button", { name: "Next field" }).click();
  const farPage = view.locator(`section[data-page-index="${FIELD_PAGE}"]`);
  await expect(farPage).toHaveAttribute("aria-label", `Long agreement, page ${FIELD_PAGE + 1} of ${PAGES}`);
  await expect(farPage.locator("canvas")).toBeVisible({ timeout: 15_000 });
  const field = farPage.getByRole("button", { name: "Signature (required)" });
  await expect(field).toBeFocused();
  await expect(field).toBeInViewport();
  // The field sits over its page at the stored position times the page's scale.
  const farBox = (await farPage.boundingBox())!;
  const fieldBox = (await field.boundingBox())!;
  const scale = farBox.width / 612;
  expect(Math.abs(fieldBox.x - farBox.x - FIELD.left * scale)).toBeLessThan(2);
  expect(Math.abs(fieldBox.y - farBox.y - FIELD.top * scale)).toBeLessThan(2);
  expect(Math.abs(fieldBox.width - FIELD.width * scale)).toBeLessThan(2);
  // Still only the pages near the view: the jump did not draw the 148 pages on the way.
  expect(await drawnPages()).toBeLessThanOrEqual(6);
  await expect(view.locator('section[data-page-index="0"]')).toHaveCount(0);

  // Adopting the signature there works as on a first page.
  await signField(signer, field);
  await expect(signer.getByRole("button", { name: "Sign document" })).toBeEnabled();
  await signer.context().close();
});
