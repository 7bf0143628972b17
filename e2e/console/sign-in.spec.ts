import { randomBytes } from "node:crypto";
import { expect, test } from "../support/test";
import { ServiceClient } from "../support/service-client";
import { checkPage, signInWithApiKey, signInWithPassword, signUpInConsole, titledPdf } from "./console-support";

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
  expect(Object.keys(session).sort()).toEqual(["account", "consoleLanguage", "designer", "expires", "homeAccount", "signInMethod", "user"]);
  // Only a session opened by a designer token is limited to one package.
  expect(session.designer).toBeNull();
  expect(Object.keys(session.user as object).sort()).toEqual(["email", "emailVerified", "id", "name"]);
  // The account signed in to (where a switch into a sub account comes back to): its name, never its key.
  expect(session.homeAccount).toEqual(session.account);
  expect(Object.keys(session.homeAccount as object).sort()).toEqual(["id", "name"]);

  await page.getByRole("button", { name: "Sign out" }).click();
  await page.waitForURL("**/signin");
  await checkPage(page, "sign-in");
  await page.goto("/packages");
  await page.waitForURL("**/signin?next=%2Fpackages");

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
  await page.waitForURL("**/signin?reason=expired&next=%2Fpackages");
  await expect(page.getByRole("status")).toHaveText("Your session has ended. Sign in again to go on.");
});

test("after the session ends, a download link and a page address lead to sign in and back to where the user was", async ({ page, baseURL }) => {
  const owner = await ServiceClient.signUp(baseURL!, "Return test");
  const packageId = await owner.createPackage(
    { name: "Return lease", roles: [{ id: "Tenant", signers: [{ email: "tia@example.test", firstName: "Tia", lastName: "Tenant" }] }], documents: [{ id: "lease", name: "Lease" }] },
    [await titledPdf("Lease")],
  );
  await signInWithPassword(page, owner.email, "ceremony-test-42");
  await page.waitForURL("**/packages");
  await page.goto(`/packages/${packageId}`);
  await expect(page.getByTestId("download-evidence")).toBeVisible();

  // The session cookie is gone (signed out in another tab, expired): the link leads to sign in, not to a saved refusal.
  await page.context().clearCookies();
  await page.getByTestId("download-evidence").click();
  await page.waitForURL(`**/signin?reason=expired&next=%2Fpackages%2F${packageId}`);
  await expect(page.getByRole("status")).toHaveText("Your session has ended. Sign in again to go on.");
  await page.getByLabel("E-mail").fill(owner.email);
  await page.getByLabel("Password").fill("ceremony-test-42");
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await page.waitForURL(`**/packages/${packageId}`);
  const download = page.waitForEvent("download");
  await page.getByTestId("download-evidence").click();
  expect((await download).suggestedFilename()).toMatch(/\.pdf$/);

  // An address opened while signed out: sign in, then that page.
  await page.context().clearCookies();
  await page.goto("/templates?page=2");
  await page.waitForURL("**/signin?next=%2Ftemplates%3Fpage%3D2");
  await page.getByLabel("E-mail").fill(owner.email);
  await page.getByLabel("Password").fill("ceremony-test-42");
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await page.waitForURL("**/templates?page=2");
});

test("a user authentication token signs its user in once, in a browser or for a program (the SDKs' /auth?authenticationToken=)", async ({ page, baseURL, playwright }) => {
  const owner = await ServiceClient.signUp(baseURL!, "Token sign-in");
  const { value } = await owner.json<{ value: string }>("POST", "/api/authenticationTokens/user");

  await page.goto(`/auth?authenticationToken=${value}&target=${encodeURIComponent("/account/senders")}`);
  await page.waitForURL("**/account/senders");
  const session = (await (await page.request.get("/auth/session")).json()) as { account: { name: string }; signInMethod: string };
  expect(session).toMatchObject({ account: { name: "Token sign-in" }, signInMethod: "authenticationToken" });

  // Used once: the same link now leads to the sign-in page with a word on why.
  const fresh = await page.context().browser()!.newContext({ baseURL });
  const second = await fresh.newPage();
  await second.goto(`/auth?authenticationToken=${value}`);
  await second.waitForURL("**/signin?reason=link");
  await expect(second.getByRole("status")).toContainText("That sign-in link does not work");
  await fresh.close();

  // A program asks for JSON and gets the console session cookie's value, which works as one.
  const api = await playwright.request.newContext({ baseURL });
  const { value: another } = await owner.json<{ value: string }>("POST", "/api/authenticationTokens/user");
  const answer = await api.get(`/auth?authenticationToken=${another}`, { headers: { accept: "application/json" } });
  expect(answer.status()).toBe(200);
  const { sessionToken } = (await answer.json()) as { sessionToken: string };
  const anonymous = await playwright.request.newContext({ baseURL });
  const asUser = await anonymous.get("/auth/session", { headers: { cookie: `authjs.session-token=${sessionToken}` } });
  expect(await asUser.json()).toMatchObject({ account: { name: "Token sign-in" } });
  await Promise.all([api.dispose(), anonymous.dispose()]);
});
