import { createHash } from "node:crypto";
import { and, eq, gt, sql, type Placeholder } from "drizzle-orm";
import type { Db, Queryable } from "@/lib/db/client";
import { isStalePreparedStatement } from "@/lib/db/errors";
import { accessTokens, accountMemberships, accounts, apiKeys, users } from "@/lib/db/schema";
import { now } from "@/lib/esign/clock";
import type { Permission } from "@/lib/esign/permissions";
import { lookupHash } from "@/lib/esign/security/secret-crypto";
import { memberPermissions } from "./privileges";
import { DESIGNER_KEY_HOURS } from "./sign-in-keys";

/** Who is calling: resolved once per request from the credential, passed to every use case. */
export interface Caller {
  user: {
    id: string;
    email: string;
    firstName: string;
    lastName: string;
    title: string;
    company: string;
    /** INVITED, ACTIVE or LOCKED, in the account the credential acts in (see `statusInAccount`). */
    status: string;
    /** Owner of the account the credential acts in (not necessarily the user's home account). */
    isAccountOwner: boolean;
  };
  /** The account the credential acts in: a key or token belongs to one account. */
  account: { id: string; name: string };
  permissions: Set<Permission>;
  /** How the caller authenticated: some secrets (API keys) are handed out only to API-key callers. */
  credential: Credential;
  /**
   * The access token the credential is, or was obtained with (a sign-in key from a user
   * authentication token that a token asked for); what the caller obtains lives no longer than it.
   */
  accessTokenHash?: string;
  /** A DESIGNER key's one package: the caller may call only its paths and the builder's reads. */
  designerPackageId?: string;
  ipAddress: string;
}

export type Credential = "apiKey" | "accessToken";

/**
 * A member's status in one account: LOCKED when deleted from that account while work was pending
 * there (spec 3.5), whatever they are elsewhere; otherwise the user's own status. An invited user
 * stays INVITED: not having activated refuses more than being locked does.
 */
export function statusInAccount(userStatus: string, membershipLocked: boolean): string {
  return membershipLocked && userStatus !== "INVITED" ? "LOCKED" : userStatus;
}

/**
 * The caller acting as `userId` in `accountId` with that credential: their membership there, their
 * status in that account and the permissions of their enabled roles (`memberPermissions`).
 */
export async function callerFor(
  db: Queryable,
  userId: string,
  accountId: string,
  ipAddress: string,
  credential: Credential,
  accessTokenHash?: string,
): Promise<Caller | null> {
  const [row] = await db
    .select(memberColumns)
    .from(accountMemberships)
    .innerJoin(users, eq(users.id, accountMemberships.userId))
    .innerJoin(accounts, eq(accounts.id, accountMemberships.accountId))
    .where(and(eq(accountMemberships.userId, userId), eq(accountMemberships.accountId, accountId)));
  return row ? callerOf(db, row, ipAddress, credential, accessTokenHash) : null;
}

/** What a caller is made of: the user, the account and the membership between them. */
const memberColumns = {
  user: { id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName, title: users.title, company: users.company, status: users.status },
  account: { id: accounts.id, name: accounts.name },
  isOwner: accountMemberships.isOwner,
  locked: accountMemberships.locked,
};

type MemberRow = {
  user: Pick<typeof users.$inferSelect, "id" | "email" | "firstName" | "lastName" | "title" | "company" | "status">;
  account: { id: string; name: string };
  isOwner: boolean;
  locked: boolean;
};

async function callerOf(db: Queryable, row: MemberRow, ipAddress: string, credential: Credential, accessTokenHash?: string): Promise<Caller> {
  const { user } = row;
  return {
    user: {
      id: user.id,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      title: user.title,
      company: user.company,
      status: statusInAccount(user.status, row.locked),
      isAccountOwner: row.isOwner,
    },
    account: row.account,
    permissions: await memberPermissions(db, row.account.id, user.id, row.isOwner),
    credential,
    ...(accessTokenHash ? { accessTokenHash } : {}),
    ipAddress,
  };
}

