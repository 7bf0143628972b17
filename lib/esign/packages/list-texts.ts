import { createHash } from "node:crypto";
import { sql, type SQL } from "drizzle-orm";
import type { Queryable } from "@/lib/db/client";
import { documents, packageListTexts, packages, roles } from "@/lib/db/schema";
import type { WireDocument, WireRole } from "@/lib/api/packages";
import { merged, wireDate, withoutNulls, type WithStoredTimes } from "@/lib/api/wire";
import { pointsToWire } from "@/lib/api/wire-units";
import { wireSettings } from "@/lib/api/package-settings";
import { wireAuth } from "@/lib/esign/signing/authentication/signer-auth";
import { requirementsOf, wireRequirement } from "@/lib/esign/signing/attachments/requirements";
import migrations from "@/drizzle/meta/_journal.json";
import { logger } from "@/lib/observability/logger";
import type { PackageRow } from "./find-package";
import { wireDocument, wirePackageHead, wirePackageTail, wireRole, wireSigner } from "./read-package";

type RoleRow = typeof roles.$inferSelect;
type DocumentRow = typeof documents.$inferSelect;

/**
 * A package as list pages answer it, kept as JSON text in `package_list_texts` (lib/db/schema.ts):
 * building a page of 50 packages (their roles and documents gathered by PostgreSQL as JSON, parsed,
 * made into wire objects with their dates, written out as 171 KB of JSON) was most of a list
 * page's time; joining stored texts is a small part of it. The sender is not stored: it is read
 * with each page and joined in between `head` and `tail`, so a renamed sender shows at once.
 */
export interface ListTexts {
  /** The package's JSON up to its `sender` member, without the closing brace. */
  head: string;
  /** The package's JSON after its `sender` member, without the opening brace. */
  tail: string;
}

/**
 * What the stored texts were built from: the ids of the transactions that wrote the package's row,
 * its roles and its documents (PostgreSQL's `xmin`). Any write to one of them (an update is a new
 * row version, a delete or an insert changes the list) changes this, whatever code path or trigger
 * wrote it, so a stored text is read only while its rows are the ones it was built from. Read in
 * the same statement as the rows themselves (or as the stored texts), it needs no lock and no
 * trigger: a text stored late from older rows is simply not read.
 */
export const rowVersions: SQL = sql`concat("packages".xmin::text,
  '/', (select string_agg(r.xmin::text, ',' order by r.id) from ${roles} r where r.package_id = "packages"."id"),
  '/', (select string_agg(d.xmin::text, ',' order by d.id) from ${documents} d where d.package_id = "packages"."id"))`;

/** A package's texts: its wire object as `wirePackage` writes it, cut around `sender`. */
export function listTextsOf(row: WithStoredTimes<PackageRow>, packageRoles: WireRole[], packageDocuments: WireDocument[]): ListTexts {
  const head = JSON.stringify(wirePackageHead(row));
  const tail = JSON.stringify(wirePackageTail(row, packageRoles, packageDocuments));
  return { head: head.slice(0, -1), tail: tail.slice(1) };
}

/** The package's JSON with its sender's (JSON.stringify of `wirePackage`'s answer, byte for byte). */
export function packageJson(texts: ListTexts, senderJson: string): string {
  return `${texts.head},"sender":${senderJson},${texts.tail}`;
}

/**
 * Names what the texts were built by, so that texts another build stored are not read: a digest of
 * the database's schema (the latest migration: a migration that adds a column with a default, drops
 * and adds one again, or renames columns rewrites no row, so it leaves every row's `xmin` as it
 * was; every migration thus drops the stored texts once, and pages build them again as they show
 * them), the source of the functions that write a package's list JSON, and the texts they build for
 * a package that sets every column (the fixtures below must name each column, so a new one is part
 * of it). A change that only a branch those miss would show (and no migration comes with) must
 * bump LIST_TEXTS_VERSION.
 */
const LIST_TEXTS_VERSION = 1;

