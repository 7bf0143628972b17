import { randomBytes } from "node:crypto";
import { and, eq, gt, lte, ne } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { consoleSessions } from "@/lib/db/schema";
import { now } from "@/lib/esign/clock";

/**
 * The console's sessions, kept server-side so that they can end before their cookie does. The
 * cookie (next-auth's encrypted JWT) carries the session's id; it works only while the row is
 * there and unexpired. Signing out deletes the row, and a password change or reset deletes the
 * user's others. The rows live in this application's database even when the console fronts a
 * service at ESIGN_API_URL: they are the console's, not the service's.
 */

/** The console's sessions last a working day from their last use; a 401 from the service ends one sooner. */
export const SESSION_MAX_AGE_SECONDS = 8 * 60 * 60;

/** A session's use is written at most this often, not on every request. */
const TOUCH_EVERY_MS = 60_000;

// The cookie's expiry moves on each use too; the row's runs a touch interval longer, so it never ends first.
const expiryFrom = (at: Date) => new Date(at.getTime() + SESSION_MAX_AGE_SECONDS * 1000 + TOUCH_EVERY_MS);

/** A new session of `userId` (the id the service answers for the user); answers its id. Expired rows go at the same time. */
export async function openConsoleSession(userId: string): Promise<string> {
  const db = await getDb();
  const id = randomBytes(18).toString("base64url");
  const at = now();
  await db.transaction(async (tx) => {
    await tx.delete(consoleSessions).where(lte(consoleSessions.expires, at));
    await tx.insert(consoleSessions).values({ id, userId, created: at, lastSeen: at, expires: expiryFrom(at) });
  });
  return id;
}

function validId(id: unknown): id is string {
  return typeof id === "string" && id.length > 0;
}

/** Whether the session still works, for the proxy (read only). */
export async function consoleSessionIsLive(id: unknown): Promise<boolean> {
  if (!validId(id)) return false;
  const db = await getDb();
  const [row] = await db
    .select({ id: consoleSessions.id })
    .from(consoleSessions)
    .where(and(eq(consoleSessions.id, id), gt(consoleSessions.expires, now())));
  return row !== undefined;
}

/** Whether the session still works; if so its use is noted, and its expiry moved forward as the cookie's is. */
export async function touchConsoleSession(id: unknown): Promise<boolean> {
  if (!validId(id)) return false;
  const db = await getDb();
  const at = now();
  const [row] = await db
    .select({ lastSeen: consoleSessions.lastSeen })
    .from(consoleSessions)
    .where(and(eq(consoleSessions.id, id), gt(consoleSessions.expires, at)));
  if (!row) return false;
  if (at.getTime() - row.lastSeen.getTime() >= TOUCH_EVERY_MS) {
    await db.update(consoleSessions).set({ lastSeen: at, expires: expiryFrom(at) }).where(eq(consoleSessions.id, id));
  }
  return true;
}

/** Sign-out: the session's cookie stops working, wherever a copy of it is. */
export async function endConsoleSession(id: unknown): Promise<void> {
  if (!validId(id)) return;
  const db = await getDb();
  await db.delete(consoleSessions).where(eq(consoleSessions.id, id));
}

/** Every session of the user but `except` (the one that changed the password); answers how many ended. */
export async function endConsoleSessionsOf(userId: string, { except }: { except?: string } = {}): Promise<number> {
  const db = await getDb();
  const ended = await db
    .delete(consoleSessions)
    .where(validId(except) ? and(eq(consoleSessions.userId, userId), ne(consoleSessions.id, except)) : eq(consoleSessions.userId, userId))
    .returning({ id: consoleSessions.id });
  return ended.length;
}
