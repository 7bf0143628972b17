import { and, eq, getTableColumns, gte, ilike, inArray, lte, or, sql, type SQL } from "drizzle-orm";
import { toSnakeCase } from "drizzle-orm/casing";
import type { Db, Queryable } from "@/lib/db/client";
import { preparedRows, tableColumnsOf, tableRowOf } from "@/lib/db/prepared-statements";
import { accountMemberships, documents, packageCounts, packageListTexts, packages, roles, users } from "@/lib/db/schema";
import { PACKAGE_STATUSES, type PackageListQuery } from "@/lib/api/packages";
import type { WithStoredTimes } from "@/lib/api/wire";
import type { Caller } from "@/lib/esign/accounts/caller";
import { forbidden, notFound } from "@/lib/esign/errors";
import { containsPattern, pageWindow } from "@/lib/esign/listing";
import { PERMISSIONS } from "@/lib/esign/permissions";
import { compactPackageCounts, FOLD_ABOVE_ROWS, readFolderCount } from "./package-counts";
import { actsFor } from "@/lib/esign/senders/delegates";
import { countScope, delegatedCondition, folderOf, folderWhere, inboxCondition, type CountedFolder, type ListSubject } from "./package-folders";
import { forwardIdsQuery, listOrderBy, listPaging, readPage, type BucketedFolder, type ListOrder } from "./list-paging";
import type { PackageRow } from "./find-package";
import { readSenders, readSigningGroups, wireDocument, wirePackageSender, wireRole } from "./read-package";
import { listTextsFormat, listTextsOf, packageJson, rowVersions, storeListTexts, type ListTexts, type StoredListTexts } from "./list-texts";
import { groupIdOf } from "@/lib/esign/signing/links/signer-recipients";

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
  // A delegate lists the folders of a sender who named them (lib/esign/senders/delegates.ts).
  if (ownerUserId !== undefined && ownerEmail === undefined && (await actsFor(db, accountId, caller.user.id, ownerUserId))) {
    const [delegator] = await db.select({ id: users.id, email: users.email }).from(users).where(eq(users.id, ownerUserId));
    if (delegator) return { accountId, userId: delegator.id, email: delegator.email };
  }
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
          // Owners of packages in the account, from the folder counts rather than the packages.
          inArray(
            users.id,
            db
              .select({ id: packageCounts.ownerUserId })
              .from(packageCounts)
              .where(eq(packageCounts.accountId, accountId))
              .groupBy(packageCounts.ownerUserId)
              .having(sql`sum(${packageCounts.packages}) > 0`),
          ),
        ),
      ),
    );
  if (!user) throw notFound("error.notFound.senderNotFound", `Sender ${ownerUserId ?? ownerEmail} was not found in this account.`);
  return { accountId, userId: user.id, email: user.email };
}

/** A sender's own folder pages deeply from buckets: the sender's packages, in the trash or not, of the folder's statuses. */
function bucketedFolder(subject: ListSubject, folder: CountedFolder): BucketedFolder | undefined {
  if (folder.kind !== "own") return undefined;
  const statuses = PACKAGE_STATUSES.filter((status) => !folder.exceptStatuses.includes(status) && (!folder.statuses || folder.statuses.includes(status)));
  return { scope: { accountId: subject.accountId, ownerUserId: subject.userId, trashed: folder.trashed }, statuses };
}

/**
 * `GET /api/packages`: one page of the caller's (or a sender's, see `listSubject`) packages or
 * templates, and the total count. A folder's count comes from package_counts (kept by triggers),
 * except with a search or dates, and in the inbox, which are counted. The page's ids come first
 * (list-paging.ts: an index range at any depth, deep ones found from list-buckets.ts); then only those packages are read, with their
 * roles and documents.
 */
