import { and, asc, desc, eq, getTableColumns, gte, ilike, inArray, lte, ne, or, sql, type SQL } from "drizzle-orm";
import { toSnakeCase } from "drizzle-orm/casing";
import type { Queryable } from "@/lib/db/client";
import { accountMemberships, documents, packages, roles, users } from "@/lib/db/schema";
import { PACKAGE_STATUSES, type PackageListQuery, type WirePackage } from "@/lib/api/packages";
import type { Caller } from "@/lib/esign/accounts/caller";
import { badRequest, forbidden, notFound } from "@/lib/esign/errors";
import { signedByGroupOf } from "@/lib/esign/groups/group-inbox";
import { containsPattern, pageWindow } from "@/lib/esign/listing";
import { PERMISSIONS } from "@/lib/esign/permissions";
import { readSenders, readSigningGroups, wireDocument, wirePackage, wireRole } from "./read-package";

/** Whose folders a listing shows, in the caller's account: the caller's own, or (`ownerUserId`, `ownerEmail`) a sender's. */
interface ListSubject {
  accountId: string;
  userId: string;
  email: string;
}

/**
 * The caller, or the sender named by `ownerUserId`/`ownerEmail`: someone who is a member of the
 * caller's account or owns packages in it (a deleted sender's packages stay listable). Listing
 * someone else's folders needs users.transactions (403); an unknown sender answers 404.
 */
async function listSubject(db: Queryable, caller: Caller, query: PackageListQuery): Promise<ListSubject> {
  const accountId = caller.account.id;
  const { ownerUserId, ownerEmail } = query;
  const self = { accountId, userId: caller.user.id, email: caller.user.email };
  if (ownerUserId === undefined && ownerEmail === undefined) return self;
  const namesSelf =
    (ownerUserId ?? caller.user.id) === caller.user.id && (ownerEmail ?? caller.user.email).toLowerCase() === caller.user.email.toLowerCase();
  if (namesSelf) return self;
  if (!caller.permissions.has(PERMISSIONS.usersTransactions)) {
    throw forbidden("error.forbidden.noPermission", "Listing another sender's packages needs the permission users.transactions.");
  }
  const named: SQL[] = [];
  if (ownerUserId !== undefined) named.push(eq(users.id, ownerUserId));
  if (ownerEmail !== undefined) named.push(sql`lower(${users.email}) = ${ownerEmail.toLowerCase()}`);
  const [user] = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(
      and(
        ...named,
        or(
          inArray(users.id, db.select({ id: accountMemberships.userId }).from(accountMemberships).where(eq(accountMemberships.accountId, accountId))),
          inArray(users.id, db.select({ id: packages.ownerUserId }).from(packages).where(eq(packages.accountId, accountId))),
        ),
      ),
    );
  if (!user) throw notFound("error.notFound.senderNotFound", `Sender ${ownerUserId ?? ownerEmail} was not found in this account.`);
  return { accountId, userId: user.id, email: user.email };
}

/** Which packages a folder (`query`) holds, for this subject. */
function folderCondition(subject: ListSubject, query: string | undefined): SQL {
  const mine = and(eq(packages.accountId, subject.accountId), eq(packages.ownerUserId, subject.userId))!;
  const live = and(eq(packages.trashed, false), ne(packages.status, "DELETED"))!;
  // A status name in capitals is that status (compat notes): `SENT` lists the packages out for
  // signing, `sent` the folder of everything that left the draft state.
  const isStatusName = (PACKAGE_STATUSES as readonly (string | undefined)[]).includes(query);
  switch (isStatusName ? "status" : query?.toLowerCase()) {
    case undefined:
    case "":
      return and(mine, live)!;
    case "inbox": {
      // Packages waiting for the subject's signature, or a group's they belong to, whoever sent them.
      const signer = sql`exists (select 1 from ${roles} where ${roles.packageId} = ${packages.id}
        and ${roles.signerEmail} = ${subject.email.toLowerCase()} and ${roles.signs})`;
      return and(eq(packages.accountId, subject.accountId), live, eq(packages.status, "SENT"), or(signer, signedByGroupOf(subject.userId)))!;
    }
    case "sent":
      return and(mine, live, ne(packages.status, "DRAFT"))!;
    case "drafts":
      return and(mine, live, eq(packages.status, "DRAFT"))!;
    case "trashed":
      return and(mine, eq(packages.trashed, true), ne(packages.status, "DELETED"))!;
    default: {
      // A status, or several separated by commas (`DECLINED,OPTED_OUT,EXPIRED`): the console's folders.
      const statuses = (query ?? "").toUpperCase().split(",").map((status) => status.trim());
      if (!statuses.every((status) => (PACKAGE_STATUSES as readonly string[]).includes(status))) {
        throw badRequest(
          "error.validation.listQuery",
          `Unknown query "${query}": use inbox, sent, drafts, trashed or statuses separated by commas (${PACKAGE_STATUSES.join(", ")}).`,
        );
      }
      return and(mine, live, inArray(packages.status, statuses))!;
    }
  }
}

