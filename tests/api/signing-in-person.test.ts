import { and, asc, eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { auditEvents, roleSigningStates, signingLinks, signingSessions } from "@/lib/db/schema";
import { advanceClock, resetClock } from "@/lib/esign/clock";
import { call, callJson } from "../support/api-client";
import { createPackageWithFiles } from "../support/packages";
import { seedAccount, seedGroup, seedManager, seedSender, type SeededAccount } from "../support/seed";

afterEach(() => resetClock());

interface ErrorBody {
  messageKey: string;
  message: string;
}

interface HostedSigner {
  roleId: string;
  name: string;
  index: number;
  turn: boolean;
  completed: boolean;
}

interface View {
  package: { inPerson: boolean; status: string };
  signer: { roleId: string; name: string; group: { name: string } | null };
  progress: { mayStart: boolean; completed: boolean };
  host: { name: string; signers: HostedSigner[] } | null;
}

const signatureField = (top: number) => ({ type: "SIGNATURE", subtype: "FULLNAME", page: 0, top, left: 100, width: 200, height: 50 });

/** Ann (index 1) then Ben (index 2) sign one document; in person unless told otherwise. */
async function twoSigners(owner: SeededAccount, options: { inPerson?: boolean; status?: string } = {}): Promise<string> {
  return createPackageWithFiles(owner.apiKey, {
    name: "Loan",
    status: options.status ?? "SENT",
    settings: { ceremony: { inPerson: options.inPerson ?? true } },
    roles: [
      { id: "Ann", index: 1, type: "SIGNER", signers: [{ email: "ann@example.test", firstName: "Ann", lastName: "Applicant" }] },
      { id: "Ben", index: 2, type: "SIGNER", signers: [{ email: "ben@example.test", firstName: "Ben", lastName: "Banker" }] },
    ],
    documents: [
      {
        id: "doc1",
        name: "Loan agreement",
        approvals: [
          { id: "ann-sig", role: "Ann", fields: [signatureField(500)] },
          { id: "ben-sig", role: "Ben", fields: [signatureField(600)] },
        ],
      },
    ],
  });
}

const senderToken = (key: string, packageId: unknown, expect = 200) =>
  callJson<{ packageId: string; value: string } & ErrorBody>("POST", "/api/authenticationTokens/sender", { key, json: { packageId }, expect });

const openHosted = (value: string) => call("GET", `/access?senderAuthenticationToken=${value}`, { headers: { "user-agent": "HostTablet/2.0" } });

function cookieOf(response: Response): Record<string, string> {
  expect(response.status).toBe(303);
  return { cookie: response.headers.get("set-cookie")!.split(";")[0] };
}

const view = (packageId: string, headers: Record<string, string>) => callJson<View>("GET", `/api/signing/${packageId}`, { headers });
const handTo = (packageId: string, headers: Record<string, string>, roleId: unknown, expect = 200) =>
  callJson<View & ErrorBody>("POST", `/api/signing/${packageId}/host/signer`, { headers, json: { roleId }, expect });

async function sign(packageId: string, headers: Record<string, string>, approvalId: string) {
  expect((await call("POST", `/api/signing/${packageId}/consent`, { headers })).status).toBe(204);
  return callJson<{ roleCompleted: boolean }>("POST", `/api/signing/${packageId}/documents/doc1/sign`, { headers, json: { approvals: [{ id: approvalId }] } });
}

describe("POST /api/authenticationTokens/sender", () => {
  it("answers {packageId, value} to the package's sender: a single-use HOST link of theirs, kept only as a hash", async () => {
    const owner = await seedAccount();
    const packageId = await twoSigners(owner);
    const token = await senderToken(owner.apiKey, packageId);
    expect(token).toEqual({ packageId, value: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) });
    const db = await getDb();
    const [link] = await db.select().from(signingLinks).where(and(eq(signingLinks.packageId, packageId), eq(signingLinks.kind, "HOST")));
    expect(link).toMatchObject({ hostUserId: owner.userId, usedAt: null });
    expect(link.tokenHash).not.toContain(token.value);
  });

  it("is refused to anyone but the package's sender, for a package not in person or not SENT, and without a package id", async () => {
    const owner = await seedAccount();
    const packageId = await twoSigners(owner);
    const manager = await seedManager(owner);
    expect((await senderToken(manager.apiKey, packageId, 403)).messageKey).toBe("error.forbidden.notPackageSender");
    const sender = await seedSender(owner);
    expect((await senderToken(sender.apiKey, packageId, 404)).messageKey).toBe("error.notFound.packageNotFound");
    const stranger = await seedAccount();
    expect((await senderToken(stranger.apiKey, packageId, 404)).messageKey).toBe("error.notFound.packageNotFound");

    const remote = await twoSigners(owner, { inPerson: false });
    expect((await senderToken(owner.apiKey, remote, 409)).messageKey).toBe("error.conflict.notInPerson");
    // A draft gets the designer's token instead (tests/api/designer-token.test.ts), which /access does not open.
    const draft = await twoSigners(owner, { status: "DRAFT" });
    const designer = await senderToken(owner.apiKey, draft);
    expect((await call("GET", `/access?senderAuthenticationToken=${designer.value}`)).status).toBe(404);
    expect((await senderToken(owner.apiKey, undefined, 400)).message).toContain("packageId");
    expect((await call("POST", "/api/authenticationTokens/sender", { json: { packageId } })).status).toBe(401);
  });
});

