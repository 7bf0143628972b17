import { describe, expect, it } from "vitest";
import type { WireDocument, WirePackage, WireRole } from "@/lib/api/packages";
import { isSigningRole, signingRoles } from "./package-progress";

const role = (id: string, type: "SIGNER" | "SENDER"): WireRole => ({
  id,
  name: id,
  type,
  index: 0,
  reassign: false,
  locked: false,
  emailMessage: { content: "" },
  attachmentRequirements: [],
  specialTypes: [],
  signers: [],
  data: {},
});
const consent = (roleIds: string[]) =>
  ({ id: "default-consent", approvals: roleIds.map((id) => ({ id: `consent-${id}`, role: id, fields: [] })) }) as unknown as WireDocument;
const pkg = (roles: WireRole[], consentRoles?: string[]) =>
  ({ roles, documents: consentRoles ? [consent(consentRoles)] : [] }) as unknown as Pick<WirePackage, "roles" | "documents">;

describe("signingRoles", () => {
  it("counts the sender's role as signing when it holds a consent approval, whatever its id (an SDK's Sender1)", () => {
    const sdkMade = pkg([role("Client1", "SIGNER"), role("Sender1", "SENDER")], ["Client1", "Sender1"]);
    expect(signingRoles(sdkMade).map((r) => r.id)).toEqual(["Client1", "Sender1"]);
  });

  it("leaves out the sender's role when the sender does not sign", () => {
    const notSigning = pkg([role("Client1", "SIGNER"), role("x9f3", "SENDER")], ["Client1"]);
    expect(signingRoles(notSigning).map((r) => r.id)).toEqual(["Client1"]);
  });

  it("falls back on the console's Owner id where approvals are not read", () => {
    const listed = pkg([role("Owner", "SENDER"), role("x9f3", "SENDER"), role("Client1", "SIGNER")]);
    expect(["Owner", "x9f3", "Client1"].map((id) => isSigningRole(listed, listed.roles.find((r) => r.id === id)!))).toEqual([true, false, true]);
  });
});
