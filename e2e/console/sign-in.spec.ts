import { randomBytes } from "node:crypto";
import { expect, test } from "@playwright/test";
import { ServiceClient } from "../support/service-client";
import { checkPage, signInWithApiKey, signInWithPassword, signUpInConsole } from "./console-support";

/**
 * Getting in and out of the console as people do: sign-up, sign-out, password sign-in (a wrong
 * password refused with a message), the activation page leading to sign-in, and a session whose
 * key the service stops accepting ending with a message instead of a broken page.
 */

test("a new user signs up, signs out, is refused a wrong password and signs in with the right one", async ({ page, baseURL }) => {
  await page.goto("/signup");
  await checkPage(page, "sign-up");
  const user = await signUpInConsole(page, "Sign-in test");
  await expect(page.getByRole("banner")).toContainText("Sofia Sender");
  await expect(page.getByRole("banner")).toContainText("Sign-in test");

  // The key lives in an http-only cookie the page's scripts cannot read, and the session the
  // browser can read does not carry it.
  const cookies = await page.context().cookies(baseURL);
  expect(cookies.find((cookie) => cookie.name === "authjs.session-token")).toMatchObject({ httpOnly: true, sameSite: "Lax" });
  const session = (await (await page.request.get("/auth/session")).json()) as Record<string, unknown>;
  expect(session).toMatchObject({ user: { email: user.email }, account: { name: "Sign-in test" } });
  expect(Object.keys(session).sort()).toEqual(["account", "expires", "signInMethod", "user"]);
  expect(Object.keys(session.user as object).sort()).toEqual(["email", "emailVerified", "id", "name"]);

  await page.getByRole("button", { name: "Sign out" }).click();
  await page.waitForURL("**/signin");
  await checkPage(page, "sign-in");
  await page.goto("/packages");
  await page.waitForURL("**/signin");

  await signInWithPassword(page, user.email, "not-the-password-1");
  await expect(page.getByRole("alert").filter({ hasText: /./ })).toHaveText("The e-mail address or the password is not right.");
  await expect(page.getByLabel("E-mail")).toHaveValue(user.email);

  await signInWithPassword(page, user.email, user.password);
  await page.waitForURL("**/packages");
  await expect(page.getByRole("banner")).toContainText("Sofia Sender");
});

test("a wrong API key is refused with a message", async ({ page }) => {
  await signInWithApiKey(page, randomBytes(32).toString("base64url"));
  await expect(page.getByRole("alert").filter({ hasText: /./ })).toHaveText("The service does not know this API key.");
});

test("a sender activates from the invitation and signs in; when the owner deletes them, the console signs them out with a message", async ({ page, baseURL }) => {
  const owner = await ServiceClient.signUp(baseURL!, "Expiry test");
  const suffix = randomBytes(4).toString("hex");
  const sender = await owner.json<{ id: string; activationUrl: string; email: string }>("POST", "/api/account/senders", {
    email: `jane-${suffix}@example.test`,
    firstName: "Jane",
    lastName: "Sender",
  });

  await page.goto(new URL(sender.activationUrl).pathname);
  await page.getByLabel("Password", { exact: true }).fill("jane-pass-42");
  await page.getByLabel("Confirm password").fill("jane-pass-42");
  await page.getByRole("button", { name: /activate/i }).click();
  await page.getByRole("link", { name: "sign in to the console" }).click();
  await page.waitForURL("**/signin");
  await signInWithPassword(page, `jane-${suffix}@example.test`, "jane-pass-42");
  await page.waitForURL("**/packages");

  // A sender without drafts or inbox packages is deleted (not locked): their key stops working.
  await owner.json("DELETE", `/api/account/senders/${sender.id}`);
  await page.reload();
  await page.waitForURL("**/signin?reason=expired");
  await expect(page.getByRole("status")).toHaveText("Your session has ended. Sign in again to go on.");
});