describe("GET /access?senderAuthenticationToken=...", () => {
  it("opens a hosted session once (410 the second time), not through sessionToken, and not after 30 minutes", async () => {
    const owner = await seedAccount();
    const packageId = await twoSigners(owner);
    const { value } = await senderToken(owner.apiKey, packageId);
    expect((await call("GET", `/access?sessionToken=${value}`)).status).toBe(404);

    const opened = await openHosted(value);
    expect(opened.headers.get("location")).toBe(`/sign/${packageId}`);
    cookieOf(opened);
    const again = await openHosted(value);
    expect(again.status).toBe(410);
    expect(again.headers.get("content-type")).toContain("text/html");
    expect(await again.text()).toContain("only once");

    const late = await senderToken(owner.apiKey, packageId);
    advanceClock(31 * 60_000);
    const expired = await openHosted(late.value);
    expect(expired.status).toBe(410);
    expect(await expired.text()).toContain("30 minutes");
    expect((await openHosted("not-a-real-token-but-long-enough")).status).toBe(404);
  });
});

describe("a ceremony hosted in person", () => {
  it("hands one browser session to each signer in turn, in order, and the package completes", async () => {
    const owner = await seedAccount();
    const packageId = await twoSigners(owner);
    const { value } = await senderToken(owner.apiKey, packageId);
    const host = cookieOf(await openHosted(value));

    const first = await view(packageId, host);
    expect(first.signer.roleId).toBe("Ann");
    expect(first.host).toEqual({
      name: "Olive Owner",
      signers: [
        { roleId: "Ann", name: "Ann Applicant", index: 1, turn: true, completed: false },
        { roleId: "Ben", name: "Ben Banker", index: 2, turn: false, completed: false },
      ],
    });
    const db = await getDb();
    const [session] = await db.select().from(signingSessions).where(eq(signingSessions.packageId, packageId));
    expect(session).toMatchObject({ hostUserId: owner.userId, roleId: "Ann", memberEmail: null });

    expect((await handTo(packageId, host, "Ben", 409)).messageKey).toBe("error.conflict.notYourTurn");
    expect((await handTo(packageId, host, "Nobody", 404)).messageKey).toBe("error.notFound.roleNotFound");
    expect((await handTo(packageId, host, "", 400)).messageKey).toBe("error.validation.invalidBody");
    expect(await sign(packageId, host, "ann-sig")).toEqual({ roleCompleted: true });

    const afterAnn = await view(packageId, host);
    expect(afterAnn.progress.completed).toBe(true);
    expect(afterAnn.host!.signers.map((signer) => [signer.roleId, signer.turn, signer.completed])).toEqual([
      ["Ann", false, true],
      ["Ben", true, false],
    ]);
    const asBen = await handTo(packageId, host, "Ben");
    expect(asBen.signer).toMatchObject({ roleId: "Ben", name: "Ben Banker" });
    expect(asBen.progress.mayStart).toBe(true);
    expect(asBen.host!.name).toBe("Olive Owner");
    expect((await handTo(packageId, host, "Ann", 409)).messageKey).toBe("error.conflict.signerCompleted");
    expect(await sign(packageId, host, "ben-sig")).toEqual({ roleCompleted: true });
    expect((await callJson<{ status: string }>("GET", `/api/packages/${packageId}`, { key: owner.apiKey })).status).toBe("COMPLETED");

    // Each signer's actions are theirs; the audit trail says who hosted for whom.
    const events = await db.select().from(auditEvents).where(eq(auditEvents.packageId, packageId)).orderBy(asc(auditEvents.id));
    const ceremony = events.filter((event) => ["IN_PERSON_HOST", "DOCUMENT_SIGNED", "SIGNER_COMPLETE", "PACKAGE_COMPLETE"].includes(event.name));
    expect(ceremony.map((event) => `${event.name}${event.documentId ? `:${event.documentId}` : ""}@${event.sessionUser}`)).toEqual([
      `IN_PERSON_HOST@${owner.userId}`,
      "DOCUMENT_SIGNED:default-consent@Ann",
      "DOCUMENT_SIGNED:doc1@Ann",
      "SIGNER_COMPLETE@Ann",
      `IN_PERSON_HOST@${owner.userId}`,
      "DOCUMENT_SIGNED:default-consent@Ben",
      "DOCUMENT_SIGNED:doc1@Ben",
      "SIGNER_COMPLETE@Ben",
      "PACKAGE_COMPLETE@Ben",
    ]);
    const hosted = ceremony.filter((event) => event.name === "IN_PERSON_HOST");
    expect(hosted[0].message).toContain(`Signing hosted in person by Olive Owner (${owner.email}): Ann Applicant (role Ann)`);
    expect(hosted[1].message).toContain("Ben Banker (role Ben)");
    expect(hosted[0].userAgent).toBe("HostTablet/2.0");
  });

  it("is not hosted in a signer's own session: no host in the view, no switching (403)", async () => {
    const owner = await seedAccount();
    const packageId = await twoSigners(owner);
    const token = await callJson<{ value: string }>("POST", "/api/authenticationTokens/signer/multiUse", { key: owner.apiKey, json: { packageId, signerId: "Ann" } });
    const ann = cookieOf(await call("GET", `/access?sessionToken=${token.value}`));
    expect((await view(packageId, ann)).host).toBeNull();
    expect((await handTo(packageId, ann, "Ann", 403)).messageKey).toBe("error.forbidden.notHosted");
    expect((await call("POST", `/api/signing/${packageId}/host/signer`, { json: { roleId: "Ann" } })).status).toBe(401);
  });

  it("a group signer hosted in person signs as the group, not as a member", async () => {
    const owner = await seedAccount();
    const member = await seedSender(owner);
    const groupEmail = `treasury-${member.userId.toLowerCase()}@example.test`;
    const groupId = await seedGroup(owner, { name: "Treasury", email: groupEmail }, [member.userId]);
    const packageId = await createPackageWithFiles(owner.apiKey, {
      name: "Budget",
      status: "SENT",
      settings: { ceremony: { inPerson: true } },
      roles: [{ id: "Treasury", index: 1, type: "SIGNER", signers: [{ group: { id: groupId } }] }],
      documents: [{ id: "doc1", name: "Budget", approvals: [{ id: "treasury-sig", role: "Treasury", fields: [signatureField(500)] }] }],
    });
    const host = cookieOf(await openHosted((await senderToken(owner.apiKey, packageId)).value));
    const hosted = await view(packageId, host);
    expect(hosted.signer).toMatchObject({ roleId: "Treasury", name: "Treasury", group: { name: "Treasury" } });

    expect((await call("POST", `/api/signing/${packageId}/lock`, { headers: host })).status).toBe(200);
    expect(await sign(packageId, host, "treasury-sig")).toEqual({ roleCompleted: true });
    const db = await getDb();
    const [state] = await db.select().from(roleSigningStates).where(eq(roleSigningStates.packageId, packageId));
    expect(state).toMatchObject({ signedByName: "Treasury", signedByEmail: groupEmail });
  });
});
