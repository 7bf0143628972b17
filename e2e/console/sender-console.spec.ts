import { expect, test } from "../support/test";
import { checkPage, signUpInConsole } from "./console-support";
import { buildSendFollowAndDownload } from "./package-journey";

/**
 * The sender's console as a new user meets it: sign up, build a package of two PDFs and three
 * signers (documents and signers reordered with the mouse and with the keyboard, fields placed
 * by drag and drop), send it, set a reminder schedule, follow the signing, download the signed
 * documents and the evidence summary, and check what they hold.
 */

test.describe.configure({ timeout: 300_000 });
// "Copy signing link" writes to the clipboard; the test reads it back.
test.use({ permissions: ["clipboard-read", "clipboard-write"] });

test("a new sender builds, sends and follows a package, then downloads the signed documents and the evidence", async ({ page, browser }) => {
  await signUpInConsole(page, "Console journey");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await checkPage(page, "inbox-empty");
  await buildSendFollowAndDownload(page, browser);
});