export const listTextsFormat: string = (() => {
  const at = "2026-01-02 03:04:05.678+00";
  const row = {
    id: "p1", accountId: "a1", ownerUserId: "u1", type: "PACKAGE", status: "SENT", trashed: false, name: "Lease", description: "d",
    emailMessage: "m", language: "fr", autocomplete: true, visibility: "ACCOUNT", timezoneId: "GMT", due: at, settings: { ceremony: { inPerson: true } },
    data: { k: "v" }, conditions: [{ id: "c1", condition: "x", action: "y" }], documentVisibility: [{ documentUid: "d1", roleUids: ["r1"] }],
    notarized: true, notaryRoleId: "r1", created: at, updated: at, sent: at, completed: at, purged: at, awaitingSeal: false,
    virtualRoom: { video: true },
  } satisfies WithStoredTimes<PackageRow>;
  const role = {
    packageId: "p1", id: "r1", position: 0, index: 1, type: "SIGNER", signs: true, name: "Signer", emailMessage: "e", reassign: true, locked: false,
    signer: { email: "a@b.c", firstName: "A", lastName: "B", auth: { scheme: "CHALLENGE", challenges: [{ question: "q", answer: "a", maskInput: true }] }, delivery: { email: true } },
    signerEmail: "a@b.c", awaiting: true, attachmentRequirements: [{ name: "ID", description: "", required: true }], verification: { typeId: "t", payload: "p" },
    data: { k: "v" }, created: at, updated: at,
  } satisfies WithStoredTimes<RoleRow>;
  const document = {
    packageId: "p1", id: "d1", position: 0, index: 0, name: "Doc", description: "dd", blobSha256: "b", sealedBlobSha256: "s", flattenedBlobSha256: "f",
    fileName: "d.pdf", size: 10, pages: [{ index: 0, width: 612, height: 792 }], extract: true, extractionTypes: ["TEXT_TAGS"], tagged: true, data: { k: "v" },
  } satisfies WithStoredTimes<DocumentRow>;
  const texts = listTextsOf(row, [wireRole(role)], [wireDocument(document, [])]);
  const builders = [wirePackageHead, wirePackageTail, wireRole, wireSigner, wireDocument, wireSettings, wireAuth, requirementsOf, wireRequirement, wireDate, merged, withoutNulls, pointsToWire];
  const latestMigration = migrations.entries.at(-1)?.tag ?? "";
  return createHash("sha256")
    .update([LIST_TEXTS_VERSION, latestMigration, ...builders.map(String), texts.head, texts.tail].join("\n"))
    .digest("base64url")
    .slice(0, 16);
})();

/**
 * Stores texts a page built, with the versions of the rows it built them from, while those are
 * still the package's rows (a page that read older rows and stores late mostly stores nothing; if
 * it slips in anyway, its texts are not read). In package order, so that two pages storing some of
 * the same packages lock their rows in the same order. No foreign key: its check would lock the
 * package's row against every writer that takes it FOR UPDATE, and a text whose package is gone is
 * never joined. A cache: when storing fails, the page has been answered all the same and the next
 * one builds the texts again.
 */
export async function storeListTexts(db: Queryable, built: StoredListTexts[]): Promise<void> {
  if (built.length === 0) return;
  try {
    await db.execute(storeListTextsStatement(built));
  } catch (error) {
    logger().warn({ err: error, packages: built.length }, "list texts not stored");
  }
}

export type StoredListTexts = { packageId: string; versions: string; texts: ListTexts };

/**
 * The insert of storeListTexts. Each package's current versions come from a subquery of its own
 * row: as a join condition (`join packages on id = u.package_id where u.versions = rowVersions`),
 * the planner could hash every package of the table with its versions to join 50 (measured on
 * PGlite at 20,000 packages: 200 to 290 ms a page, which the next request on its one connection
 * waited for).
 */
export function storeListTextsStatement(built: StoredListTexts[]): SQL {
  return sql`
    insert into ${packageListTexts} (package_id, versions, format, head, tail)
    select u.package_id, u.versions, ${listTextsFormat}, u.head, u.tail
    from unnest(${sql.param(built.map((entry) => entry.packageId))}::text[], ${sql.param(built.map((entry) => entry.versions))}::text[],
      ${sql.param(built.map((entry) => entry.texts.head))}::text[], ${sql.param(built.map((entry) => entry.texts.tail))}::text[])
      as u(package_id, versions, head, tail)
    where u.versions = (select ${rowVersions} from ${packages} where ${packages.id} = u.package_id)
    order by u.package_id
    on conflict (package_id) do update set versions = excluded.versions, format = excluded.format, head = excluded.head, tail = excluded.tail`;
}
