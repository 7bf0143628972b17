import { inArray, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { packageListTexts, packages } from "@/lib/db/schema";
import { rowVersions, storeListTextsStatement } from "@/lib/esign/packages/list-texts";
import { seedAccount } from "../support/seed";
import { explainAnalyzeSql, planNodes, rowsReadFrom } from "../support/query-plan";

const HISTORY = 4000;
/** A page of the list. */
const PAGE = 50;

describe("storing a page's list texts in an account with a long history", () => {
  it("reads the page's packages, not every package with its versions", async () => {
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
    const built = rows.map((row) => ({ packageId: row.id, versions: row.versions, texts: { head: `{"id":"${row.id}"`, tail: "}" } }));

    const plan = await explainAnalyzeSql(storeListTextsStatement(built));

    expect(planNodes(plan).filter((node) => node["Relation Name"] === "packages" && node["Node Type"] === "Seq Scan")).toEqual([]);
    expect(rowsReadFrom(plan, "packages")).toBe(PAGE);
    // EXPLAIN ANALYZE ran the insert: the texts are stored.
    expect(await db.select().from(packageListTexts).where(inArray(packageListTexts.packageId, rows.map((row) => row.id)))).toHaveLength(PAGE);
  });
});
