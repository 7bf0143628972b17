import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import { expect, test } from "../support/test";
import { makePdf } from "../../tests/support/pdfs";
import { startTwilioServer, type TwilioTestServer } from "../../tests/support/twilio-server";
import { CallbackReceiver } from "../support/callback-receiver";
import { oneSignatureEachPackage, person } from "../support/package-payloads";
import { freePort, type Server, startServer, stopServer, waitUntilAnswering } from "../support/servers";
import { ServiceClient } from "../support/service-client";
import { acceptConsent, openCeremony } from "../support/signer";

/**
 * A signer the sender asked to confirm their phone (the original's auth scheme SMS) gets a code
 * texted through Twilio's Messages API before the ceremony shows anything of the documents: the
 * built server, started here with the TWILIO_* settings, texts a fake Twilio on loopback, the
 * browser signer types the code it received, a wrong code says how many attempts are left, and
 * five wrong codes lock the signer out (SIGNER_LOCKED in the audit trail and as a callback).
 */

test.describe.configure({ timeout: 150_000 });

const ACCOUNT_SID = "AC5e7c0de5e7c0de5e7c0de5e7c0de5e7";
const AUTH_TOKEN = "e2e-sms-auth-token";
const FROM_NUMBER = "+15005550006";

let twilio: TwilioTestServer;
let server: Server;
let dataDir = "";
const receiver = new CallbackReceiver();
let hookUrl = "";

test.beforeAll(async () => {
  test.setTimeout(90_000);
  twilio = await startTwilioServer(ACCOUNT_SID, AUTH_TOKEN);
  hookUrl = await receiver.start();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "signet-e2e-sms-"));
  server = startServer(dataDir, await freePort(), {
    TWILIO_ACCOUNT_SID: ACCOUNT_SID,
    TWILIO_AUTH_TOKEN: AUTH_TOKEN,
    TWILIO_FROM_NUMBER: FROM_NUMBER,
    TWILIO_API_URL: twilio.url,
    CALLBACK_ALLOW_PRIVATE: "true",
    CALLBACK_HTTP_HOSTS: "127.0.0.1",
    LOG_LEVEL: "warn",
  });
  await waitUntilAnswering(server);
});

test.afterAll(async () => {
  if (server) await stopServer(server);
  await twilio?.close();
  await receiver.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

/** A sent package of one document whose only signer must confirm the phone `phone` by SMS. */
async function sentPackageWithSms(service: ServiceClient, name: string, signer: [string, string], phone: string): Promise<string> {
  const payload = oneSignatureEachPackage({
    name,
    document: { id: "lease", name: "Lease" },
    roles: [{ id: signer[0], index: 1, signers: [{ ...person(...signer), auth: { scheme: "SMS", challenges: [{ question: phone }] } }] }],
  });
  const packageId = await service.createPackage(payload, [await makePdf({ texts: [{ page: 0, text: name, x: 72, y: 720, size: 18 }] })]);
  await service.send(packageId);
  return packageId;
}

/** Asks for a code in the browser and answers the code of the message the fake Twilio received for it. */
async function textMeACode(page: Page): Promise<string> {
  const before = twilio.messages.length;
  await page.getByRole("button", { name: "Text me a code" }).click();
  await expect(page.getByRole("status").filter({ hasText: "A code is on its way to your phone." })).toBeVisible();
  await expect.poll(() => twilio.messages.length).toBe(before + 1);
  const message = twilio.messages[before];
  const code = /\b(\d{6})\b/.exec(message.body)?.[1];
  expect(code, `a six-digit code in "${message.body}"`).toBeTruthy();
  return code!;
}

/** A code of six digits that is not `code`. */
const wrongCodeFor = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");

test("a signer types the code texted to their phone before seeing the document", async ({ browser }) => {
  const service = await ServiceClient.signUp(server.url, "SMS authentication test");
  const packageId = await sentPackageWithSms(service, "Lease of the flat", ["Sofia", "Marin"], "5145550123");

  const page = await openCeremony(browser, await service.signingUrl(packageId, "Sofia"));
  const pdfRequests: string[] = [];
  page.on("request", (request) => {
    if (/\/documents\/[^/]+\/pdf/.test(request.url())) pdfRequests.push(request.url());
  });

  await expect(page.getByRole("heading", { name: "Confirm your phone" })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText("we text a six-digit code to your phone ending in •••• 0123")).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Documents" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "More" })).toHaveCount(0);
  // Nothing is texted until the signer asks.
  expect(twilio.messages.filter((message) => message.to === "+15145550123")).toEqual([]);

  await page.screenshot({ path: test.info().outputPath("sms-ask-step.png"), animations: "disabled" });
  const code = await textMeACode(page);
  // Ten digits are a North American number: sent with the country code, from the configured number.
  expect(twilio.messages.at(-1)).toMatchObject({ to: "+15145550123", from: FROM_NUMBER });
  expect(twilio.refusals).toEqual([]);
  await expect(page.getByRole("button", { name: "Send a new code" })).toBeVisible();

  const codeField = page.getByRole("textbox", { name: "Code from the text message" });
  await codeField.fill(wrongCodeFor(code));
  await page.screenshot({ path: test.info().outputPath("sms-code-step.png"), animations: "disabled" });
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "code" })).toHaveText("The code is not right. 4 attempts left before you are locked out.");
  await page.screenshot({ path: test.info().outputPath("sms-code-wrong.png"), animations: "disabled" });

  await codeField.fill(code);
  expect(pdfRequests, "no document (not even the consent) was asked for before the code was typed").toEqual([]);
  await page.getByRole("button", { name: "Continue" }).click();
  await acceptConsent(page);
  await expect(page.getByRole("button", { name: "Signature (required)" })).toBeVisible();
  await expect(page.getByRole("button", { name: "More" })).toBeVisible();
  expect(pdfRequests.length, "the document is shown once the code was typed").toBeGreaterThan(0);
  await page.context().close();
});

