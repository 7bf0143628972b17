import { type Browser, expect, type Locator, type Page } from "@playwright/test";

/** A signer in a browser of their own (own cookies), as when they open the link of their invitation. */
export async function openCeremony(browser: Browser, link: string, viewport = { width: 1280, height: 900 }): Promise<Page> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await page.goto(link);
  return page;
}

export async function acceptConsent(page: Page): Promise<void> {
  await expect(page.getByRole("heading", { name: /consent to sign electronically/ })).toBeVisible();
  await page.getByRole("button", { name: "I accept" }).click();
  await expect(page.getByRole("navigation", { name: "Documents" })).toBeVisible();
}

/** Draws a wavy signature with the mouse on the pad the field opens, and adopts it. */
export async function drawSignature(page: Page, field: Locator): Promise<void> {
  await field.click();
  const pad = page.getByTestId("signature-pad");
  await expect(pad).toBeVisible();
  const box = (await pad.boundingBox())!;
  await page.mouse.move(box.x + 30, box.y + box.height * 0.6);
  await page.mouse.down();
  for (let i = 1; i <= 30; i++) await page.mouse.move(box.x + 30 + i * 14, box.y + box.height * (0.6 - 0.25 * Math.sin(i / 3)), { steps: 3 });
  await page.mouse.up();
  await page.getByRole("button", { name: "Adopt signature" }).click();
  await expect(field.getByRole("img")).toBeVisible();
}

/**
 * Signs a typed signature or initials field: a click, and the first time, "Adopt signature" in the
 * dialog that asks how to sign (the name typed, in the font offered first).
 */
export async function signField(page: Page, field: Locator): Promise<void> {
  await field.click();
  const adopt = page.getByRole("dialog", { name: "Adopt your signature" });
  await expect(adopt.or(field.and(page.locator('[aria-pressed="true"]')))).toBeVisible();
  if (await adopt.isVisible()) await adopt.getByRole("button", { name: "Adopt signature" }).click();
  await expect(field).toHaveAttribute("aria-pressed", "true");
}

/** Signs the open document and waits for the service to have recorded it. */
export async function signDocument(page: Page): Promise<void> {
  const signed = page.waitForResponse((response) => /\/api\/signing\/[^/]+\/documents\/[^/]+\/sign$/.test(response.url()));
  await page.getByRole("button", { name: "Sign document" }).click();
  expect((await signed).status()).toBe(200);
}

export async function expectFinished(page: Page): Promise<void> {
  await expect(page.getByRole("heading", { name: "You have signed" })).toBeVisible();
}
