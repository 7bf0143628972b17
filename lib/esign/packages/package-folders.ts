import { and, eq, or, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { groupMembers, roles } from "@/lib/db/schema";
import { PACKAGE_STATUSES, type PackageType } from "@/lib/api/packages";
import { badRequest } from "@/lib/esign/errors";
import { delegatorsOf } from "@/lib/esign/senders/delegates";

/** Whose folders a listing shows, in the caller's account: the caller's own, or a sender's. */
export interface ListSubject {
  accountId: string;
  userId: string;
  email: string;
}

/**
 * A folder of `GET /api/packages` (`query`, `type`): which packages it holds, as data, so that one
 * definition filters both the packages and their counts (package_counts has the same columns).
 */
export type Folder =
  /** The subject's own packages: not trashed (or trashed), of these statuses or all but some. */
  | { kind: "own"; trashed: boolean; statuses?: readonly string[]; exceptStatuses: readonly string[] }
  /** Templates: the subject's own and those shared with the account. */
  | { kind: "templates"; trashed: boolean }
  /** Packages out for the subject's signature, or a group's they belong to, whoever sent them. */
  | { kind: "inbox" }
  /** "Delegated to me": the packages (or templates) of the senders who named the subject their delegate (in force now). */
  | { kind: "delegated" };

/** The folders found by a condition of their own, without count rows. */
export type CountedFolder = Exclude<Folder, { kind: "inbox" } | { kind: "delegated" }>;

/** The folder `query` names, for packages of `type`. */
export function folderOf(type: PackageType, query: string | undefined): Folder {
  if (type === "TEMPLATE") {
    // A delegate also gets the delegator's templates (the original: "inbox, drafts, layouts, and templates").
    if (query?.toLowerCase() === "delegated") return { kind: "delegated" };
    return { kind: "templates", trashed: query?.toLowerCase() === "trashed" };
  }
  // A status name in capitals is that status (compat notes): `SENT` lists the packages out for
  // signing, `sent` the folder of everything that left the draft state.
  const isStatusName = (PACKAGE_STATUSES as readonly (string | undefined)[]).includes(query);
  switch (isStatusName ? "status" : query?.toLowerCase()) {
    case undefined:
    case "":
      return { kind: "own", trashed: false, exceptStatuses: ["DELETED"] };
    case "inbox":
      return { kind: "inbox" };
    case "delegated":
      return { kind: "delegated" };
    case "sent":
      return { kind: "own", trashed: false, exceptStatuses: ["DELETED", "DRAFT"] };
    case "drafts":
      return { kind: "own", trashed: false, statuses: ["DRAFT"], exceptStatuses: ["DELETED"] };
    case "trashed":
      return { kind: "own", trashed: true, exceptStatuses: ["DELETED"] };
    default: {
      // A status, or several separated by commas (`DECLINED,OPTED_OUT,EXPIRED`): the console's folders.
      const statuses = (query ?? "").toUpperCase().split(",").map((status) => status.trim());
      if (!statuses.every((status) => (PACKAGE_STATUSES as readonly string[]).includes(status))) {
        throw badRequest(
          "error.validation.listQuery",
          `Unknown query "${query}": use inbox, delegated, sent, drafts, trashed or statuses separated by commas (${PACKAGE_STATUSES.join(", ")}).`,
        );
      }
      return { kind: "own", trashed: false, statuses: [...new Set(statuses)].sort(), exceptStatuses: ["DELETED"] };
    }
  }
}

/** The columns a folder filters by: `packages`' or `package_counts`'. */
export interface FolderColumns {
  accountId: AnyPgColumn;
  ownerUserId: AnyPgColumn;
  type: AnyPgColumn;
  status: AnyPgColumn;
  trashed: AnyPgColumn;
  visibility: AnyPgColumn;
}

/**
 * A constant of the folders (a type or status, checked above) written into the SQL rather than
 * bound: the packages' list indexes are partial (`type = 'PACKAGE' and status <> 'DELETED'`), and
 * the planner uses them only for a query whose own text implies that.
 */
function constant(value: string): SQL {
  if (!/^[A-Z_]+$/.test(value)) throw new Error(`Not a folder constant: ${value}`);
  return sql.raw(`'${value}'`);
}

function statusList(values: readonly string[]): SQL {
  return sql.join(values.map(constant), sql`, `);
}

/**
 * The packages (or count rows) of `folder` for `subject`, except the inbox, which depends on roles
 * and groups (`inboxCondition`) and so has no count rows.
 */
export function folderWhere(t: FolderColumns, subject: ListSubject, type: PackageType, folder: CountedFolder): SQL {
  const common = [eq(t.accountId, subject.accountId), sql`${t.type} = ${constant(type)}`, sql`${t.trashed} = ${sql.raw(String(folder.trashed))}`];
  if (folder.kind === "templates") {
    return and(...common, or(eq(t.ownerUserId, subject.userId), eq(t.visibility, "ACCOUNT")), sql`${t.status} <> 'DELETED'`)!;
  }
  const conditions = [...common, eq(t.ownerUserId, subject.userId), sql`${t.status} not in (${statusList(folder.exceptStatuses)})`];
  if (folder.statuses) conditions.push(sql`${t.status} in (${statusList(folder.statuses)})`);
  return and(...conditions)!;
}

/**
 * The inbox of `subject`: packages of the account out for signing where the subject holds a
 * signing role, or a group they are a member of holds a signer's role. Found from the roles that
 * await someone (`package_roles.awaiting`, kept by triggers, with partial indexes of their e-mails
 * and groups) and then the packages by id, so it costs what awaits the subject, not every role
 * they ever held nor what the account holds.
 */
export function inboxCondition(t: { id: AnyPgColumn } & FolderColumns, subject: ListSubject, type: PackageType): SQL {
  const ofTheSubject = sql`select ${roles.packageId} from ${roles} where ${roles.signs} and ${roles.awaiting} and ${roles.signerEmail} = ${subject.email.toLowerCase()}
    union all
    select ${roles.packageId} from ${roles} where ${roles.type} = 'SIGNER' and ${roles.awaiting}
      and ((${roles.signer} -> 'group') ->> 'id') in (select ${groupMembers.groupId} from ${groupMembers} where ${groupMembers.userId} = ${subject.userId})`;
  return and(
    eq(t.accountId, subject.accountId),
    sql`${t.type} = ${constant(type)}`,
    sql`${t.trashed} = false`,
    sql`${t.status} = 'SENT'`,
    // An array built once (not a join the planner might turn into a scan of the account's packages).
    sql`${t.id} = any(array(${ofTheSubject}))`,
  )!;
}

/**
 * The "Delegated to me" folder of `subject`: the packages (not trashed or deleted) of every sender
 * whose delegation to the subject is in force (lib/esign/senders/delegates.ts).
 */
export function delegatedCondition(t: FolderColumns, subject: ListSubject, type: PackageType): SQL {
  return and(
    eq(t.accountId, subject.accountId),
    sql`${t.type} = ${constant(type)}`,
    sql`${t.trashed} = false`,
    sql`${t.status} <> 'DELETED'`,
    sql`${t.ownerUserId} in (${delegatorsOf(subject.accountId, subject.userId)})`,
  )!;
}

/** The rows of package_counts a folder's version covers: the owner's, or the account's templates. */
export function countScope(t: FolderColumns, subject: ListSubject, type: PackageType, folder: CountedFolder): SQL {
  if (folder.kind === "templates") return and(eq(t.accountId, subject.accountId), sql`${t.type} = ${constant(type)}`)!;
  return and(eq(t.accountId, subject.accountId), sql`${t.type} = ${constant(type)}`, eq(t.ownerUserId, subject.userId))!;
}