test("a signer who types five wrong codes is locked out, and the sender hears of it", async ({ browser }) => {
  const service = await ServiceClient.signUp(server.url, "SMS lockout test");
  await service.json("POST", "/api/callback", { url: hookUrl, events: ["SIGNER_LOCKED"] });
  const packageId = await sentPackageWithSms(service, "Loan agreement", ["Tomas", "Berg"], "+44 20 7946 0958");

  const page = await openCeremony(browser, await service.signingUrl(packageId, "Tomas"));
  await expect(page.getByRole("heading", { name: "Confirm your phone" })).toBeVisible({ timeout: 30_000 });
  const code = await textMeACode(page);
  expect(twilio.messages.at(-1)).toMatchObject({ to: "+442079460958", from: FROM_NUMBER });

  const codeField = page.getByRole("textbox", { name: "Code from the text message" });
  await codeField.fill(wrongCodeFor(code));
  for (const left of ["4 attempts", "3 attempts", "2 attempts", "1 attempt"]) {
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "code" })).toHaveText(`The code is not right. ${left} left before you are locked out.`);
  }
  await page.getByRole("button", { name: "Continue" }).click();

  await expect(page.getByRole("heading", { name: "You are locked out" })).toBeVisible();
  await expect(page.getByText("Too many wrong answers or codes were entered. The sender of “Loan agreement” has been told and can unlock you.")).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Code from the text message" })).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath("sms-locked.png"), animations: "disabled" });

  const audit = await service.json<{ "audit-events": { type: string }[] }>("GET", `/api/packages/${packageId}/audit?events=all`);
  expect(audit["audit-events"].map((event) => event.type)).toContainEqual(expect.stringMatching(/^signer locked$/i));
  await expect.poll(() => receiver.received.filter((callback) => callback.body.packageId === packageId).map((callback) => callback.body.name), { timeout: 30_000 }).toEqual(["SIGNER_LOCKED"]);
  await page.context().close();
});

test("a signer asked for both (QASMS) answers their security questions, then types the code texted to their phone", async ({ browser }) => {
  const service = await ServiceClient.signUp(server.url, "QASMS authentication test");
  const payload = oneSignatureEachPackage({
    name: "Loan agreement",
    document: { id: "loan", name: "Loan" },
    roles: [
      {
        id: "Nadia",
        index: 1,
        signers: [
          {
            ...person("Nadia", "Haddad"),
            auth: {
              scheme: "QASMS",
              challenges: [
                { question: "Name of your first school?", answer: "Lycée Molière", maskInput: true, challengeType: "CHALLENGE" },
                { question: "+33 6 12 34 56 78", challengeType: "SMS" },
              ],
            },
          },
        ],
      },
    ],
  });
  const packageId = await service.createPackage(payload, [await makePdf({ texts: [{ page: 0, text: "Loan agreement", x: 72, y: 720, size: 18 }] })]);
  await service.send(packageId);

  const page = await openCeremony(browser, await service.signingUrl(packageId, "Nadia"));
  await expect(page.getByRole("heading", { name: "Answer your security questions" })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole("navigation", { name: "Documents" })).toHaveCount(0);
  expect(twilio.messages.filter((message) => message.to === "+33612345678")).toEqual([]);
  const answer = page.getByLabel("Name of your first school?");
  await expect(answer).toHaveAttribute("type", "password");
  await answer.fill("lycée  molière");
  await page.getByRole("button", { name: "Continue" }).click();

  // Only now the phone step, and only now a code.
  await expect(page.getByRole("heading", { name: "Confirm your phone" })).toBeVisible();
  await expect(page.getByText("•••• 5678")).toBeVisible();
  const code = await textMeACode(page);
  expect(twilio.messages.at(-1)).toMatchObject({ to: "+33612345678" });
  await page.getByRole("textbox", { name: "Code from the text message" }).fill(code);
  await page.screenshot({ path: test.info().outputPath("qasms-code-step.png"), animations: "disabled" });
  await page.getByRole("button", { name: "Continue" }).click();
  await acceptConsent(page);
  await expect(page.getByRole("button", { name: "Signature (required)" })).toBeVisible();
  await page.close();
});
