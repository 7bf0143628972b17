import type { Page } from "@playwright/test";
import { expect, test } from "../support/test";
import { makePdf } from "../../tests/support/pdfs";
import { inWireUnits, person } from "../support/package-payloads";
import { ServiceClient } from "../support/service-client";
import { openCeremony } from "../support/signer";

/**
 * The ceremony speaks the signer's language, else the package's: a package in French is signed
 * in French from consent to the last page; a signer whose own language is Japanese sees Japanese
 * in a package in German, and the package's other signer German. <html lang> follows, so screen
 * readers switch voice.
 */

test.describe.configure({ timeout: 120_000 });

let service: ServiceClient;
test.beforeAll(async ({ baseURL }) => {
  service = await ServiceClient.signUp(baseURL!, "Ceremony language test");
});

async function contractPdf(): Promise<Buffer> {
  return makePdf({ texts: [{ page: 0, text: "Contrat de service", x: 72, y: 720, size: 18 }] });
}

async function expectLanguage(page: Page, locale: string) {
  await expect(page.locator("html")).toHaveAttribute("lang", locale);
  await expect(page.getByTestId("intl-root")).toHaveAttribute("lang", locale);
}

test("a package in French is signed in French: consent, fields, their problems, signing and the end page", async ({ browser }) => {
  const packageId = await service.createPackage(
    {
      name: "Contrat",
      type: "PACKAGE",
      status: "DRAFT",
      language: "fr",
      roles: [{ id: "Claire", type: "SIGNER", index: 1, signers: [person("Claire", "Dupont")] }],
      documents: [
        {
          id: "contrat",
          name: "Contrat de service",
          approvals: [
            {
              role: "Claire",
              fields: [
                inWireUnits({ id: "societe", name: "Société", type: "INPUT", subtype: "TEXTFIELD", page: 0, top: 180, left: 150, width: 200, height: 22, validation: { required: true, minLength: 3 } }),
                inWireUnits({ id: "conditions", name: "Conditions", type: "INPUT", subtype: "CHECKBOX", page: 0, top: 230, left: 72, width: 16, height: 16, validation: { required: true } }),
                inWireUnits({ id: "signature", type: "SIGNATURE", subtype: "FULLNAME", page: 0, top: 300, left: 72, width: 200, height: 60 }),
              ],
            },
          ],
        },
      ],
    },
    [await contractPdf()],
  );
  await service.send(packageId);
  const page = await openCeremony(browser, await service.signingUrl(packageId, "Claire"));

  await expect(page.getByRole("heading", { name: "Avant de signer : consentement à la signature électronique" })).toBeVisible({ timeout: 30_000 });
  await expectLanguage(page, "fr");
  await expect(page.getByText("Signature en tant que Claire Dupont")).toBeVisible();
  await page.getByRole("button", { name: "J’accepte" }).click();
  await expect(page.getByRole("navigation", { name: "Documents" })).toBeVisible();
  await expect(page.getByText("Documents · 0 sur 1 terminés")).toBeVisible();
  await expect(page.getByText("0 sur 3 champs obligatoires remplis")).toBeVisible();

  // A value the service would refuse is explained in French, with the right plural.
  const company = page.getByRole("textbox", { name: "Société (obligatoire)" });
  await company.fill("Ab");
  await expect(page.getByText("« Société » doit compter au moins 3 caractères.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Signer le document" })).toBeDisabled();
  await expect(page.getByRole("button", { name: "Signer le document" })).toHaveAttribute("title", "Remplissez d’abord tous les champs obligatoires");
  await company.fill("Acme");
  await page.getByRole("checkbox", { name: "Conditions (obligatoire)" }).check();

  const signature = page.getByRole("button", { name: "Signature (obligatoire)" });
  await expect(signature).toHaveText("Signer ici");
  await signature.click();
  const adopt = page.getByRole("dialog", { name: "Adoptez votre signature" });
  await expect(adopt.getByRole("tab", { name: "Saisir" })).toHaveAttribute("aria-selected", "true");
  await expect(adopt.getByLabel("Nom complet")).toHaveValue("Claire Dupont");
  await adopt.getByRole("button", { name: "Adopter la signature" }).click();
  await expect(signature).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByText("3 sur 3 champs obligatoires remplis")).toBeVisible();

  const signed = page.waitForResponse((response) => /\/api\/signing\/[^/]+\/documents\/[^/]+\/sign$/.test(response.url()));
  await page.getByRole("button", { name: "Signer le document" }).click();
  expect((await signed).status()).toBe(200);
  await expect(page.getByRole("heading", { name: "Vous avez signé" })).toBeVisible();
  await expect(page.getByText("Merci, Claire Dupont. Votre signature sur « Contrat » est enregistrée.", { exact: false })).toBeVisible();
  await expect(page.getByText("Signet · signatures électroniques")).toBeVisible();
  await expectLanguage(page, "fr");

  // The last signer: the sealed copy is offered, and its page speaks French too (the date in French).
  await expect(page.getByTestId("signer-copy-download")).toHaveText("Télécharger vos documents signés", { timeout: 60_000 });
  await page.getByRole("link", { name: "Ou choisissez un document" }).click();
  await expect(page.getByRole("heading", { name: "Votre copie signée de « Contrat »" })).toBeVisible();
  await expectLanguage(page, "fr");
  await expect(page.getByRole("link", { name: "Tout télécharger en zip" })).toBeVisible();
  await expect(page.getByText(/fonctionne jusqu’au \d{1,2} (janvier|février|mars|avril|mai|juin|juillet|août|septembre|octobre|novembre|décembre) \d{4} \(UTC\)/)).toBeVisible();
});

test("a signer whose language is Japanese sees Japanese in a package in German; the other signer German", async ({ browser }) => {
  const packageId = await service.createPackage(
    {
      name: "Vertrag",
      type: "PACKAGE",
      status: "DRAFT",
      language: "de",
      roles: [
        { id: "Yuki", type: "SIGNER", index: 1, signers: [{ ...person("Yuki", "Tanaka"), language: "ja" }] },
        { id: "Hans", type: "SIGNER", index: 1, signers: [person("Hans", "Müller")] },
      ],
      documents: [
        {
          id: "vertrag",
          name: "Vertrag",
          approvals: ["Yuki", "Hans"].map((role, index) => ({ role, fields: [inWireUnits({ type: "SIGNATURE", subtype: "FULLNAME", page: 0, top: 300, left: 72 + index * 250, width: 200, height: 60 })] })),
        },
      ],
    },
    [await contractPdf()],
  );
  await service.send(packageId);

  const yuki = await openCeremony(browser, await service.signingUrl(packageId, "Yuki"));
  await expect(yuki.getByRole("heading", { name: "署名の前に：電子署名への同意" })).toBeVisible({ timeout: 30_000 });
  await expectLanguage(yuki, "ja");
  await yuki.getByRole("button", { name: "同意する" }).click();
  await expect(yuki.getByRole("navigation", { name: "書類" })).toBeVisible();
  await expect(yuki.getByRole("button", { name: "署名（必須）" })).toBeVisible();
  await expect(yuki.getByRole("button", { name: "書類に署名" })).toBeDisabled();

  const hans = await openCeremony(browser, await service.signingUrl(packageId, "Hans"));
  await expect(hans.getByRole("heading", { name: "Vor der Unterschrift: Einwilligung in die elektronische Unterschrift" })).toBeVisible({ timeout: 30_000 });
  await expectLanguage(hans, "de");
  await expect(hans.getByRole("button", { name: "Ich akzeptiere" })).toBeVisible();
});
