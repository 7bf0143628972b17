import { eq } from "drizzle-orm";
import type { Db, Queryable } from "@/lib/db/client";
import { notaryCommissions } from "@/lib/db/schema";
import type { NotaryCommissionInput, WireNotaryCommission } from "@/lib/api/notary";
import { wireDate } from "@/lib/api/wire";
import type { Caller } from "@/lib/esign/accounts/caller";
import { assertMayAdminister } from "@/lib/esign/accounts/privileges";
import { recordAccountEvent } from "@/lib/esign/audit/record-event";
import { now } from "@/lib/esign/clock";
import { forbidden, notFound } from "@/lib/esign/errors";
import { PERMISSIONS } from "@/lib/esign/permissions";
import { findSender } from "@/lib/esign/senders/sender-record";

export type NotaryCommissionRow = typeof notaryCommissions.$inferSelect;

export function wireNotaryCommission(row: NotaryCommissionRow): WireNotaryCommission {
  return { name: row.name, number: row.number, jurisdiction: row.jurisdiction, country: row.country, expirationDate: wireDate(row.expirationDate), confirmed: true };
}

/** The sender themselves, or whoever may administer them with users.manage (as their signature image). */
async function assertMayChange(db: Queryable, caller: Caller, senderId: string): Promise<void> {
  await findSender(db, caller, senderId);
  if (senderId === caller.user.id) return;
  if (!caller.permissions.has(PERMISSIONS.usersManage)) throw forbidden("error.forbidden.noPermission", `This action needs the permission ${PERMISSIONS.usersManage}.`);
  await assertMayAdminister(db, caller, senderId);
}

export async function findNotaryCommission(db: Queryable, userId: string): Promise<NotaryCommissionRow | null> {
  const [row] = await db.select().from(notaryCommissions).where(eq(notaryCommissions.userId, userId));
  return row ?? null;
}

/** `GET …/senders/{id}/notaryCommission`: 404 when the sender has none on file. */
export async function getNotaryCommission(db: Queryable, caller: Caller, senderId: string): Promise<WireNotaryCommission> {
  await findSender(db, caller, senderId);
  const row = await findNotaryCommission(db, senderId);
  if (!row) throw notFound("error.notFound.notaryCommission", `Sender ${senderId} has no notary commission.`);
  return wireNotaryCommission(row);
}

/** `PUT …/senders/{id}/notaryCommission`: sets (or replaces) the commission the sender's notary seal shows. */
export async function setNotaryCommission(db: Db, caller: Caller, senderId: string, input: NotaryCommissionInput): Promise<WireNotaryCommission> {
  return db.transaction(async (tx) => {
    await assertMayChange(tx, caller, senderId);
    const values = { name: input.name, number: input.number, jurisdiction: input.jurisdiction, country: input.country, expirationDate: input.expirationDate, updated: now() };
    const [row] = await tx.insert(notaryCommissions).values({ userId: senderId, ...values }).onConflictDoUpdate({ target: notaryCommissions.userId, set: values }).returning();
    await recordAccountEvent(tx, caller, "SENDER_UPDATE", `${senderId}: notary commission ${input.number} (${input.jurisdiction})`);
    return wireNotaryCommission(row!);
  });
}

/** `DELETE …/senders/{id}/notaryCommission`. */
export async function deleteNotaryCommission(db: Db, caller: Caller, senderId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await assertMayChange(tx, caller, senderId);
    const removed = await tx.delete(notaryCommissions).where(eq(notaryCommissions.userId, senderId)).returning({ userId: notaryCommissions.userId });
    if (removed.length) await recordAccountEvent(tx, caller, "SENDER_UPDATE", `${senderId}: notary commission removed`);
  });
}