export async function listPackages(db: Db, caller: Caller, query: PackageListQuery): Promise<ListedPage> {
  const { offset, limit } = pageWindow(query.from, query.to);
  const subject = await listSubject(db, caller, query);
  const folder = folderOf(query.type, query.query);
  const order: ListOrder = { sort: query.sort, dir: query.dir };
  const conditions: SQL[] = [
    folder.kind === "inbox"
      ? inboxCondition(packages, subject, query.type)
      : folder.kind === "delegated"
        ? delegatedCondition(packages, subject, query.type)
        : folderWhere(packages, subject, query.type, folder),
  ];
  if (query.search) {
    const pattern = containsPattern(query.search);
    conditions.push(or(ilike(packages.name, pattern), ilike(packages.description, pattern))!);
  }
  if (query.startDate) conditions.push(gte(packages.updated, new Date(query.startDate)));
  if (query.endDate) conditions.push(lte(packages.updated, new Date(query.endDate)));
  const where = and(...conditions)!;

  // Pages near the start need no count to be found: then the count, the page and (in the
  // subject's own folders, where every package is theirs) the sender go side by side.
  const near = offset <= listPaging.nearEnd;
  const ownSender = folder.kind === "own" ? readSenders(db, caller.account.id, [subject.userId]) : undefined;
  ownSender?.catch(() => {}); // awaited below; this only keeps it from going unhandled if something else throws first
  let count: number;
  let rows: PageEntry[];
  if (folder.kind !== "inbox" && folder.kind !== "delegated" && conditions.length === 1) {
    const scope = countScope(packageCounts, subject, query.type, folder);
    const readCount = readFolderCount(db, scope, folderWhere(packageCounts, subject, query.type, folder));
    let counted: Awaited<typeof readCount>;
    if (near) [counted, rows] = await Promise.all([readCount, pageEntries(db, forwardIdsQuery(where, order, offset, limit), order)]);
    else {
      counted = await readCount;
      rows = await readPage(db, { where, order, offset, limit, count: counted.count, bucketed: bucketedFolder(subject, folder) }, (q, ids) => pageEntries(q, ids, order));
    }
    count = counted.count;
    if (counted.rows > FOLD_ABOVE_ROWS) await compactPackageCounts(db, scope);
  } else if ((folder.kind === "inbox" || folder.kind === "delegated") && conditions.length === 1) {
    // A person's inbox is small: its page and count from one pass over it (finding it is the cost).
    const { rows: page } = (await db.execute(
      sql`select ${packages.id} as id, count(*) over ()::int as count from ${packages} where ${where} order by ${listOrderBy(order)} limit ${limit} offset ${offset}`,
    )) as unknown as { rows: { id: string; count: number }[] };
    count = page[0]?.count ?? (await countOf(db, where));
    // The ids as one array, so that the statement's text is the same whatever the page's length.
    rows = page.length ? await pageEntries(db, sql`select unnest(${sql.param(page.map(({ id }) => id))}::text[])`, order) : [];
  } else if (near) {
    // A search or dates: planned with their values, unprepared (a pattern's plan depends on it).
    [count, rows] = await Promise.all([countOf(db, where, false), pageEntries(db, forwardIdsQuery(where, order, offset, limit), order, false)]);
  } else {
    count = await countOf(db, where, false);
    rows = await readPage(db, { where, order, offset, limit, count }, (q, ids) => pageEntries(q, ids, order, false));
  }
  const senders = (await ownSender) ?? (rows.length ? await readSenders(db, caller.account.id, [...new Set(rows.map((row) => row.ownerUserId))]) : new Map());
  if (rows.length === 0) return { packages: [], count };

  const texts = await textsOf(db, rows);
  const senderJson = new Map<string, string>();
  const packagesJson = rows.map((row, index) => {
    let sender = senderJson.get(row.ownerUserId);
    if (sender === undefined) {
      sender = JSON.stringify(wirePackageSender(row, senders.get(row.ownerUserId)));
      senderJson.set(row.ownerUserId, sender);
    }
    return packageJson(texts[index], sender);
  });
  return { packages: packagesJson, count };
}

/** A page as the list answers it: each package's JSON (list-texts.ts), and the list's count. */
export interface ListedPage {
  packages: string[];
  count: number;
}

/** The page's JSON: what `JSON.stringify({ results, count })` of the packages' wire objects writes. */
export function listedPageJson(page: ListedPage): string {
  return `{"results":[${page.packages.join(",")}],"count":${page.count}}`;
}

/**
 * The texts of each of the page's packages: stored ones, and for the others built from their rows
 * (lists carry roles and documents but not approvals and fields; GET one package for those), then
 * stored, behind the answer, for the next page that shows them. A package signed by one of the
 * account's groups is not stored: it shows the group as it is now.
 */
async function textsOf(db: Db, entries: PageEntry[]): Promise<ListTexts[]> {
  const toBuild = entries.flatMap((entry) => (entry.texts ? [] : [entry.rows]));
  if (toBuild.length === 0) return entries.map((entry) => entry.texts!);
  const built = toBuild.map(({ roles: roleJson, documents: documentJson, versions, ...row }) => ({
    row,
    versions,
    roles: roleJson.map((role) => rowFromJson(roles, role)),
    documents: documentJson.map((document) => rowFromJson(documents, document)),
  }));
  const signingGroups = await readSigningGroups(db, built.flatMap((entry) => entry.roles));
  const builtTexts = new Map<string, ListTexts>();
  const toStore: StoredListTexts[] = [];
  for (const entry of built) {
    const texts = listTextsOf(
      entry.row,
      entry.roles.map((role) => wireRole(role, signingGroups)),
      entry.documents.map((document) => wireDocument(document, [])),
    );
    builtTexts.set(entry.row.id, texts);
    if (entry.roles.every((role) => !groupIdOf(role))) toStore.push({ packageId: entry.row.id, versions: entry.versions, texts });
  }
  // Not awaited: the page does not wait for a cache to be filled (storeListTexts logs a failure).
  void storeListTexts(db, toStore);
  return entries.map((entry) => entry.texts ?? builtTexts.get(entry.id)!);
}

/** The packages `where` finds; planned with its values when `prepare` is false (a search: preparedRows). */
async function countOf(db: Queryable, where: SQL, prepare = true): Promise<number> {
  const [[count]] = (await preparedRows(db, sql`select count(*)::int from ${packages} where ${where}`, { prepare })) as [[number]];
  return count;
}