/** Templates: the subject's own and those shared with the account. */
function templateCondition(subject: ListSubject, query: string | undefined): SQL {
  const visible = and(
    eq(packages.accountId, subject.accountId),
    or(eq(packages.ownerUserId, subject.userId), eq(packages.visibility, "ACCOUNT")),
  )!;
  const trashed = query?.toLowerCase() === "trashed";
  return and(visible, eq(packages.trashed, trashed), ne(packages.status, "DELETED"))!;
}

const SORT_COLUMNS = {
  created: packages.created,
  updated: packages.updated,
  name: packages.name,
  status: packages.status,
  due: packages.due,
} as const;

/** `GET /api/packages`: one page of the caller's (or a sender's, see `listSubject`) packages or templates, and the total count. */
export async function listPackages(db: Queryable, caller: Caller, query: PackageListQuery): Promise<{ results: WirePackage[]; count: number }> {
  const { offset, limit } = pageWindow(query.from, query.to);
  const subject = await listSubject(db, caller, query);
  const conditions: SQL[] = [
    eq(packages.type, query.type),
    query.type === "TEMPLATE" ? templateCondition(subject, query.query) : folderCondition(subject, query.query),
  ];
  if (query.search) {
    const pattern = containsPattern(query.search);
    conditions.push(or(ilike(packages.name, pattern), ilike(packages.description, pattern))!);
  }
  if (query.startDate) conditions.push(gte(packages.updated, new Date(query.startDate)));
  if (query.endDate) conditions.push(lte(packages.updated, new Date(query.endDate)));
  const where = and(...conditions);

  const column = SORT_COLUMNS[query.sort];
  const order = query.dir === "asc" ? asc(column) : desc(column);
  // One query for the page with its roles and documents (PGlite has one connection, so fewer
  // round trips is what makes listing fast), one for the count. The subqueries name the outer
  // table literally: an interpolated column would render unqualified and bind to the inner row.
  const [rows, [{ count }]] = await Promise.all([
    db
      .select({
        ...getTableColumns(packages),
        roles: sql<Record<string, unknown>[]>`(select coalesce(json_agg(r order by r.index, r.position), '[]') from ${roles} r where r.package_id = "packages"."id")`,
        documents: sql<Record<string, unknown>[]>`(select coalesce(json_agg(d order by d.index, d.position), '[]') from ${documents} d where d.package_id = "packages"."id")`,
      })
      .from(packages)
      .where(where)
      .orderBy(order, asc(packages.id))
      .limit(limit)
      .offset(offset),
    db.select({ count: sql<number>`count(*)::int` }).from(packages).where(where),
  ]);
  if (rows.length === 0) return { results: [], count };

  const senders = await readSenders(db, caller.account.id, [...new Set(rows.map((row) => row.ownerUserId))]);
  const entries = rows.map(({ roles: roleJson, documents: documentJson, ...row }) => ({
    row,
    roles: roleJson.map((role) => rowFromJson(roles, role)),
    documents: documentJson.map((document) => rowFromJson(documents, document)),
  }));
  const signingGroups = await readSigningGroups(db, entries.flatMap((entry) => entry.roles));
  // Lists carry roles and documents but not approvals and fields; GET one package for those.
  const results = entries.map((entry) =>
    wirePackage(
      entry.row,
      senders.get(entry.row.ownerUserId),
      entry.roles.map((role) => wireRole(role, signingGroups)),
      entry.documents.map((document) => wireDocument(document, [])),
    ),
  );
  return { results, count };
}

/**
 * A table row from `json_agg(row)`: the JSON has the columns' database names (snake case, as the
 * client's `casing` makes them); this gives it the schema's property names, timestamps revived.
 */
function rowFromJson<T extends typeof roles | typeof documents>(table: T, json: Record<string, unknown>): T["$inferSelect"] {
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const value = json[toSnakeCase(key)];
    row[key] = column.dataType === "date" && typeof value === "string" ? new Date(value) : value;
  }
  return row as T["$inferSelect"];
}

/** A page of packages with only the members `fields` names, each as a string (`GET /api/packages?fields=id,name`). */
export function withOnlyFields(page: { results: WirePackage[]; count: number }, fields: string[]): { results: Record<string, string>[]; count: number } {
  const asText = (value: unknown) => (typeof value === "string" ? value : JSON.stringify(value));
  return {
    results: page.results.map((pkg) => Object.fromEntries(fields.filter((name) => name in pkg).map((name) => [name, asText((pkg as Record<string, unknown>)[name])]))),
    count: page.count,
  };
}
