import { expect, test } from "../support/test";
import { makePdf } from "../../tests/support/pdfs";
import { pdfText } from "../../tests/support/poppler";
import type { Server } from "../support/servers";
import { oneSignatureEachPackage, person } from "../support/package-payloads";
import { ServiceClient } from "../support/service-client";
import { acceptConsent, expectFinished, openCeremony, signDocument, signField } from "../support/signer";
import { startMailingServer, type MailingServer } from "../support/mailing-server";
import type { SmtpReceiver } from "../../tests/support/smtp-receiver";

/**
 * The parts of the ceremony that arrive by e-mail, against a server of its own that sends
 * through a real SMTP receiver on loopback: the links of a group's members, the one-time code.
 */

const LINK = /(http:\/\/[^\s"<>]+\/access\?sessionToken=[A-Za-z0-9_-]+)/;

let mailing: MailingServer;
let smtp: SmtpReceiver;
let server: Server;
let service: ServiceClient;

test.beforeAll(async () => {
  mailing = await startMailingServer("ceremony-email");
  ({ smtp, server } = mailing);
  service = await ServiceClient.signUp(server.url, undefined, smtp);
});

test.afterAll(async () => {
  await mailing?.stop();
});

test("a group's two members open their links at the same instant: one signs, the other sees who is signing", async ({ browser }) => {
  const members = [
    { email: "gina.group@example.test", firstName: "Gina", lastName: "Group" },
    { email: "hugo.group@example.test", firstName: "Hugo", lastName: "Group" },
  ];
  for (const member of members) await service.json("POST", "/api/account/senders", member);
  const group = await service.json<{ id: string }>("POST", "/api/groups", { name: "Legal", email: "legal@example.test", members: members.map(({ email }) => ({ email })) });
  const packageId = await service.createPackage(
    oneSignatureEachPackage({ name: "Group contract", document: { id: "contract", name: "Contract" }, roles: [{ id: "Legal", index: 1, signers: [{ group: { id: group.id } }] }] }),
    [await makePdf()],
  );
  await service.send(packageId);
  const links = await Promise.all(members.map((member) => smtp.waitFor(member.email, LINK)));

  const pages = await Promise.all(links.map((link) => openCeremony(browser, link)));
  const consent = (page: (typeof pages)[number]) => page.getByRole("heading", { name: /consent to sign electronically/ });
  const blocked = (page: (typeof pages)[number]) => page.getByRole("heading", { name: /Group is signing$/ });
  await expect.poll(async () => (await Promise.all(pages.map(async (page) => ((await consent(page).isVisible()) ? "signs" : (await blocked(page).isVisible()) ? "waits" : "?")))).sort().join(",")).toBe("signs,waits");

  const winner = (await consent(pages[0]!).isVisible()) ? 0 : 1;
  const [signing, waiting] = [pages[winner]!, pages[1 - winner]!];
  await expect(waiting.getByRole("heading", { name: `${members[winner]!.firstName} Group is signing` })).toBeVisible();
  await acceptConsent(signing);
  await signField(signing, signing.getByRole("button", { name: "Signature (required)" }));
  await signDocument(signing);
  await expectFinished(signing);
  // The other member's page moves on by itself (it asks for the lock again every few seconds).
  await expect(waiting.getByRole("heading", { name: "There is nothing to sign here any more" })).toBeVisible({ timeout: 20_000 });

  // The member who signed is the one stamped, not the group.
  await expect.poll(() => service.packageStatus(packageId)).toBe("COMPLETED");
  await expect.poll(async () => pdfText(await service.download(`/api/packages/${packageId}/documents/contract/pdf`)), { timeout: 30_000 }).toContain(`${members[winner]!.firstName} Group`);
});

test("a signer verified by an e-mail one-time code: a wrong code is refused, the right one opens the documents", async ({ browser }) => {
  const packageId = await service.createPackage(
    oneSignatureEachPackage({ name: "Verified", document: { id: "deed", name: "Deed" }, roles: [{ id: "Ivy", index: 1, signers: [person("Ivy", "North")] }] }),
    [await makePdf()],
  );
  await service.json("POST", `/api/packages/${packageId}/roles/Ivy/verification`, { typeId: "EMAIL_OTP" });
  await service.send(packageId);
  const ivy = await openCeremony(browser, await smtp.waitFor("ivy@example.test", LINK));

  await expect(ivy.getByRole("heading", { name: "Confirm it is you" })).toBeVisible();
  await ivy.getByRole("button", { name: "Send me a code" }).click();
  await expect(ivy.getByText("A code is on its way to ivy@example.test.")).toBeVisible();
  const code = await smtp.waitFor("ivy@example.test", /open "Verified":\s+(\d{6})\b/);
  await ivy.getByLabel("Code from the e-mail").fill(code === "000000" ? "111111" : "000000");
  await ivy.getByRole("button", { name: "Confirm" }).click();
  await expect(ivy.getByText(/^The code is not right; 4 attempt\(s\) left/)).toBeVisible();
  await ivy.getByLabel("Code from the e-mail").fill(code);
  await ivy.getByRole("button", { name: "Confirm" }).click();
  await acceptConsent(ivy);
  await signField(ivy, ivy.getByRole("button", { name: "Signature (required)" }));
  await signDocument(ivy);
  await expectFinished(ivy);

  // The sender is told by e-mail, with a link to the package's page in the console (not to API
  // URLs, which answer 401 to a browser): it asks them to sign in, then shows the downloads.
  const escapedId = packageId.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const pageLink = await smtp.waitFor(service.email, new RegExp(`Everyone has signed[\\s\\S]*?(http://[^\\s"<>]+/packages/${escapedId})\\b`));
  expect(smtp.mails.find((mail) => mail.text.includes(pageLink))?.text).not.toContain("/api/");
  const sender = await browser.newPage();
  await sender.goto(pageLink);
  await sender.waitForURL(/\/signin\?/);
  await sender.getByLabel("E-mail").fill(service.email);
  await sender.getByLabel("Password").fill("ceremony-test-42");
  await sender.getByRole("button", { name: "Sign in", exact: true }).click();
  await sender.waitForURL(pageLink);
  await expect(sender.getByRole("heading", { name: "Verified", level: 1 })).toBeVisible();
  await expect(sender.getByTestId("package-status")).toContainText("Completed");
  const zip = sender.getByTestId("download-zip");
  await expect(zip).toBeVisible();
  // Through the console's proxy with the sender's session: the signed documents, once sealed.
  const zipUrl = new URL((await zip.getAttribute("href"))!, pageLink).href;
  await expect.poll(async () => (await sender.request.get(zipUrl)).status(), { timeout: 30_000 }).toBe(200);
  expect((await (await sender.request.get(zipUrl)).body()).subarray(0, 2).toString("latin1")).toBe("PK");
  await sender.close();
});
