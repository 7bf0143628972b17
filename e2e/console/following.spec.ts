import { randomBytes } from "node:crypto";
import { expect, test } from "../support/test";
import { ServiceClient } from "../support/service-client";
import { checkPage, signInWithPassword, titledPdf } from "./console-support";

/**
 * A package someone else sent you to sign: it is in your Inbox folder, and its page lets you
 * follow it without offering what only its sender may do.
 */

test("a sender opens a colleague's package from the Inbox and follows it, without the sender's actions", async ({ page, baseURL }) => {
  const owner = await ServiceClient.signUp(baseURL!, "Following test");
  const suffix = randomBytes(4).toString("hex");
  const email = `fay-${suffix}@example.test`;
  const invited = await owner.json<{ activationUrl: string }>("POST", "/api/account/senders", { email, firstName: "Fay", lastName: "Follower" });
  const token = decodeURIComponent(new URL(invited.activationUrl).pathname.split("/").at(-1)!);
  await owner.json("POST", "/api/account/activation", { token, password: "fay-pass-42" });

  const packageId = await owner.createPackage(
    {
      name: "Office lease",
      roles: [
        { id: "Tenant", signers: [{ email, firstName: "Fay", lastName: "Follower" }] },
        { id: "Witness", signers: [{ email: "wes@example.test", firstName: "Wes", lastName: "Witness" }] },
      ],
      documents: [{ id: "lease", name: "Lease" }],
    },
    [await titledPdf("Lease")],
  );
  await owner.send(packageId);

  await signInWithPassword(page, email, "fay-pass-42");
  await page.waitForURL("**/packages");
  await page.getByRole("link", { name: "Office lease" }).first().click();
  await page.waitForURL(`**/packages/${packageId}`);
  await expect(page.getByTestId("following-note")).toContainText("sent you this package to sign");
  await expect(page.getByTestId("signers")).toContainText("Wes Witness");
  // Nothing only the sender may do: no status actions, no links to copy, no downloads or reminders.
  await expect(page.locator('[data-testid^="action-"]')).toHaveCount(0);
  await expect(page.getByRole("button", { name: /Copy signing link/ })).toHaveCount(0);
  await expect(page.getByTestId("download-evidence")).toHaveCount(0);
  await checkPage(page, "package-following");
});
