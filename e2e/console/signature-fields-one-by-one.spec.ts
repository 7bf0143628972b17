import { expect, test } from "../support/test";
import { pdfSig, pdfWords } from "../../tests/support/poppler";
import { ServiceClient } from "../support/service-client";
import { acceptConsent, expectFinished, openCeremony, signDocument, signField } from "../support/signer";
import { dropOnPage, signInWithApiKey, titledPdf } from "./console-support";

/**
 * A signature and initials placed in the builder are two acts of signing: the signer gives each
 * with its own click, is taken from one to the next, and the sealed page shows the initials as
 * initials, where they were placed.
 */

test.describe.configure({ timeout: 180_000 });

interface Package {
  documents: { id: string; approvals: { id: string; role: string; fields: { type: string; subtype: string; page: number }[] }[] }[];
}

test("each signature field placed in the builder is signed with its own click, and initials are stamped as initials", async ({ page, browser, baseURL }) => {
  const owner = await ServiceClient.signUp(baseURL!, "One by one test");
  const packageId = await owner.createPackage(
    {
      name: "Lease",
      roles: [{ id: "Tenant", type: "SIGNER", signers: [{ email: "tina.tenant@example.test", firstName: "Tina", lastName: "Tenant" }] }],
      documents: [{ id: "lease", name: "Lease" }],
    },
    [await titledPdf("Lease", 2)],
  );
  await signInWithApiKey(page, owner.apiKey);
  await page.waitForURL("**/packages");
  await page.goto(`/packages/${packageId}/edit`);

  // A signature on page 1 and initials on page 2, dragged from the palette.
  const editor = page.getByTestId("field-editor");
  await editor.getByRole("tab", { name: /^Lease/ }).click();
  for (const [kind, pageIndex] of [["signature", 0], ["initials", 1]] as const) {
    await dropOnPage(editor.getByTestId(`field-palette-${kind}`), page.getByTestId(`field-page-lease-${pageIndex}`), 0.3, 0.5);
    await expect(page.getByTestId("field-save-status")).toHaveText("Changes are saved as you go.");
  }
  const placed = await owner.json<Package>("GET", `/api/packages/${packageId}`);
  const approvals = placed.documents.find((document) => document.id === "lease")!.approvals.filter((approval) => approval.role === "Tenant");
  expect(approvals.map((approval) => approval.fields.map((field) => [field.subtype, field.page]))).toEqual([[["FULLNAME", 0]], [["INITIALS", 1]]]);

  await owner.send(packageId);
  const signer = await openCeremony(browser, await owner.signingUrl(packageId, "Tenant"));
  await acceptConsent(signer);
  const signature = signer.getByRole("button", { name: "Signature (required)" });
  const initials = signer.getByRole("button", { name: "Initials (required)" });
  await signField(signer, signature);
  // The click signs the signature only; the signer is taken on to the initials, still to give.
  await expect(initials).toBeFocused();
  await expect(initials).toHaveAttribute("aria-pressed", "false");
  await expect(signer.getByRole("button", { name: "Sign document" })).toBeDisabled();
  await initials.click();
  await expect(initials).toHaveAttribute("aria-pressed", "true");
  await expect(initials).toContainText("TT");
  await signDocument(signer);
  await expectFinished(signer);

  let sealed: Buffer | undefined;
  await expect
    .poll(
      async () => {
        const bytes = await owner.download(`/api/packages/${packageId}/documents/lease/pdf`);
        if (pdfSig(bytes).includes("Signature is Valid.")) sealed = bytes;
        return Boolean(sealed);
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  const words = pdfWords(sealed!);
  const onPage = (index: number) => words.filter((word) => word.page === index).map((word) => word.text);
  expect(onPage(0)).toEqual(expect.arrayContaining(["Tina", "Tenant"]));
  expect(onPage(1)).toContain("TT");
  expect(onPage(1)).not.toContain("Tina");
  // The initials sit where they were dropped: below the page's title, in its left half.
  const stamped = words.find((word) => word.page === 1 && word.text === "TT")!;
  expect(stamped.yMin).toBeGreaterThan(250);
  expect(stamped.xMin).toBeLessThan(306);
});