/**
 * A page's package: its stored texts while they are its rows' (list-texts.ts); otherwise (`texts`
 * null) its rows, to build them from.
 */
type PageEntry = { id: string; ownerUserId: string } & ({ texts: ListTexts; rows?: undefined } | { texts: null; rows: PackageRows });

/**
 * The packages whose ids `ids` (a subquery, or a list) answers, in `order`, each with its stored
 * texts when they are still its rows', then the rows of those without: two statements at most
 * (PGlite has one connection, so fewer round trips is what makes listing fast). The first is
 * prepared once per connection unless `prepare` is false (lib/db/prepared-statements.ts); the
 * second always is, its text being the same for every page. Outside a deep page's snapshot, a
 * package changed between the two shows as it is after the change, in its place before it.
 */
async function pageEntries(db: Queryable, ids: SQL, order: ListOrder, prepare = true): Promise<PageEntry[]> {
  const page = (await preparedRows(
    db,
    sql`select ${packages.id}, ${packages.ownerUserId}, t.head, t.tail
    from ${packages} left join ${packageListTexts} t on t.package_id = ${packages.id} and t.format = ${listTextsFormat} and t.versions = ${rowVersions}
    where ${packages.id} in (${ids}) order by ${listOrderBy(order)}`,
    { prepare },
  )) as [string, string, string | null, string | null][];
  const toRead = page.flatMap(([id, , head]) => (head === null ? [id] : []));
  const rows = toRead.length ? new Map((await pageRows(db, toRead)).map((row) => [row.id, row])) : new Map<string, PackageRows>();
  return page.flatMap(([id, ownerUserId, head, tail]): PageEntry[] => {
    if (head !== null) return [{ id, ownerUserId, texts: { head, tail: tail! } }];
    const read = rows.get(id);
    // Gone between the two statements (outside a snapshot): not on the page.
    return read ? [{ id, ownerUserId: read.ownerUserId, texts: null, rows: read }] : [];
  });
}

/**
 * The packages `ids`, each with its roles and documents gathered as JSON and the versions of those
 * rows (list-texts.ts), all from one statement. The subqueries name the outer table literally, as
 * the select list does.
 */
async function pageRows(db: Queryable, ids: string[]): Promise<PackageRows[]> {
  const rows = await preparedRows(
    db,
    sql`select ${packageColumns.selectList},
      (select coalesce(json_agg(r order by r.index, r.position), '[]') from ${roles} r where r.package_id = "packages"."id"),
      (select coalesce(json_agg(d order by d.index, d.position), '[]') from ${documents} d where d.package_id = "packages"."id"),
      ${rowVersions}
    from ${packages} where ${packages.id} = any(${sql.param(ids)}::text[])`,
  );
  return rows.map(packageRowWith);
}

const packageColumns = tableColumnsOf(packages);

/**
 * A row of pageRows: the package's columns in the schema's order, decoded as Drizzle would except
 * timestamps, kept as the database's text for the wire (wireDate); then its roles and documents.
 */
type PackageRows = ReturnType<typeof packageRowWith>;

function packageRowWith(values: unknown[]) {
  const rolesAt = packageColumns.columns.length;
  return {
    ...(tableRowOf(packageColumns, values, { timestampsAsText: true }) as WithStoredTimes<PackageRow>),
    // json arrives parsed from both drivers.
    roles: values[rolesAt] as Record<string, unknown>[],
    documents: values[rolesAt + 1] as Record<string, unknown>[],
    versions: values[rolesAt + 2] as string,
  };
}

/**
 * A table row from `json_agg(row)`: the JSON has the columns' database names (snake case, as the
 * client's `casing` makes them); this gives it the schema's property names. Timestamps stay the
 * JSON's text, for the wire (wireDate).
 */
function rowFromJson<T extends typeof roles | typeof documents>(table: T, json: Record<string, unknown>): WithStoredTimes<T["$inferSelect"]> {
  const row: Record<string, unknown> = {};
  for (const [key, name] of jsonColumnsOf(table)) row[key] = json[name];
  return row as WithStoredTimes<T["$inferSelect"]>;
}

/** Each column's property name and JSON name: worked out once per table. */
const jsonColumns = new Map<unknown, [key: string, name: string][]>();
function jsonColumnsOf(table: typeof roles | typeof documents) {
  let columns = jsonColumns.get(table);
  if (!columns) {
    columns = Object.keys(getTableColumns(table)).map((key) => [key, toSnakeCase(key)]);
    jsonColumns.set(table, columns);
  }
  return columns;
}

/** A page of packages with only the members `fields` names, each as a string (`GET /api/packages?fields=id,name`). */
export function withOnlyFields(page: ListedPage, fields: string[]): { results: Record<string, string>[]; count: number } {
  const asText = (value: unknown) => (typeof value === "string" ? value : JSON.stringify(value));
  return {
    results: page.packages.map((text) => {
      const pkg = JSON.parse(text) as Record<string, unknown>;
      return Object.fromEntries(fields.filter((name) => name in pkg).map((name) => [name, asText(pkg[name])]));
    }),
    count: page.count,
  };
}