/** The key's row with its membership, user and account, by the key's lookup hash (a value, or a placeholder to prepare). */
function callerByKeySelect(db: Db, lookup: string | Placeholder) {
  return db
    .select({
      ...memberColumns,
      key: { kind: apiKeys.kind, packageId: apiKeys.packageId, created: apiKeys.created, accessTokenHash: apiKeys.accessTokenHash, tokenExpires: accessTokens.expires },
    })
    .from(apiKeys)
    .leftJoin(accessTokens, eq(accessTokens.lookupHash, apiKeys.accessTokenHash))
    .innerJoin(accountMemberships, and(eq(accountMemberships.userId, apiKeys.userId), eq(accountMemberships.accountId, apiKeys.accountId)))
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .innerJoin(accounts, eq(accounts.id, apiKeys.accountId))
    .where(eq(apiKeys.lookupHash, lookup));
}

/**
 * The statement every API request runs first, prepared once per database so that neither Drizzle
 * builds its text nor the database plans it on each request (planning this five-table join took
 * about ten times as long as running it; requests measured 0.6 to 0.8 ms faster on PostgreSQL, on
 * PGlite, which names every statement itself, 1.33 ms unnamed, 0.29 by name). Each pooled
 * connection prepares it at its first use. Its name carries a hash of its text: a
 * connection that prepared an earlier text (`next dev` reloading a changed schema) is not asked
 * to reuse the name for another.
 */
function prepareCallerByKey(db: Db) {
  const select = callerByKeySelect(db, sql.placeholder("lookupHash"));
  const textHash = createHash("sha256").update(select.toSQL().sql).digest("hex").slice(0, 12);
  return select.prepare(`find_caller_by_api_key_${textHash}`);
}
const callerByKeyStatements = new WeakMap<Db, ReturnType<typeof prepareCallerByKey>>();

async function callerRowByKey(db: Db, lookupHash: string) {
  let statement = callerByKeyStatements.get(db);
  if (!statement) {
    statement = prepareCallerByKey(db);
    callerByKeyStatements.set(db, statement);
  }
  try {
    return await statement.execute({ lookupHash });
  } catch (error) {
    // pg-pool closes a connection whose query failed, stale statement and all: this request reads unprepared.
    if (!isStalePreparedStatement(error)) throw error;
    return callerByKeySelect(db, lookupHash);
  }
}

/**
 * The caller behind an API key, read with its membership in one statement (every API request
 * makes it). A sign-in key obtained with an access token acts as that token does (credential
 * "accessToken"), and only while the token is unexpired (revoking its client app deletes both).
 * Called with the database, not a transaction (one would prepare a statement of its own each time).
 */
export async function findCallerByApiKey(db: Db, apiKey: string, ipAddress: string): Promise<Caller | null> {
  const [row] = await callerRowByKey(db, lookupHash(apiKey));
  if (!row) return null;
  const { key } = row;
  if (key.kind === "DESIGNER") {
    if (!key.packageId || now().getTime() - key.created.getTime() > DESIGNER_KEY_HOURS * 3_600_000) return null;
    return { ...(await callerOf(db, row, ipAddress, "apiKey")), designerPackageId: key.packageId };
  }
  if (key.accessTokenHash === null) return callerOf(db, row, ipAddress, "apiKey");
  if (!key.tokenExpires || key.tokenExpires <= now()) return null;
  return callerOf(db, row, ipAddress, "accessToken", key.accessTokenHash);
}

export async function findCallerByAccessToken(db: Queryable, token: string, ipAddress: string): Promise<Caller | null> {
  const tokenHash = lookupHash(token);
  const [row] = await db
    .select({ userId: accessTokens.userId, accountId: accessTokens.accountId })
    .from(accessTokens)
    .where(and(eq(accessTokens.lookupHash, tokenHash), gt(accessTokens.expires, now())));
  return row ? callerFor(db, row.userId, row.accountId, ipAddress, "accessToken", tokenHash) : null;
}
