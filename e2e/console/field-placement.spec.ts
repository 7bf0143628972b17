import type { Locator, Page } from "@playwright/test";
import { expect, test } from "../support/test";
import { expectAccessible } from "../support/accessibility";
import { ServiceClient } from "../support/service-client";
import { dropOnPage, signInWithApiKey, titledPdf } from "./console-support";

/**
 * Placing fields in the builder: a field dropped near the page's edge lands where the pointer was,
 * inside the page (not pushed to x = 0 over the margin's text), and every field says what it is and
 * whose it is, whole, on a wide screen, a narrow one and a phone; the package's history then names
 * them as the sender knows them.
 */

test.describe.configure({ timeout: 180_000 });

interface Package {
  documents: { id: string; pages: { width: number; height: number }[]; approvals: { role: string; fields: { subtype: string; binding: string | null; left: number; top: number; width: number }[] }[] }[];
}

/** The text a placed field shows, inside it or in its tag, and whether any of it is cut off. */
async function chipText(field: Locator): Promise<{ text: string; clipped: boolean }> {
  return field.evaluate((element) => {
    const shown = element.querySelector<HTMLElement>('[data-testid="field-chip-text"], [data-testid="field-chip-tag"]');
    if (!shown) return { text: "", clipped: true };
    const outer = shown.getBoundingClientRect();
    const box = element.getBoundingClientRect();
    const inside = shown.dataset.testid === "field-chip-text";
    // Cut by its own width, by the field's box, or by the page's edge (the page clips what passes it).
    const page = element.closest("[data-field-page]")!.getBoundingClientRect();
    const clipped =
      shown.scrollWidth > Math.ceil(outer.width) + 1 ||
      (inside && (outer.right > box.right + 1 || outer.bottom > box.bottom + 1)) ||
      outer.left < page.left - 1 ||
      outer.right > page.right + 1;
    return { text: shown.innerText.replace(/\s+/g, " ").trim(), clipped };
  });
}

async function expectEveryChipWhole(page: Page, expected: string[][]) {
  const fields = page.getByTestId("placed-field");
  await expect(fields).toHaveCount(expected.length);
  const seen = [];
  for (const field of await fields.all()) seen.push(await chipText(field));
  for (const chip of seen) expect(chip.clipped, chip.text).toBe(false);
  for (const words of expected) expect(seen.some((chip) => words.every((word) => chip.text.includes(word))), words.join(" ")).toBe(true);
}

test("a field dropped near the left edge stays where the pointer was, and every chip shows its kind and signer whole at every width", async ({ page, baseURL }) => {
  const owner = await ServiceClient.signUp(baseURL!, "Field placement");
  const packageId = await owner.createPackage(
    {
      name: "Lease",
      roles: [
        { id: "Alice", type: "SIGNER", index: 1, signers: [{ email: "alice@example.test", firstName: "Alice", lastName: "Adamson-Whitfield" }] },
        { id: "Bob", type: "SIGNER", index: 1, signers: [{ email: "bob@example.test", firstName: "Bob", lastName: "Brown" }] },
      ],
      documents: [{ id: "lease", name: "Lease" }],
    },
    [await titledPdf("Lease")],
  );
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInWithApiKey(page, owner.apiKey);
  await page.waitForURL("**/packages");
  await page.goto(`/packages/${packageId}/edit`);
  const editor = page.getByTestId("field-editor");
  await editor.getByRole("tab", { name: /^Lease/ }).click();
  const firstPage = page.getByTestId("field-page-lease-0");

  // Near the left edge: the signature starts at the pointer, 3% in, rather than at x = 0.
  await dropOnPage(editor.getByTestId("field-palette-signature"), firstPage, 0.03, 0.4);
  await expect(page.getByTestId("field-save-status")).toHaveText("Changes are saved as you go.");
  await dropOnPage(editor.getByTestId("field-palette-initials"), firstPage, 0.5, 0.55);
  await dropOnPage(editor.getByTestId("field-palette-date"), firstPage, 0.5, 0.7);
  await expect(page.getByTestId("field-save-status")).toHaveText("Changes are saved as you go.");
  const stored = await owner.json<Package>("GET", `/api/packages/${packageId}`);
  const lease = stored.documents.find((document) => document.id === "lease")!;
  const width = lease.pages[0]!.width;
  const signature = lease.approvals.flatMap((approval) => approval.fields).find((field) => field.subtype === "FULLNAME")!;
  expect(signature.left).toBeGreaterThan(width * 0.02);
  expect(signature.left).toBeLessThan(width * 0.05);
  // Centred on the pointer away from the edges, as before.
  const initials = lease.approvals.flatMap((approval) => approval.fields).find((field) => field.subtype === "INITIALS")!;
  expect(Math.abs(initials.left + initials.width / 2 - width * 0.5)).toBeLessThan(width * 0.02);

  // Bob's text field too, so two signers' chips are on the page.
  await editor.getByTestId("field-signer-Bob").click();
  await dropOnPage(editor.getByTestId("field-palette-text"), firstPage, 0.5, 0.85);
  await expect(page.getByTestId("field-save-status")).toHaveText("Changes are saved as you go.");

  const expected = [
    ["Signature", "Alice Adamson-Whitfield"],
    ["Initials", "Alice Adamson-Whitfield"],
    ["Date signed", "Alice Adamson-Whitfield"],
    ["Text", "Bob Brown"],
  ];
  for (const [name, size] of [
    ["wide", { width: 1280, height: 900 }],
    ["narrow", { width: 900, height: 900 }],
    ["phone", { width: 390, height: 844 }],
  ] as const) {
    await page.setViewportSize(size);
    await firstPage.scrollIntoViewIfNeeded();
    await expectEveryChipWhole(page, expected);
    await firstPage.screenshot({ path: test.info().outputPath(`field-chips-${name}.png`) });
  }
  await expectAccessible(page, "the builder's fields on a phone");

  // The package's history names what was placed as the sender knows it, never by the service's ids.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/packages/${packageId}`);
  const history = page.getByTestId("history-timeline");
  await expect(history.getByTestId("history-event").filter({ hasText: "Signature added: Lease" }).filter({ hasText: "Signature of Alice Adamson-Whitfield" })).toHaveCount(1);
  await expect(history.getByTestId("history-event").filter({ hasText: "Initials of Alice Adamson-Whitfield" })).toHaveCount(1);
  const ids = (await owner.json<{ documents: { approvals: { id: string; fields: { id: string }[] }[] }[] }>("GET", `/api/packages/${packageId}`)).documents.flatMap((document) =>
    document.approvals.flatMap((approval) => [approval.id, ...approval.fields.map((field) => field.id)]),
  );
  const shown = await history.innerText();
  for (const id of ids) expect(shown).not.toContain(id);
  expect(shown).not.toMatch(/for role \w+/);
  await history.screenshot({ path: test.info().outputPath("history-names.png") });
  await expectAccessible(page, "the package page and its history");
});
