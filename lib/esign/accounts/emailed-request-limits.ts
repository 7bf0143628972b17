import { and, count, eq, gt, lte, min, type SQL } from "drizzle-orm";
import type { Tx } from "@/lib/db/client";
import { passwordResetRequests, signUpRequests } from "@/lib/db/schema";
import type { ServiceError } from "@/lib/esign/errors";

/** The tables of requests that e-mail an address someone typed: one row per request. */
type RequestTable = typeof passwordResetRequests | typeof signUpRequests;

/**
 * How many requests that e-mail an address are allowed within `windowMs`: for one e-mail from one
 * client address, and from one address whatever the e-mail. Never for an e-mail from everywhere:
 * strangers' requests would then block its owner's own.
 */
export interface EmailedRequestLimits {
  table: RequestTable;
  windowMs: number;
  perEmailAndAddress: number;
  perAddress: number;
  /** The 429 to answer, given the seconds until one more request is allowed. */
  refusal: (waitSeconds: number) => ServiceError;
}

/**
 * Records this request in the caller's transaction and refuses it when the requests in the
 * window, this one included, exceed either limit (the transaction then rolls back, so a refused
 * request is not counted); the wait is until the oldest counted leaves the window. Rows that left
 * it go at the same time, so the table holds one window's requests at most.
 */
export async function countEmailedRequest(tx: Tx, limits: EmailedRequestLimits, email: string, ipAddress: string, at: Date): Promise<void> {
  const { table, windowMs } = limits;
  await tx.delete(table).where(lte(table.created, new Date(at.getTime() - windowMs)));
  await tx.insert(table).values({ email, ipAddress, created: at });
  await refuseOverLimit(tx, limits, and(eq(table.email, email), eq(table.ipAddress, ipAddress)), limits.perEmailAndAddress, at);
  await refuseOverLimit(tx, limits, eq(table.ipAddress, ipAddress), limits.perAddress, at);
}

async function refuseOverLimit(tx: Tx, { table, windowMs, refusal }: EmailedRequestLimits, which: SQL | undefined, limit: number, at: Date) {
  const [{ requests, oldest }] = await tx
    .select({ requests: count(), oldest: min(table.created) })
    .from(table)
    .where(and(which, gt(table.created, new Date(at.getTime() - windowMs))));
  if (requests <= limit || !oldest) return;
  throw refusal(Math.max(1, Math.ceil((oldest.getTime() + windowMs - at.getTime()) / 1000)));
}
