import { describe, expect, it } from "vitest";
import type { WithStoredTimes } from "@/lib/api/wire";
import type { WireSender } from "@/lib/api/senders";
import type { PackageRow } from "./find-package";
import { listTextsOf, packageJson } from "./list-texts";
import { wireDocument, wirePackage, wirePackageSender, wireRole } from "./read-package";

const at = "2026-03-04 05:06:07.89+00";
const row = (extra: Partial<WithStoredTimes<PackageRow>>) =>
  ({
    id: "p", accountId: "a", ownerUserId: "u", type: "PACKAGE", status: "DRAFT", trashed: false, name: 'A "quoted" name', description: "",
    emailMessage: "", language: "en", autocomplete: true, visibility: "ACCOUNT", timezoneId: "GMT", due: null, settings: {}, data: { sender: "in data" },
    conditions: [], documentVisibility: [], notarized: false, notaryRoleId: "", created: at, updated: at, sent: null, completed: null, purged: null,
    awaitingSeal: false, virtualRoom: null, ...extra,
  }) as WithStoredTimes<PackageRow>;
const role = {
  packageId: "p", id: "r", position: 0, index: 1, type: "SIGNER", signs: true, name: "", emailMessage: "", reassign: false, locked: false,
  signer: { email: "s@example.test", firstName: "S", lastName: "T" }, signerEmail: "s@example.test", awaiting: false, attachmentRequirements: [],
  verification: null, data: {}, created: at, updated: new Date("2026-03-05T00:00:00Z"),
} as Parameters<typeof wireRole>[0];
const document = {
  packageId: "p", id: "d", position: 0, index: 0, name: "D", description: "", blobSha256: null, sealedBlobSha256: null, flattenedBlobSha256: null,
  fileName: "d.pdf", size: 1, pages: [{ index: 0, width: 612, height: 792 }], extract: false, extractionTypes: [], tagged: false, data: {},
} as Parameters<typeof wireDocument>[0];
const sender = { id: "u", email: "u@example.test", firstName: "U", lastName: "V", name: "U V" } as WireSender;

describe("list texts", () => {
  it.each([
    ["a draft", row({})],
    ["a package with every date", row({ status: "COMPLETED", due: at, completed: at, purged: new Date("2026-04-01T00:00:00Z") })],
    ["a template with settings and conditions", row({ type: "TEMPLATE", settings: { ceremony: { inPerson: true } }, conditions: [{ id: "c", condition: "x", action: "y" }] })],
  ])("join with the sender into what wirePackage writes, byte for byte: %s", (_, packageRow) => {
    const roles = [wireRole(role)];
    const documents = [wireDocument(document, [])];
    for (const known of [sender, undefined]) {
      const expected = JSON.stringify(wirePackage(packageRow, known, roles, documents));
      expect(packageJson(listTextsOf(packageRow, roles, documents), JSON.stringify(wirePackageSender(packageRow, known)))).toBe(expected);
      expect(JSON.parse(expected)).toHaveProperty("sender.id", "u");
    }
  });
});
