import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { type Browser, expect, type Locator, type Page } from "@playwright/test";
import { acceptConsent, expectFinished, openCeremony, signDocument, signField } from "../support/signer";
import { checkPage, dropOnPage, pdfFile } from "./console-support";

/**
 * The sender's day with a package, from the inbox of a signed-in user: build a package of two PDFs
 * and three signers (documents and signers reordered with the mouse and with the keyboard, every
 * kind of field placed by drag and drop, one moved and resized), set a reminder schedule, send it,
 * follow the signing, download the signed documents and the evidence summary, and check what they
 * hold. The same journey runs against the embedded service and against one at ESIGN_API_URL.
 * Needs clipboard permissions ("Copy signing link" writes to it; the journey reads it back).
 */

const SIGNERS = [
  { firstName: "Alice", lastName: "Adams", email: "alice.adams@example.test" },
  { firstName: "Bruno", lastName: "Brown", email: "bruno.brown@example.test" },
  { firstName: "Chloe", lastName: "Clark", email: "chloe.clark@example.test" },
];

/** The uploaded documents in the builder's order (the consent document, always first, left out). */
async function uploadedOrder(page: Page): Promise<string[]> {
  const names = await page.getByRole("list", { name: "Documents in order" }).getByTestId("document-name").allTextContents();
  return names.map((name) => name.trim()).filter((name) => name === "Agreement" || name === "Annex");
}

/** The signers of each step, as the builder shows them. */
async function stepsShown(page: Page): Promise<string[][]> {
  const steps = page.getByTestId("signing-step");
  const shown: string[][] = [];
  for (let i = 0; i < (await steps.count()); i++) shown.push(await steps.nth(i).getByTestId("signer-name").allTextContents());
  return shown.map((names) => names.map((name) => name.trim()));
}

/**
 * dnd-kit by keyboard, as a screen reader user moves an item: Space picks it up (wait until it
 * says so), arrows move it, and Space drops it once the live region has said where it now is
 * (`arrival`, the words of the announcement).
 *
 * Both waits are on dnd-kit, not on the page. It listens for arrows from the timer turn after the
 * pick-up, while aria-pressed is on before that (6 to 32 ms before, measured on a busy machine,
 * and an arrow came as soon as 34 ms after it). And it takes an arrow late when the place it goes
 * to is above the middle of the window: it scrolls the window smoothly instead of moving the item,
 * and finds the new place from the scroll, frames later (8 to 147 ms after the arrow, measured).
 * A Space pressed before that drops the item where it was: "Agreement dropped at position 2 of 2",
 * the list left as it was (4 rounds in 4 with no pause after the arrow; the pause of 150 ms this
 * replaces lost that race on busy machines).
 */
async function moveWithKeyboard(page: Page, handle: Locator, key: "ArrowUp" | "ArrowDown", presses: number, arrival: string): Promise<void> {
  await handle.focus();
  await page.keyboard.press("Space");
  await expect(handle).toHaveAttribute("aria-pressed", "true");
  // A timer of ours, set now, runs after the one dnd-kit set at the pick-up to start listening.
  await page.evaluate(() => new Promise<void>((resolve) => setTimeout(resolve)));
  for (let i = 0; i < presses; i++) {
    await page.keyboard.press(key);
    // Pacing between presses (moves stop at the first and last targets, so a press taken from a
    // place not yet updated is made up by the extra ones); the drop waits for the announcement.
    if (i < presses - 1) await page.waitForTimeout(150);
  }
  await expect(page.getByRole("status").filter({ hasText: arrival })).toBeAttached();
  await page.keyboard.press("Space");
  await expect(handle).not.toHaveAttribute("aria-pressed", "true");
}

async function fieldsSaved(page: Page): Promise<void> {
  await expect(page.getByTestId("field-save-status")).toHaveText("Changes are saved as you go.");
}

/** A download started by clicking `link`, saved to a temporary file. */
async function download(page: Page, link: Locator): Promise<string> {
  const started = page.waitForEvent("download");
  await link.click();
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "signet-console-")), (await started).suggestedFilename());
  await (await started).saveAs(file);
  return file;
}

