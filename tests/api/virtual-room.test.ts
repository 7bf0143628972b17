import { and, asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { auditEvents, outboxMessages } from "@/lib/db/schema";
import { call, callJson } from "../support/api-client";
import { createPackageWithFiles, packagePayload } from "../support/packages";
import { seedAccount, seedSender, type SeededAccount } from "../support/seed";

/**
 * A package's virtual room (`PUT|GET /api/packages/{id}/virtual-room/config`, the original's
 * VirtualRoom): stored as sent, validated (UTC start, host a role or the sender), audited,
 * written into the participants' invitations, and shown in the ceremony (to the host as theirs).
 */

interface ErrorBody {
  code: number;
  messageKey: string;
  message: string;
}

const START = "2030-01-31T14:00:00Z";

async function expectError(response: Response, status: number, messageKey: string): Promise<ErrorBody> {
  const text = await response.text();
  expect(response.status, text).toBe(status);
  const body = JSON.parse(text) as ErrorBody;
  expect(body.messageKey, body.message).toBe(messageKey);
  return body;
}

const config = (account: SeededAccount, id: string) => `/api/packages/${id}/virtual-room/config`;

async function invitationsOf(packageId: string) {
  const db = await getDb();
  return db
    .select({ to: outboxMessages.to, text: outboxMessages.text, html: outboxMessages.html })
    .from(outboxMessages)
    .where(and(eq(outboxMessages.packageId, packageId), eq(outboxMessages.kind, "SIGNING_INVITATION")))
    .orderBy(asc(outboxMessages.created));
}

async function openCeremony(account: SeededAccount, packageId: string, roleId: string): Promise<string> {
  const { url } = await callJson<{ url: string }>("GET", `/api/packages/${packageId}/roles/${roleId}/signingUrl`, { key: account.apiKey });
  const access = new URL(url);
  const response = await call("GET", `${access.pathname}${access.search}`);
  expect(response.status).toBe(303);
  return (response.headers.get("set-cookie") ?? "").split(";")[0];
}

describe("virtual room configuration", () => {
  it("answers the defaults before any is set, stores what PUT sends and answers it back, and records VIRTUAL_ROOM_SET", async () => {
    const account = await seedAccount();
    const id = await createPackageWithFiles(account.apiKey, packagePayload({ signers: 2 }));
    expect(await callJson("GET", config(account, id), { key: account.apiKey })).toEqual({ video: false, videoRecording: false });
    expect(await callJson("GET", `${config(account, id)}?default=true`, { key: account.apiKey })).toEqual({ video: false, videoRecording: false });

    const stored = await callJson("PUT", config(account, id), {
      key: account.apiKey,
      json: { video: true, videoRecording: true, startDatetime: START, hostUid: "Signer1", unknownMember: 1 },
    });
    expect(stored).toEqual({ video: true, videoRecording: true, startDatetime: "2030-01-31T14:00:00.000Z", hostUid: "Signer1" });
    expect(await callJson("GET", config(account, id), { key: account.apiKey })).toEqual(stored);

    // PUT replaces: what is left out is unset again (the SDK's setVirtualRoom sends the whole room).
    expect(await callJson("PUT", config(account, id), { key: account.apiKey, json: { video: false } })).toEqual({ video: false, videoRecording: false });

    const db = await getDb();
    const events = await db
      .select({ message: auditEvents.message, sessionUser: auditEvents.sessionUser })
      .from(auditEvents)
      .where(and(eq(auditEvents.packageId, id), eq(auditEvents.name, "VIRTUAL_ROOM_SET")))
      .orderBy(asc(auditEvents.id));
    expect(events).toEqual([
      { message: "Virtual room starting 2030-01-31T14:00:00.000Z, hosted by Signer1", sessionUser: account.userId },
      { message: "Virtual room with no start set", sessionUser: account.userId },
    ]);
  });

  it("accepts the sender as host and refuses a host who is neither a role nor the sender (422), a start not in UTC (400), and another sender's package", async () => {
    const account = await seedAccount();
    const id = await createPackageWithFiles(account.apiKey, packagePayload({ signers: 1 }));
    expect(await callJson("PUT", config(account, id), { key: account.apiKey, json: { hostUid: account.userId, startDatetime: START } })).toMatchObject({ hostUid: account.userId });

    const stranger = await expectError(await call("PUT", config(account, id), { key: account.apiKey, json: { hostUid: "NoSuchRole" } }), 422, "error.validation.virtualRoomHost");
    expect(stranger.message).toContain("NoSuchRole");
    const local = await expectError(await call("PUT", config(account, id), { key: account.apiKey, json: { startDatetime: "2030-01-31T14:00:00+02:00" } }), 400, "error.validation.invalidBody");
    expect(local.message).toContain("startDatetime");
    await expectError(await call("PUT", config(account, id), { key: account.apiKey, json: { video: "yes" } }), 400, "error.validation.invalidBody");

    const other = await seedSender(account);
    await expectError(await call("PUT", config(account, id), { key: other.apiKey, json: { video: true } }), 404, "error.notFound.packageNotFound");
    const elsewhere = await seedAccount();
    await expectError(await call("GET", config(elsewhere, id), { key: elsewhere.apiKey }), 404, "error.notFound.packageNotFound");
  });

  it("writes the schedule and host into every invitation, and shows it in the ceremony: to the host as theirs", async () => {
    const account = await seedAccount();
    const payload = packagePayload({ signers: 2 });
    // Both sign at once (same index), so both are invited when the package is sent.
    payload.roles[1].index = 1;
    const id = await createPackageWithFiles(account.apiKey, payload);
    await callJson("PUT", config(account, id), { key: account.apiKey, json: { video: true, videoRecording: false, startDatetime: START, hostUid: "Signer2" } });
    await callJson("POST", `/api/packages/${id}`, { key: account.apiKey, json: { status: "SENT" } });

    const invitations = await invitationsOf(id);
    expect(invitations.map((invitation) => invitation.to).sort()).toEqual(["signer1@example.test", "signer2@example.test"]);
    for (const invitation of invitations) {
      expect(invitation.text).toContain("Signer Number2 hosts a signing session for it on 2030-01-31 14:00 UTC.");
      expect(invitation.html).toContain("2030-01-31 14:00 UTC");
      expect(invitation.text).not.toMatch(/record/i);
    }

    type View = { package: { virtualRoom: unknown } };
    const guest = await callJson<View>("GET", `/api/signing/${id}`, { headers: { cookie: await openCeremony(account, id, "Signer1") } });
    expect(guest.package.virtualRoom).toEqual({ startDatetime: "2030-01-31T14:00:00.000Z", hostName: "Signer Number2", youHost: false });
    const host = await callJson<View>("GET", `/api/signing/${id}`, { headers: { cookie: await openCeremony(account, id, "Signer2") } });
    expect(host.package.virtualRoom).toEqual({ startDatetime: "2030-01-31T14:00:00.000Z", hostName: "Signer Number2", youHost: true });
  });

  it("writes invitations in the signer's language, and none of it without a room", async () => {
    const account = await seedAccount();
    const payload = packagePayload({ signers: 1 });
    (payload.roles[0].signers[0] as Record<string, unknown>).language = "fr";
    const id = await createPackageWithFiles(account.apiKey, payload);
    await callJson("PUT", config(account, id), { key: account.apiKey, json: { startDatetime: START } });
    await callJson("POST", `/api/packages/${id}`, { key: account.apiKey, json: { status: "SENT" } });
    const [invitation] = await invitationsOf(id);
    expect(invitation!.text).toContain("anime une séance de signature le 2030-01-31 14:00 UTC");

    const plain = await createPackageWithFiles(account.apiKey, packagePayload({ signers: 1 }));
    await callJson("POST", `/api/packages/${plain}`, { key: account.apiKey, json: { status: "SENT" } });
    const [ordinary] = await invitationsOf(plain);
    expect(ordinary!.text).not.toContain("signing session");
    // Once sent, the schedule may still change; a trashed or completed package's may not.
    await callJson("PUT", config(account, plain), { key: account.apiKey, json: { startDatetime: START } });
  });
});
