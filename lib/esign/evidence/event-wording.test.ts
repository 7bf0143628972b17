import { describe, expect, it } from "vitest";
import type { AuditEventRow } from "@/lib/esign/audit/package-events";
import { CONSENT_DOCUMENT_ID } from "@/lib/esign/documents/consent-document-id";
import { certificateEvents, describeEvent } from "./event-wording";

let nextId = 1;
function event(name: string, fields: Partial<AuditEventRow> = {}): AuditEventRow {
  const id = nextId++;
  return {
    id,
    accountId: "a1",
    packageId: "p1",
    name,
    sessionUser: "u1",
    documentId: null,
    message: null,
    newRoleId: null,
    ipAddress: null,
    userAgent: null,
    created: new Date(Date.UTC(2026, 10, 27, 9, 0, id)),
    ...fields,
  } as AuditEventRow;
}

const documents = new Map([
  ["contract", "Contract.pdf"],
  [CONSENT_DOCUMENT_ID, "Electronic Disclosures and Signatures Consent"],
]);

describe("describeEvent", () => {
  it.each([
    [event("PACKAGE_ACTIVATE"), "Sent for signing"],
    [event("DOCUMENT_VIEWED", { documentId: "contract" }), "Viewed “Contract.pdf”"],
    [event("DOCUMENT_SIGNED", { documentId: "contract" }), "Signed “Contract.pdf”"],
    [event("DOCUMENT_SIGNED", { documentId: CONSENT_DOCUMENT_ID }), "Accepted “Electronic Disclosures and Signatures Consent”"],
    [event("DOCUMENT_VIEWED", { documentId: "gone" }), "Viewed “gone”"],
    [event("PACKAGE_DECLINE", { message: "The rent is wrong." }), "Declined: The rent is wrong."],
    [event("PACKAGE_OPT_OUT", { message: "On paper, please." }), "Opted out of signing electronically: On paper, please."],
    [event("SIGNER_COMPLETE"), "Finished signing"],
    [event("PACKAGE_COMPLETE"), "Completed"],
    [event("PACKAGE_ATTACHMENT", { message: "Photo ID" }), "Uploaded the attachment “Photo ID”"],
    [event("SIGNER_REINVITE", { message: "Invitation sent again to ada@example.test (role Tenant)" }), "Invitation e-mailed again\nInvitation sent again to ada@example.test (role Tenant)"],
    [event("NOTARY_CERTIFICATE_ADOPT", { message: "I, Nora Notary, …" }), "Adopted the notarial certificate as notary\nI, Nora Notary, …"],
    [event("CALLBACK_TEST"), "Callback test"],
  ])("words %# as %j", (input, expected) => {
    expect(describeEvent(input, documents)).toBe(expected);
  });
});

describe("certificateEvents", () => {
  const owner = "Olive Owner <olive@example.test>";
  const ada = "Ada Lovelace <ada@example.test>";

  it("sums up the draft's edits in one line, and words everything from sending on", () => {
    const lines = certificateEvents(
      [
        { event: event("PACKAGE_CREATE"), actor: owner },
        { event: event("DOCUMENT_ADD", { documentId: "contract" }), actor: owner },
        { event: event("ROLE_ADD"), actor: owner },
        { event: event("FIELD_ADD"), actor: "Sam Sender <sam@example.test>" },
        { event: event("PACKAGE_ACTIVATE", { ipAddress: "203.0.113.7" }), actor: owner },
        { event: event("DOCUMENT_VIEWED", { documentId: "contract", ipAddress: "198.51.100.23", userAgent: "Browser/1" }), actor: ada },
        { event: event("DOCUMENT_SIGNED", { documentId: "contract" }), actor: ada },
        // Changed while sent (a signer's details): evidence, worded.
        { event: event("ROLE_UPDATE"), actor: owner },
      ],
      documents,
    );
    expect(lines.map((line) => [line.what, line.by])).toEqual([
      ["Created and prepared as a draft (4 changes)", `${owner}\nSam Sender <sam@example.test>`],
      ["Sent for signing", owner],
      ["Viewed “Contract.pdf”", ada],
      ["Signed “Contract.pdf”", ada],
      ["Role update", owner],
    ]);
    expect(lines[0].at).toEqual(new Date(Date.UTC(2026, 10, 27, 9, 0, nextId - 8)));
    expect(lines[2]).toMatchObject({ ipAddress: "198.51.100.23", userAgent: "Browser/1" });
    expect(lines.some((line) => /FIELD_ADD|ROLE_ADD|DOCUMENT_ADD/.test(line.what))).toBe(false);
  });

  it("sums up edits made after the package was taken back to draft, and a package never sent", () => {
    const backToDraft = certificateEvents(
      [
        { event: event("PACKAGE_CREATE"), actor: owner },
        { event: event("PACKAGE_ACTIVATE"), actor: owner },
        { event: event("PACKAGE_DEACTIVATE"), actor: owner },
        { event: event("FIELD_UPDATE"), actor: owner },
        { event: event("FIELD_DELETE"), actor: owner },
        { event: event("PACKAGE_ACTIVATE"), actor: owner },
      ],
      documents,
    );
    expect(backToDraft.map((line) => line.what)).toEqual([
      "Created and prepared as a draft (1 change)",
      "Sent for signing",
      "Taken back to draft by the sender",
      "Prepared again as a draft (2 changes)",
      "Sent for signing",
    ]);
    const neverSent = certificateEvents([{ event: event("PACKAGE_CREATE"), actor: owner }, { event: event("DOCUMENT_ADD"), actor: owner }], documents);
    expect(neverSent.map((line) => line.what)).toEqual(["Created and prepared as a draft (2 changes)"]);
  });
});
