import { and, asc, desc, eq, getTableColumns, gte, ilike, lte, ne, or, sql, type SQL } from "drizzle-orm";
import { toSnakeCase } from "drizzle-orm/casing";
import type { Queryable } from "@/lib/db/client";
import { documents, packages, roles } from "@/lib/db/schema";
import { PACKAGE_STATUSES, type PackageListQuery, type WirePackage } from "@/lib/api/packages";
import type { Caller } from "@/lib/esign/accounts/caller";
import { badRequest } from "@/lib/esign/errors";
import { readSenders, wireDocument, wirePackage, wireRole } from "./read-package";

export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 100;

/** `from`/`to` are 1-based and inclusive; pages are at most 100 long. */
export function pageWindow(from: number, to: number | undefined): { offset: number; limit: number } {
  const last = to ?? from + DEFAULT_PAGE_SIZE - 1;
  if (last < from) throw badRequest("error.validation.paging", `"to" (${last}) must not be smaller than "from" (${from}).`);
  return { offset: from - 1, limit: Math.min(last - from + 1, MAX_PAGE_SIZE) };
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Which packages a folder (`query`) holds, for this caller. */
function folderCondition(caller: Caller, query: string | undefined): SQL {
  const mine = and(eq(packages.accountId, caller.account.id), eq(packages.ownerUserId, caller.user.id))!;
  const live = and(eq(packages.trashed, false), ne(packages.status, "DELETED"))!;
  switch (query?.toLowerCase()) {
    case undefined:
    case "":
      return and(mine, live)!;
    case "inbox": {
      // Packages waiting for the caller's signature, whoever sent them.
      const signer = sql`exists (select 1 from ${roles} where ${roles.packageId} = ${packages.id}
        and ${roles.signerEmail} = ${caller.user.email.toLowerCase()} and (${roles.type} = 'SIGNER' or ${roles.id} = 'Owner'))`;
      return and(eq(packages.accountId, caller.account.id), live, eq(packages.status, "SENT"), signer)!;
    }
    case "sent":
      return and(mine, live, ne(packages.status, "DRAFT"))!;
    case "drafts":
      return and(mine, live, eq(packages.status, "DRAFT"))!;
    case "trashed":
      return and(mine, eq(packages.trashed, true), ne(packages.status, "DELETED"))!;
    default: {
      const status = (query ?? "").toUpperCase();
      if (!(PACKAGE_STATUSES as readonly string[]).includes(status)) {
        throw badRequest(
          "error.validation.listQuery",
          `Unknown query "${query}": use inbox, sent, drafts, trashed or a status (${PACKAGE_STATUSES.join(", ")}).`,
        );
      }
      return and(mine, live, eq(packages.status, status))!;
    }
  }
}

/** Templates: the caller's own and those shared with the account. */
function templateCondition(caller: Caller, query: string | undefined): SQL {
  const visible = and(
    eq(packages.accountId, caller.account.id),
    or(eq(packages.ownerUserId, caller.user.id), eq(packages.visibility, "ACCOUNT")),
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

/** `GET /api/packages`: one page of the caller's packages or templates, and the total count. */
export async function listPackages(db: Queryable, caller: Caller, query: PackageListQuery): Promise<{ results: WirePackage[]; count: number }> {
  const { offset, limit } = pageWindow(query.from, query.to);
  const conditions: SQL[] = [
    eq(packages.type, query.type),
    query.type === "TEMPLATE" ? templateCondition(caller, query.query) : folderCondition(caller, query.query),
  ];
  if (query.search) {
    const pattern = `%${escapeLike(query.search)}%`;
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

  const senders = await readSenders(db, [...new Set(rows.map((row) => row.ownerUserId))]);
  // Lists carry roles and documents but not approvals and fields; GET one package for those.
  const results = rows.map(({ roles: roleJson, documents: documentJson, ...row }) =>
    wirePackage(
      row,
      senders.get(row.ownerUserId),
      roleJson.map((role) => wireRole(rowFromJson(roles, role))),
      documentJson.map((document) => wireDocument(rowFromJson(documents, document), [])),
    ),
  );
  return { results, count };
}

/**
 * A table row from `json_agg(row)`: the JSON has the columns' database names (snake case, as the
 * client's `casing` makes them); this gives it the schema's property names. (The tables read this
 * way have no timestamp columns to revive.)
 */
function rowFromJson<T extends typeof roles | typeof documents>(table: T, json: Record<string, unknown>): T["$inferSelect"] {
  const row: Record<string, unknown> = {};
  for (const key of Object.keys(getTableColumns(table))) row[key] = json[toSnakeCase(key)];
  return row as T["$inferSelect"];
}
