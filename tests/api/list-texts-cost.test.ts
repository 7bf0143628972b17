import { inArray, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { packageListTexts, packages } from "@/lib/db/schema";
import { rowVersions, storeListTextsStatement } from "@/lib/esign/packages/list-texts";
import { seedAccount } from "../support/seed";
import { explainAnalyzeSql, planNodes } from "../support/query-plan";

const HISTORY = 4000;
/** A page of the list. */
const PAGE = 50;

describe("storing a page's list texts in an account with a long history", () => {
  it("reads the page's packages, each by its own key, not every package with its versions; stores only current texts", async () => {
    const owner = await seedAccount();
    const db = await getDb();
    await db.execute(sql`
      insert into packages (id, account_id, owner_user_id, type, status, name, created, updated)
      select 'texts-' || ${owner.accountId} || '-' || g, ${owner.accountId}, ${owner.userId}, 'PACKAGE', 'DRAFT', 'History ' || g, now(), now()
      from generate_series(1, ${HISTORY}) as g`);
    await db.execute(sql`analyze packages`);
    const { rows } = (await db.execute(sql`
      select ${packages.id} as id, ${rowVersions} as versions from ${packages}
      where ${packages.accountId} = ${owner.accountId} order by ${packages.id} limit ${PAGE}`)) as unknown as { rows: { id: string; versions: string }[] };
    const texts = (id: string) => ({ head: `{"id":"${id}"`, tail: "}" });
    const [stale, ...current] = rows;
    const built = [
      ...current.map((row) => ({ packageId: row.id, versions: row.versions, texts: texts(row.id) })),
      // Built from rows that have changed since, and for a package that is not there.
      { packageId: stale.id, versions: `${stale.versions}-older`, texts: texts(stale.id) },
      { packageId: `gone-${owner.accountId}`, versions: "1//", texts: texts("gone") },
    ];

    const plan = await explainAnalyzeSql(storeListTextsStatement(built));

    const packageScans = planNodes(plan).filter((node) => node["Relation Name"] === "packages");
    expect(packageScans.map((node) => [node["Index Name"], node["Parent Relationship"]])).toEqual([["packages_pkey", "SubPlan"]]);
    expect(planNodes(plan).filter((node) => /Join|Nested Loop/.test(node["Node Type"]))).toEqual([]);
    // One lookup of at most one row for each text.
    expect(packageScans[0]["Actual Loops"]).toBe(built.length);
    expect(packageScans[0]["Actual Rows"]).toBeLessThanOrEqual(1);
    // EXPLAIN ANALYZE ran the insert: the current texts are stored, the others not.
    const stored = await db.select({ packageId: packageListTexts.packageId }).from(packageListTexts).where(inArray(packageListTexts.packageId, built.map((entry) => entry.packageId)));
    expect(stored.map((row) => row.packageId).sort()).toEqual(current.map((row) => row.id).sort());
  });
});
