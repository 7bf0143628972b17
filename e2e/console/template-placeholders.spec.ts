import { expect, test } from "../support/test";
import { oneSignatureEachPackage, person } from "../support/package-payloads";
import { ServiceClient } from "../support/service-client";
import { signInWithPassword, titledPdf } from "./console-support";

/**
 * A template saved from a package's page keeps its roles (names, order, fields) but not its
 * people: "Use template" asks for a person in each role, and the new package has them.
 */

test.describe.configure({ timeout: 180_000 });

interface Role {
  id: string;
  name: string;
  type: string;
  signers: { email?: string; firstName?: string; lastName?: string }[];
}
interface Package {
  id: string;
  name: string;
  type: string;
  roles: Role[];
  documents: { id: string; approvals: { role: string; fields: unknown[] }[] }[];
}

test("a package's signers become placeholders of the template saved from it, filled with new people when it is used", async ({ page, baseURL }) => {
  const owner = await ServiceClient.signUp(baseURL!, "Placeholders test");
  const payload = oneSignatureEachPackage({
    name: "Purchase",
    document: { id: "deed", name: "Deed" },
    roles: [
      { id: "Buyer", index: 1, signers: [person("Bea", "Buyer")] },
      { id: "Seller", index: 2, signers: [person("Sam", "Seller")] },
    ],
  });
  const packageId = await owner.createPackage({ ...payload, roles: payload.roles.map((role) => ({ ...role, name: role.id })) }, [await titledPdf("Deed")]);
  await owner.send(packageId);

  await signInWithPassword(page, owner.email, "ceremony-test-42");
  await page.waitForURL("**/packages");
  await page.goto(`/packages/${packageId}`);
  await page.getByTestId("action-save-as-template").click();
  await expect(page.getByText('Saved as the template "Purchase (template)".')).toBeVisible();

  const templates = await owner.json<{ results: Package[] }>("GET", "/api/packages?type=TEMPLATE");
  const template = templates.results.find((row) => row.name === "Purchase (template)")!;
  const signerRoles = template.roles.filter((role) => role.type !== "SENDER");
  expect(signerRoles.map((role) => [role.name, role.signers.length])).toEqual([
    ["Buyer", 0],
    ["Seller", 0],
  ]);

  await page.goto("/templates");
  await page.getByRole("button", { name: "Use template Purchase (template)" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.locator('[data-testid^="use-template-role-"]')).toHaveCount(2);
  await dialog.getByLabel("Package name").fill("Purchase of the mill");
  const people = { Buyer: ["Nora", "Newbuyer", "nora@example.test"], Seller: ["Otto", "Newseller", "otto@example.test"] };
  for (const [role, [first, last, email]] of Object.entries(people)) {
    const group = dialog.getByRole("group", { name: role, exact: true });
    await group.getByLabel("First name").fill(first!);
    await group.getByLabel("Last name").fill(last!);
    await group.getByLabel("E-mail").fill(email!);
  }
  await dialog.getByTestId("use-template-submit").click();
  await page.waitForURL(/\/packages\/[^/]+\/edit$/);
  await expect(page.getByTestId("signer-name").filter({ hasText: "Nora Newbuyer" })).toBeVisible();
  await expect(page.getByTestId("signer-name").filter({ hasText: "Otto Newseller" })).toBeVisible();

  const newId = decodeURIComponent(new URL(page.url()).pathname.split("/")[2]!);
  const created = await owner.json<Package>("GET", `/api/packages/${newId}`);
  expect(created.name).toBe("Purchase of the mill");
  const signerOf = (id: string) => created.roles.find((role) => role.id === id)?.signers[0];
  expect(signerOf("Buyer")).toMatchObject({ email: "nora@example.test", firstName: "Nora", lastName: "Newbuyer" });
  expect(signerOf("Seller")).toMatchObject({ email: "otto@example.test", firstName: "Otto", lastName: "Newseller" });
  // Each role's signature field came along.
  const deed = created.documents.find((document) => document.id === "deed")!;
  expect(deed.approvals.map((approval) => [approval.role, approval.fields.length])).toEqual([
    ["Buyer", 1],
    ["Seller", 1],
  ]);
});
