import fs from "node:fs";
import path from "node:path";
import { expect, test } from "../support/test";
import { expectAccessible } from "../support/accessibility";
import { ServiceClient } from "../support/service-client";
import { signUpInConsole } from "../console/console-support";

/**
 * The account's pages of part "account settings" (API and integrations, notary, outbox, password,
 * reports, verification types, signing ceremony, delegates) in French and in Japanese, as a
 * browser that asks for those languages gets them: each page's heading in that language (the
 * page's own messages, read from messages/console), the document's language said, axe at 0. A
 * screenshot of each is left in test-results/ for people to look at.
 */

const PAGES = [
  { path: "/account/integrations", part: "integrations" },
  { path: "/account/notary", part: "notary" },
  { path: "/account/outbox", part: "outbox" },
  { path: "/account/password", part: "password" },
  { path: "/account/reports", part: "reports" },
  { path: "/account/verification", part: "verification" },
  { path: "/account/ceremony", part: "ceremonySettings" },
  { path: "/account/delegates", part: "delegates" },
];

function headingIn(part: string, locale: string): string {
  const file = path.join(process.cwd(), "messages", "console", part, `${locale}.json`);
  return (JSON.parse(fs.readFileSync(file, "utf8")) as { heading: string }).heading;
}

for (const locale of ["fr", "ja"]) {
  test(`the account's settings pages speak ${locale} and pass axe`, async ({ browser, page, baseURL }, testInfo) => {
    test.setTimeout(180_000);
    const user = await signUpInConsole(page, `Languages ${locale}`);
    // Something on the pages that list: a draft for the report, a client application.
    const service = await ServiceClient.signIn(baseURL!, user.email, user.password);
    await service.json("POST", "/api/packages", { name: "Lease draft" });
    await service.json("POST", "/api/account/clientApps", { name: "Billing system" });

    // No language chosen in the profile: the browser's is the console's. The same session, in a browser that asks for the language.
    const context = await browser.newContext({ baseURL, locale, storageState: await page.context().storageState() });
    const inLanguage = await context.newPage();
    for (const { path: address, part } of PAGES) {
      await inLanguage.goto(address);
      await expect(inLanguage.getByRole("heading", { level: 1, name: headingIn(part, locale) })).toBeVisible();
      await expect(inLanguage.locator("html")).toHaveAttribute("lang", locale);
      await expectAccessible(inLanguage, `${address} in ${locale}`);
      await inLanguage.screenshot({ path: testInfo.outputPath(`${locale}${address.replaceAll("/", "-")}.png`), fullPage: true });
    }
    await context.close();
  });
}
