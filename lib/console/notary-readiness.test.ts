import { describe, expect, it } from "vitest";
import type { WireNotaryCommission } from "@/lib/api/notary";
import type { WireRole } from "@/lib/api/packages";
import type { WireSender } from "@/lib/api/senders";
import { notaryBlocking, notaryCandidates } from "./notary-readiness";

const role = (id: string, index: number, email: string) => ({ id, index, name: id, type: "SIGNER", signers: [{ email }] }) as unknown as WireRole;
const sender = (email: string, status = "ACTIVE") => ({ id: `u-${email}`, email, name: "Nora Notary", status }) as unknown as WireSender;
const commission = (expirationDate: string) => ({ name: "", number: 42, jurisdiction: "Ontario", country: "", expirationDate, confirmed: true }) satisfies WireNotaryCommission;

const client = role("Client", 1, "client@example.test");
const notary = role("Notary", 2, "Nora@Example.test");
const senders = [sender("nora@example.test")];
const inForce = commission("2999-01-01T00:00:00Z");

describe("notary readiness", () => {
  it("offers as notary only the signers who are senders of the account", () => {
    expect(notaryCandidates([client, notary], senders).map((candidate) => candidate.role.id)).toEqual(["Notary"]);
  });

  it("says nothing of a package not notarized, or one ready to send", () => {
    expect(notaryBlocking({ notarized: false, notaryRoleId: "" }, [client], senders, null)).toEqual([]);
    expect(notaryBlocking({ notarized: true, notaryRoleId: "Notary" }, [client, notary], senders, inForce)).toEqual([]);
  });

  it("gives each refusal of the service its reason, with what the words name", () => {
    const notarized = { notarized: true, notaryRoleId: "Notary" };
    expect(notaryBlocking({ notarized: true, notaryRoleId: "" }, [client, notary], senders, inForce)).toEqual([{ reason: "chooseNotary" }]);
    expect(notaryBlocking({ notarized: true, notaryRoleId: "Gone" }, [client, notary], senders, inForce)).toEqual([{ reason: "notaryNotSigner" }]);
    expect(notaryBlocking(notarized, [client, notary], [], inForce)).toEqual([{ reason: "notaryNotActiveSender", email: "nora@example.test" }]);
    expect(notaryBlocking(notarized, [client, notary], [sender("nora@example.test", "LOCKED")], inForce)[0]).toEqual({ reason: "notaryNotActiveSender", email: "nora@example.test" });
    expect(notaryBlocking(notarized, [client, notary], senders, null)).toEqual([{ reason: "noCommission", name: "Nora Notary" }]);
    expect(notaryBlocking(notarized, [client, notary], senders, commission("2001-01-01T00:00:00Z"))).toEqual([
      { reason: "commissionExpired", name: "Nora Notary", number: 42, expirationDate: "2001-01-01T00:00:00Z" },
    ]);
    expect(notaryBlocking(notarized, [notary], senders, inForce)).toEqual([{ reason: "addSigner" }]);
    expect(notaryBlocking(notarized, [role("Client", 3, "client@example.test"), notary], senders, inForce)).toEqual([{ reason: "notarySignsLast" }]);
  });
});
