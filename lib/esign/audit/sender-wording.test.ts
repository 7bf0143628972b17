import { describe, expect, it } from "vitest";
import { senderData, type PackageNames } from "./sender-wording";

const names: PackageNames = {
  roles: new Map([
    ["Signer1", "Alice Adams"],
    ["Signer2", "Bob Brown"],
  ]),
  approvals: new Map([["r2dSu9uQYSUA", { roleId: "Signer2", kind: "Signature" }]]),
  fields: new Map([["f1", { roleId: "Signer1", kind: "Initials" }]]),
  documents: new Map([
    ["doc1", "Lease"],
    ["annex", "Annex"],
  ]),
};

describe("the history's words for a builder's events", () => {
  it("names signatures, fields and signers instead of their ids", () => {
    expect(senderData("APPROVAL_ADD", "r2dSu9uQYSUA for role Signer2", names)).toBe("Signature of Bob Brown");
    expect(senderData("APPROVAL_ADD", "gone123 for role Signer1", names)).toBe("For Alice Adams");
    expect(senderData("FIELD_ADD", "f1 (INITIALS)", names)).toBe("Initials of Alice Adams");
    expect(senderData("FIELD_ADD", "gone (TEXTFIELD)", names)).toBe("Text field");
    expect(senderData("FIELD_UPDATE", "f1: 2 condition(s)", names)).toBe("Initials of Alice Adams: 2 condition(s)");
    expect(senderData("FIELD_DELETE", "gone", names)).toBe("");
    expect(senderData("ROLE_UPDATE", "Signer1", names)).toBe("Alice Adams");
    expect(senderData("ROLE_REORDER", "Signer2:1, Signer1:2", names)).toBe("1. Bob Brown, 2. Alice Adams");
    expect(senderData("DOCUMENT_REORDER", "annex:2, doc1:1", names)).toBe("1. Lease, 2. Annex");
    expect(senderData("ROLE_VERIFICATION_SET", "role=Signer1 typeId=EMAIL_OTP", names)).toBe("Alice Adams: EMAIL_OTP");
    expect(senderData("SIGNER_UNLOCK", "role=Signer2", names)).toBe("Bob Brown");
    expect(senderData("SIGNER_REINVITE", "Invitation sent again to bob@example.test (role Signer2)", names)).toBe("Invitation sent again to bob@example.test (Bob Brown)");
  });

  it("keeps other messages as they were", () => {
    expect(senderData("PACKAGE_DEACTIVATE", "The rent is wrong (role of the tenant)", names)).toBe("The rent is wrong (role of the tenant)");
    expect(senderData("ROLE_DELETE", "Signer9", names)).toBe("Signer9");
  });
});
