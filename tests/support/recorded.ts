import { and, asc, eq } from "drizzle-orm";
import { expect } from "vitest";
import { getDb } from "@/lib/db/client";
import { auditEvents, outboxMessages } from "@/lib/db/schema";
import { openSigningSession, signingCookieName } from "@/lib/esign/signing/session";
import { call, callJson } from "./api-client";

/** What a change left behind for the world: the package's e-mails of one kind, oldest first (then by recipient). */
export async function outboxOf(packageId: string, kind: string) {
  const db = await getDb();
  return db
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.packageId, packageId), eq(outboxMessages.kind, kind)))
    .orderBy(asc(outboxMessages.created), asc(outboxMessages.to));
}

/** The package's audit events of one name. */
export async function auditEventsOf(packageId: string, name: string) {
  const db = await getDb();
  return db.select().from(auditEvents).where(and(eq(auditEvents.packageId, packageId), eq(auditEvents.name, name)));
}

/** The role signs its approval `sign-<roleId>` on `doc1` through the ceremony, which finishes it. */
export async function signOwnApprovalAs(packageId: string, roleId: string): Promise<void> {
  const db = await getDb();
  const { token } = await db.transaction((tx) => openSigningSession(tx, { packageId, roleId, memberEmail: null, ipAddress: "203.0.113.7", userAgent: "Test/1.0" }));
  const headers = { cookie: `${signingCookieName(packageId)}=${token}` };
  expect((await call("POST", `/api/signing/${packageId}/consent`, { headers })).status).toBe(204);
  const signed = await callJson<{ roleCompleted: boolean }>("POST", `/api/signing/${packageId}/documents/doc1/sign`, { headers, json: { approvals: [{ id: `sign-${roleId}` }] } });
  expect(signed.roleCompleted).toBe(true);
}
