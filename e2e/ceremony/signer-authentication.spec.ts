import { expect, test } from "../support/test";
import { makePdf } from "../../tests/support/pdfs";
import { inWireUnits, person } from "../support/package-payloads";
import { ServiceClient } from "../support/service-client";
import { openCeremony } from "../support/signer";

/**
 * A signer the sender asked security questions (the original's auth scheme CHALLENGE) answers
 * them in their own language before the ceremony shows anything of the documents: no PDF is asked
 * for until then, a wrong answer says how many attempts are left, the masked question is typed
 * hidden, and the right answers lead to the consent and the document.
 */

test.describe.configure({ timeout: 120_000 });

test("a signer answers the sender's security questions, in French, before seeing the document", async ({ browser, baseURL }) => {
  const service = await ServiceClient.signUp(baseURL!, "Signer authentication test");
  const packageId = await service.createPackage(
    {
      name: "Bail",
      type: "PACKAGE",
      status: "DRAFT",
      roles: [
        {
          id: "Claire",
          type: "SIGNER",
          index: 1,
          signers: [
            {
              ...person("Claire", "Dupont"),
              language: "fr",
              auth: {
                scheme: "CHALLENGE",
                challenges: [
                  { question: "Quel était le nom de votre premier animal ?", answer: "Médor", maskInput: false },
                  { question: "Code de votre agence ?", answer: "A-42", maskInput: true },
                ],
              },
            },
          ],
        },
      ],
      documents: [
        {
          id: "bail",
          name: "Bail d’habitation",
          approvals: [{ role: "Claire", fields: [inWireUnits({ id: "signature", type: "SIGNATURE", subtype: "FULLNAME", page: 0, top: 300, left: 72, width: 200, height: 60 })] }],
        },
      ],
    },
    [await makePdf({ texts: [{ page: 0, text: "Bail d'habitation", x: 72, y: 720, size: 18 }] })],
  );
  await service.send(packageId);

  const page = await openCeremony(browser, await service.signingUrl(packageId, "Claire"));
  const pdfRequests: string[] = [];
  page.on("request", (request) => {
    if (/\/documents\/[^/]+\/pdf/.test(request.url())) pdfRequests.push(request.url());
  });

  await expect(page.getByRole("heading", { name: "Répondez à vos questions de sécurité" })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText("Avant de voir les documents de « Bail », l’expéditeur vous demande de répondre à ces questions.")).toBeVisible();
  const pet = page.getByRole("textbox", { name: "Quel était le nom de votre premier animal ?" });
  const agency = page.getByLabel("Code de votre agence ?");
  await expect(agency).toHaveAttribute("type", "password");
  await expect(page.getByRole("navigation", { name: "Documents" })).toHaveCount(0);
  // No way out before the questions either (the service would refuse declining or delegating).
  await expect(page.getByRole("button", { name: "Plus" })).toHaveCount(0);

  await pet.fill("Rex");
  await agency.fill("A-42");
  await expect(page.getByRole("button", { name: "Continuer" })).toBeEnabled();
  await page.screenshot({ path: test.info().outputPath("question-step.png"), animations: "disabled" });
  await page.getByRole("button", { name: "Continuer" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "réponse" })).toHaveText("Au moins une réponse est inexacte. 4 tentatives restantes avant le blocage.");

  // Compared as the service documents: case and extra spaces do not count.
  await pet.fill("  médor ");
  expect(pdfRequests, "no document (not even the consent) was asked for before the questions were answered").toEqual([]);
  await page.getByRole("button", { name: "Continuer" }).click();
  await expect(page.getByRole("heading", { name: "Avant de signer : consentement à la signature électronique" })).toBeVisible();
  await page.getByRole("button", { name: "J’accepte" }).click();
  await expect(page.getByRole("navigation", { name: "Documents" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Signature (obligatoire)" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Plus" })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("document-after.png") });
  await page.context().close();
});