/** `base`: the console's address when it is not the tests' own server (its screenshots are then marked "-elsewhere"). */
export async function buildSendFollowAndDownload(page: Page, browser: Browser, base = ""): Promise<void> {
  const shotSuffix = base ? "-elsewhere" : "";
  await page.getByTestId("new-package").click();
  await page.waitForURL(/\/packages\/[^/]+\/edit$/);
  const packageId = decodeURIComponent(page.url().split("/").at(-2)!);

  // Documents: two PDFs dropped at once, then reordered with the mouse and with the keyboard.
  await page.getByTestId("document-file-input").setInputFiles([await pdfFile("Agreement.pdf", "Agreement", 2), await pdfFile("Annex.pdf", "Annex")]);
  await expect(page.getByTestId("document-drag-handle")).toHaveCount(2, { timeout: 30_000 });
  const [first, second] = await uploadedOrder(page);
  expect([first, second].sort()).toEqual(["Agreement", "Annex"]);
  await page.getByRole("list", { name: "Documents in order" }).evaluate((list) => list.scrollIntoView({ block: "center" }));
  await page.getByRole("button", { name: `Reorder ${second}` }).dragTo(page.getByRole("button", { name: `Reorder ${first}` }), { steps: 10 });
  await expect.poll(() => uploadedOrder(page)).toEqual([second, first]);
  await expect(page.getByLabel("Signers must sign the documents in this order")).toBeChecked();
  // The Agreement first, whichever way the uploads landed: by keyboard.
  if ((await uploadedOrder(page))[0] !== "Agreement") {
    await moveWithKeyboard(page, page.getByRole("button", { name: "Reorder Agreement" }), "ArrowUp", 1, "Agreement is now at position 1 of 2.");
  } else {
    await moveWithKeyboard(page, page.getByRole("button", { name: "Reorder Annex" }), "ArrowUp", 1, "Annex is now at position 1 of 2.");
    await expect.poll(() => uploadedOrder(page)).toEqual(["Annex", "Agreement"]);
    await moveWithKeyboard(page, page.getByRole("button", { name: "Reorder Agreement" }), "ArrowUp", 1, "Agreement is now at position 1 of 2.");
  }
  await expect.poll(() => uploadedOrder(page)).toEqual(["Agreement", "Annex"]);

  // Signers: three people, each added in a step of their own.
  const addForm = page.getByTestId("add-signer-form");
  for (const signer of SIGNERS) {
    // The form empties itself once the previous signer is saved; typing before that would be lost.
    await expect(addForm.getByLabel("First name")).toHaveValue("");
    await expect(addForm.getByLabel("E-mail")).toHaveValue("");
    await addForm.getByLabel("First name").fill(signer.firstName);
    await addForm.getByLabel("Last name").fill(signer.lastName);
    await addForm.getByLabel("E-mail").fill(signer.email);
    await addForm.getByRole("button", { name: "Add signer" }).click();
    await expect(page.getByTestId("signer-name").filter({ hasText: `${signer.firstName} ${signer.lastName}` })).toBeVisible();
  }
  expect(await stepsShown(page)).toEqual([["Alice Adams"], ["Bruno Brown"], ["Chloe Clark"]]);

  // The third signer into the first step with the mouse...
  // The steps in the middle of the window first: a drag that starts or ends near its edge makes
  // dnd-kit scroll the page under the pointer, and the drop lands beside the step aimed at.
  await page.getByRole("list", { name: "Signing steps" }).evaluate((list) => list.scrollIntoView({ block: "center" }));
  await page.getByRole("button", { name: "Reorder Chloe Clark" }).dragTo(page.getByTestId("signing-step-area").first(), { steps: 10 });
  await expect.poll(() => stepsShown(page)).toEqual([["Alice Adams", "Chloe Clark"], ["Bruno Brown"]]);
  // ...out to a new last step, and back into the first, with the keyboard (moves stop at the
  // first and last targets, so extra presses only make sure it gets there).
  await moveWithKeyboard(page, page.getByRole("button", { name: "Reorder Chloe Clark" }), "ArrowDown", 6, "Chloe Clark is over a new last step.");
  await expect.poll(() => stepsShown(page)).toEqual([["Alice Adams"], ["Bruno Brown"], ["Chloe Clark"]]);
  await moveWithKeyboard(page, page.getByRole("button", { name: "Reorder Chloe Clark" }), "ArrowUp", 6, "Chloe Clark is over step 1.");
  await expect.poll(() => stepsShown(page)).toEqual([["Alice Adams", "Chloe Clark"], ["Bruno Brown"]]);

  // Fields: a signature for each signer on the Agreement, dragged from the palette.
  const editor = page.getByTestId("field-editor");
  await editor.getByRole("tab", { name: /^Agreement/ }).click();
  const agreementId = await page.getByRole("list", { name: "Documents in order" }).getByTestId("document-row").filter({ hasText: "Agreement" }).getAttribute("data-document-id");
  const firstPage = page.getByTestId(`field-page-${agreementId}-0`);
  await firstPage.scrollIntoViewIfNeeded();
  for (const [i, signer] of SIGNERS.entries()) {
    await editor.getByTestId("field-signer-picker").locator("label").filter({ hasText: `${signer.firstName} ${signer.lastName}` }).click();
    await expect(editor.getByRole("radio", { name: new RegExp(`^${signer.firstName} ${signer.lastName}`) })).toBeChecked();
    await dropOnPage(editor.getByTestId("field-palette-signature"), firstPage, 0.3, 0.3 + i * 0.15);
    await expect(editor.getByTestId("placed-field")).toHaveCount(i + 1);
    await fieldsSaved(page);
  }

  // The other kinds, for Alice: each lands in the service as its own kind of field.
  await editor.getByTestId("field-signer-picker").locator("label").filter({ hasText: "Alice Adams" }).click();
  const otherKinds = ["initials", "name", "date", "text", "checkbox"] as const;
  for (const [i, kind] of otherKinds.entries()) {
    await dropOnPage(editor.getByTestId(`field-palette-${kind}`), firstPage, 0.7, 0.15 + i * 0.12);
    await expect(editor.getByTestId("placed-field")).toHaveCount(SIGNERS.length + i + 1);
    await fieldsSaved(page);
  }
  const aliceFields = async () => {
    const pkg = (await (await page.request.get(`${base}/proxy/api/packages/${encodeURIComponent(packageId)}`)).json()) as {
      documents: { id: string; approvals: { role: string; fields: { type: string; subtype: string; binding: string | null; left: number; top: number; width: number; height: number }[] }[] }[];
      roles: { id: string; signers: { firstName: string }[] }[];
    };
    const alice = pkg.roles.find((role) => role.signers[0]?.firstName === "Alice")!;
    return pkg.documents.find((document) => document.id === agreementId)!.approvals.filter((approval) => approval.role === alice.id).flatMap((approval) => approval.fields);
  };
  expect((await aliceFields()).map((field) => [field.type, field.subtype, field.binding ?? null]).sort()).toEqual(
    [
      ["SIGNATURE", "FULLNAME", null],
      ["SIGNATURE", "INITIALS", null],
      ["INPUT", "LABEL", "{signer.name}"],
      ["INPUT", "LABEL", "{approval.signed}"],
      ["INPUT", "TEXTFIELD", null],
      ["INPUT", "CHECKBOX", null],
    ].sort(),
  );

  // Alice's signature moved and then made larger with the mouse.
  const aliceSignature = editor.getByRole("button", { name: /^Signature · Alice Adams/ });
  const before = (await aliceFields()).find((field) => field.subtype === "FULLNAME")!;
  // Back in view: the preview was scrolled down to the later drops.
  await aliceSignature.scrollIntoViewIfNeeded();
  const at = (await aliceSignature.boundingBox())!;
  await page.mouse.move(at.x + at.width / 2, at.y + at.height / 2);
  await page.mouse.down();
  await page.mouse.move(at.x + at.width / 2 + 60, at.y + at.height / 2 + 40, { steps: 10 });
  await page.mouse.up();
  await fieldsSaved(page);
  await expect.poll(async () => (await aliceFields()).find((field) => field.subtype === "FULLNAME")!.left).toBeGreaterThan(before.left + 20);
  const moved = (await aliceFields()).find((field) => field.subtype === "FULLNAME")!;
  expect(moved.top).toBeGreaterThan(before.top + 10);
  expect([moved.width, moved.height]).toEqual([before.width, before.height]);
  const handle = (await aliceSignature.locator("[data-resize-handle]").boundingBox())!;
  await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
  await page.mouse.down();
  await page.mouse.move(handle.x + handle.width / 2 + 50, handle.y + handle.height / 2 + 20, { steps: 10 });
  await page.mouse.up();
  await fieldsSaved(page);
  await expect.poll(async () => (await aliceFields()).find((field) => field.subtype === "FULLNAME")!.width).toBeGreaterThan(moved.width + 20);
  const resized = (await aliceFields()).find((field) => field.subtype === "FULLNAME")!;
  expect(resized.height).toBeGreaterThan(moved.height + 5);
  expect([resized.left, resized.top]).toEqual([moved.left, moved.top]);
  await checkPage(page, `builder${shotSuffix}`);

  // The ones Alice would have to act on are taken off again with the keyboard (the ceremony below signs signatures only).
  for (const kind of ["Initials", "Text", "Check box"]) {
    await editor.getByRole("button", { name: new RegExp(`^${kind} · Alice Adams`) }).focus();
    await page.keyboard.press("Delete");
    await fieldsSaved(page);
  }
  await expect(editor.getByTestId("placed-field")).toHaveCount(SIGNERS.length + 2);

  await expect(page.getByTestId("send-package")).toBeEnabled();

  // A reminder schedule is made while the package is a draft: more than five reminders are
  // refused, three are planned; then the package is sent from its page.
  await page.goto(`${base}/packages/${packageId}`);
  await page.getByTestId("reminder-start").fill("1");
  await page.getByTestId("reminder-interval").fill("2");
  await page.getByTestId("reminder-count").fill("6");
  await page.getByTestId("reminder-save").click();
  await expect(page.getByTestId("reminder-form")).toContainText(/at most 5/);
  await page.getByTestId("reminder-count").fill("3");
  await page.getByTestId("reminder-save").click();
  await expect(page.getByTestId("reminder-delete")).toBeVisible();
  await page.getByTestId("action-send").click();
  await expect(page.getByTestId("package-status")).toContainText("In progress");
  await expect(page.getByTestId("reminder-item")).toHaveCount(3);
  await checkPage(page, `package-sent${shotSuffix}`);

  // Following the signing: each signer's link from the package page, the first step in parallel.
  const linkOf = async (name: string) => {
    await page.evaluate(() => navigator.clipboard.writeText(""));
    await page.getByRole("button", { name: `Copy signing link for ${name}` }).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toMatch(/\/access\?sessionToken=/);
    return page.evaluate(() => navigator.clipboard.readText());
  };
  const signWith = async (link: string) => {
    const signer = await openCeremony(browser, link);
    await acceptConsent(signer);
    await signField(signer, signer.getByRole("button", { name: "Signature (required)" }));
    await signDocument(signer);
    await expectFinished(signer);
    await signer.context().close();
  };
  const firstStep = [await linkOf("Alice Adams"), await linkOf("Chloe Clark")];
  await Promise.all(firstStep.map(signWith));
  await page.reload();
  await expect(page.locator("[data-testid^='signer-'][data-state]")).toHaveCount(3);
  await signWith(await linkOf("Bruno Brown"));

  await expect.poll(async () => (await page.reload(), await page.getByTestId("package-status").textContent()), { timeout: 30_000 }).toContain("Completed");
  await expect(page.getByTestId("history-event").first()).toBeVisible();
  await checkPage(page, `package-completed${shotSuffix}`);

  // The signed documents: both PDFs, the Agreement stamped with the three names.
  // The zip answers 409 (Retry-After) until the seal is stored: wait for it before clicking.
  const zipUrl = new URL((await page.getByTestId("download-zip").getAttribute("href"))!, page.url()).href;
  await expect.poll(async () => (await page.request.get(zipUrl)).status(), { timeout: 30_000 }).toBe(200);
  const zip = await download(page, page.getByTestId("download-zip"));
  const entries = execFileSync("unzip", ["-Z1", zip], { encoding: "utf8" }).trim().split("\n");
  expect(entries).toEqual(["Agreement.pdf", "Annex.pdf", "Untitled package - Certificate of Completion.pdf"]);
  const agreementText = execFileSync("sh", ["-c", `unzip -p "${zip}" Agreement.pdf | pdftotext - -`], { encoding: "utf8" });
  for (const signer of SIGNERS) expect(agreementText).toContain(`${signer.firstName} ${signer.lastName}`);

  // The evidence summary (the certificate of completion) names the package and every signer, and tells what they did in words.
  const evidence = await download(page, page.getByTestId("download-evidence"));
  const evidenceText = execFileSync("pdftotext", [evidence, "-"], { encoding: "utf8" });
  expect(evidenceText).toContain("Untitled package");
  for (const signer of SIGNERS) expect(evidenceText).toContain(signer.email);
  expect(evidenceText).toContain("Certificate of Completion");
  expect(evidenceText).toContain("Sent for signing");
}
