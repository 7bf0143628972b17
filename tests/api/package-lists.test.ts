import { afterEach, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { packages } from "@/lib/db/schema";
import { LIST_SORTS } from "@/lib/api/packages";
import { compactBusyPackageCounts, compactPackageCounts } from "@/lib/esign/packages/package-counts";
import { listPaging } from "@/lib/esign/packages/list-paging";
import { listBuckets } from "@/lib/esign/packages/list-buckets";
import { inboxCondition } from "@/lib/esign/packages/package-folders";
import { callJson } from "../support/api-client";
import { createPackageWithFiles, packagePayload } from "../support/packages";
import { seedAccount, seedSender, type SeededAccount } from "../support/seed";
import { explainAnalyze, rowsReadFrom } from "../support/query-plan";

type Listed = { results: { id: string; name: string }[]; count: number };

const list = (key: string, query: string) => callJson<Listed>("GET", `/api/packages?${query}`, { key });

/** The folders of the console and the API, each with and without a sender named. */
const FOLDERS = ["", "query=sent", "query=drafts", "query=trashed", "query=SENT", "query=DRAFT", "query=COMPLETED,ARCHIVED", "query=DECLINED,OPTED_OUT,EXPIRED", "query=inbox", "type=TEMPLATE", "type=TEMPLATE&query=trashed"];

/**
 * The account's count rows add up to its packages, key by key; and (with `lookers`) every folder's
 * count, from package_counts, equals a real count of the same folder (a date filter makes the
 * listing count rows), for each of them.
 */
async function expectCountsRight(accountId: string, lookers: { key: string; query?: string }[] = []) {
  const db = await getDb();
  const byKey = (rows: Record<string, unknown>[]) => rows.map((row) => JSON.stringify(row)).sort();
  const packaged = await db.execute(sql`
    select owner_user_id, type, status, trashed, visibility, count(*)::int as n from packages
    where account_id = ${accountId} group by 1, 2, 3, 4, 5`);
  const counted = await db.execute(sql`
    select owner_user_id, type, status, trashed, visibility, sum(packages)::int as n from package_counts
    where account_id = ${accountId} group by 1, 2, 3, 4, 5 having sum(packages) <> 0`);
  expect(byKey((counted as unknown as { rows: Record<string, unknown>[] }).rows)).toEqual(byKey((packaged as unknown as { rows: Record<string, unknown>[] }).rows));
  for (const { key, query = "" } of lookers) {
    for (const folder of FOLDERS) {
      const base = [query, folder].filter(Boolean).join("&");
      const fast = await list(key, `${base}&from=1&to=100`);
      const slow = await list(key, `${base}&startDate=1970-01-01&from=1&to=100`);
      expect(fast.count, `count of ${base || "the live folder"}`).toBe(slow.count);
      expect(fast.results.map((p) => p.id)).toEqual(slow.results.map((p) => p.id));
      expect(fast.results.length).toBe(Math.min(fast.count, 100));
    }
  }
}

describe("GET /api/packages counts", () => {
  it("stay right across create, send, trash, restore, delete, status changes, templates and a change of owner", async () => {
    const owner = await seedAccount();
    const sender = await seedSender(owner);
    const lookers: { key: string; query?: string }[] = [{ key: owner.apiKey }, { key: sender.apiKey }];
    const draft = async (who: SeededAccount, name: string) => (await callJson<{ id: string }>("POST", "/api/packages", { key: who.apiKey, json: { name } })).id;

    const [a, b, c] = [await draft(owner, "A"), await draft(owner, "B"), await draft(sender, "C")];
    const sent = await createPackageWithFiles(owner.apiKey, packagePayload({ name: "Sent", status: "SENT" }));
    await createPackageWithFiles(sender.apiKey, { ...packagePayload({ name: "Sender's sent", status: "SENT" }), roles: [{ id: "Signer1", signers: [{ email: owner.email, firstName: "O", lastName: "O" }] }] });
    await expectCountsRight(owner.accountId, lookers);
    expect((await list(owner.apiKey, "query=drafts")).count).toBe(2);
    expect((await list(owner.apiKey, "query=inbox")).count).toBe(1);

    // Trash and restore, send a draft, back to draft, delete.
    await callJson("POST", `/api/packages/${a}`, { key: owner.apiKey, json: { trashed: true } });
    await expectCountsRight(owner.accountId);
    expect((await list(owner.apiKey, "query=trashed")).count).toBe(1);
    await callJson("POST", `/api/packages/${a}`, { key: owner.apiKey, json: { trashed: false } });
    await callJson("POST", `/api/packages/${sent}`, { key: owner.apiKey, json: { status: "DRAFT" } });
    await expectCountsRight(owner.accountId);
    expect((await list(owner.apiKey, "query=drafts")).count).toBe(3);
    await callJson("DELETE", `/api/packages/${b}`, { key: owner.apiKey, expect: 204 });
    await callJson("DELETE", `/api/packages/${c}`, { key: sender.apiKey, expect: 204 });
    await expectCountsRight(owner.accountId);
    expect((await list(owner.apiKey, "")).count).toBe(2);

    // Statuses that signing and time set, written directly as those use cases do.
    const db = await getDb();
    await db.update(packages).set({ status: "DECLINED" }).where(eq(packages.id, a));
    await db.update(packages).set({ status: "COMPLETED", trashed: true }).where(eq(packages.id, sent));
    await expectCountsRight(owner.accountId, lookers);
    // Templates: the owner's shared one, the sender's own one (only the sender sees it), one trashed.
    await callJson("POST", "/api/packages", { key: owner.apiKey, json: { name: "T1", type: "TEMPLATE", visibility: "ACCOUNT" } });
    const mine = (await callJson<{ id: string }>("POST", "/api/packages", { key: sender.apiKey, json: { name: "T2", type: "TEMPLATE", visibility: "SENDER" } })).id;
    await callJson("POST", `/api/packages/${mine}`, { key: sender.apiKey, json: { trashed: true } });
    await expectCountsRight(owner.accountId, lookers);
    expect((await list(sender.apiKey, "type=TEMPLATE")).count).toBe(1);
    expect((await list(owner.apiKey, "type=TEMPLATE")).count).toBe(1);

    // Several packages at once, a change of owner, and a package removed outright.
    await db.update(packages).set({ ownerUserId: sender.userId }).where(eq(packages.accountId, owner.accountId));
    await expectCountsRight(owner.accountId);
    expect((await list(owner.apiKey, "")).count).toBe(0);
    await db.update(packages).set({ ownerUserId: owner.userId }).where(eq(packages.id, a));
    await db.delete(packages).where(eq(packages.id, b));
    await expectCountsRight(owner.accountId, lookers);

    // Another sender's folders, through the owner; folding the rows changes no count.
    lookers.push({ key: owner.apiKey, query: `ownerUserId=${sender.userId}` });
    await expectCountsRight(owner.accountId, lookers);
    await compactBusyPackageCounts(db, 0);
    await expectCountsRight(owner.accountId, lookers);
    await compactPackageCounts(db);
    await expectCountsRight(owner.accountId, lookers);
  }, 120_000);
});

/**
 * `count` packages of the owner written with SQL: names, creation times and due dates repeat (ties
 * go by id), a third have no due date, statuses and the trash spread over them.
 */
async function seedOwned(owner: SeededAccount, count: number, prefix: string) {
  const db = await getDb();
  await db.execute(sql`
    insert into packages (id, account_id, owner_user_id, type, status, trashed, name, due, created, updated)
    select ${prefix} || lpad(((g * 7919) % 100003)::text, 6, '0'), ${owner.accountId}, ${owner.userId}, 'PACKAGE',
           (array['DRAFT', 'SENT', 'COMPLETED', 'SENT', 'DECLINED', 'DELETED', 'SENT'])[1 + g % 7], g % 11 = 0,
           'Contract ' || (g % 17),
           case when g % 3 <> 0 then timestamptz '2026-03-01' + (g % 5) * interval '1 day' end,
           timestamptz '2026-01-01' + (g / 6) * interval '1 second',
           timestamptz '2026-02-01' + (g % 40) * interval '1 millisecond' + (g % 3) * interval '1 microsecond'
    from generate_series(1, ${count}) as g`);
}

/** The ids of a folder as the listing orders them, computed plainly: the order before anchors. */
async function naiveOrder(owner: SeededAccount, folder: string, sort: string, dir: "asc" | "desc"): Promise<string[]> {
  const db = await getDb();
  const where = {
    "": sql`trashed = false and status <> 'DELETED'`,
    "query=SENT": sql`trashed = false and status = 'SENT'`,
    "query=trashed": sql`trashed = true and status <> 'DELETED'`,
    "query=sent": sql`trashed = false and status not in ('DELETED', 'DRAFT')`,
  }[folder]!;
  const result = await db.execute(sql`
    select id from packages where account_id = ${owner.accountId} and owner_user_id = ${owner.userId} and type = 'PACKAGE' and ${where}
    order by ${sql.identifier(sort)} ${sql.raw(dir)}, id asc`);
  return (result as unknown as { rows: { id: string }[] }).rows.map((row) => row.id);
}

describe("GET /api/packages deep pages", () => {
  const defaults = { ...listPaging };
  const bucketDefaults = { ...listBuckets };
  afterEach(() => {
    Object.assign(listPaging, defaults);
    Object.assign(listBuckets, bucketDefaults);
  });

  it("are the same pages as the plain order, from either end and from buckets, also after writes", async () => {
    // Small thresholds, so a few hundred packages reach every way to a page.
    Object.assign(listPaging, { nearEnd: 9 });
    Object.assign(listBuckets, { bucketRows: 7, foldAbove: 5, buildInBackground: false });
    const owner = await seedAccount();
    await seedOwned(owner, 420, "p");
    const windows = (count: number) =>
      [
        [1, 10],
        [10, 19],
        [11, 11],
        [15, 40],
        [64, 163],
        [Math.floor(count / 2), Math.floor(count / 2) + 12],
        [count - 30, count - 8],
        [count - 9, count],
        [count - 2, count + 5],
        [count + 1, count + 3],
      ].filter(([from]) => from >= 1);
    const check = async (folder: string, sort: string, dir: "asc" | "desc") => {
      const expected = await naiveOrder(owner, folder, sort, dir);
      for (const [from, to] of windows(expected.length)) {
        const query = `${folder}&sort=${sort}&dir=${dir}&from=${from}&to=${to}`;
        const page = await list(owner.apiKey, query);
        expect(page.count, query).toBe(expected.length);
        expect(page.results.map((p) => p.id), query).toEqual(expected.slice(from - 1, to));
      }
    };
    for (const folder of ["", "query=SENT", "query=trashed"]) {
      for (const sort of LIST_SORTS) {
        for (const dir of ["asc", "desc"] as const) await check(folder, sort, dir);
      }
    }

    // Writes move packages within and across the lists: the buckets' counts follow them.
    const db = await getDb();
    const live = await naiveOrder(owner, "", "updated", "desc");
    await db.update(packages).set({ name: "Aaa first", updated: new Date("2027-01-01T00:00:00Z") }).where(eq(packages.id, live[300]));
    await db.update(packages).set({ trashed: true }).where(eq(packages.id, live[100]));
    await db.update(packages).set({ due: null }).where(eq(packages.id, live[200]));
    await seedOwned(owner, 30, "q");
    for (const [sort, dir] of [["updated", "desc"], ["name", "asc"], ["due", "asc"], ["due", "desc"], ["created", "asc"]] as const) await check("", sort, dir);
    await check("query=trashed", "updated", "desc");
  });

  it("pages the inbox, counted in the same pass, past its end too", async () => {
    const owner = await seedAccount();
    await seedOwned(owner, 120, "i");
    const db = await getDb();
    // The owner signs two in three of them; the sender role (not signing) names them in all.
    await db.execute(sql`
      insert into package_roles (package_id, id, position, index, type, signs, signer_email)
      select id, 'Signer1', 0, 1, 'SIGNER', true, lower(${owner.email}) from packages where account_id = ${owner.accountId} and right(id, 1) not in ('0', '3', '6')
      union all
      select id, 'Owner', 1, 0, 'SENDER', false, lower(${owner.email}) from packages where account_id = ${owner.accountId}`);
    const { rows } = (await db.execute(sql`
      select id from packages p where account_id = ${owner.accountId} and status = 'SENT' and not trashed
        and exists (select 1 from package_roles r where r.package_id = p.id and r.signs and r.signer_email = lower(${owner.email}))
      order by updated desc, id`)) as unknown as { rows: { id: string }[] };
    const expected = rows.map((row) => row.id);
    expect(expected.length).toBeGreaterThan(20);
    for (const [from, to] of [[1, 10], [7, 18], [expected.length - 4, expected.length + 3], [expected.length + 1, expected.length + 9]]) {
      const page = await list(owner.apiKey, `query=inbox&from=${from}&to=${to}`);
      expect(page.count).toBe(expected.length);
      expect(page.results.map((p) => p.id)).toEqual(expected.slice(from - 1, to));
    }
  });

  it("finds the inbox from the roles that await, whatever the signer's history", async () => {
    const owner = await seedAccount();
    const signer = await seedSender(owner);
    // 700 packages the sender once signed in, of which 100 are out for signing (SENT, not trashed).
    await seedOwned(owner, 700, "h");
    const db = await getDb();
    await db.execute(sql`update packages set status = case when right(id, 1) in ('1', '4') then 'SENT' else 'COMPLETED' end, trashed = false where account_id = ${owner.accountId}`);
    await db.execute(sql`
      insert into package_roles (package_id, id, position, index, type, signs, signer_email)
      select id, 'Signer1', 0, 1, 'SIGNER', true, lower(${signer.email}) from packages where account_id = ${owner.accountId}`);
    const awaiting = async () =>
      ((await db.execute(sql`select count(*)::int as n from packages where account_id = ${owner.accountId} and status = 'SENT' and not trashed`)) as unknown as { rows: { n: number }[] }).rows[0].n;
    const open = await awaiting();
    expect(open).toBeGreaterThan(50);
    expect(open).toBeLessThan(300);
    expect((await list(signer.apiKey, "query=inbox")).count).toBe(open);

    // The plan reads the awaiting roles only: no completed package's role is looked at.
    const subject = { accountId: owner.accountId, userId: signer.userId, email: signer.email };
    await db.execute(sql`analyze package_roles`);
    const root = await explainAnalyze(db.select({ id: packages.id }).from(packages).where(inboxCondition(packages, subject, "PACKAGE")));
    expect(rowsReadFrom(root, "package_roles")).toBe(open);

    // Completing, trashing and restoring move a package out of the inbox and back, by API and by status.
    const { results } = await list(signer.apiKey, "query=inbox&from=1&to=2");
    await db.update(packages).set({ status: "COMPLETED" }).where(eq(packages.id, results[0].id));
    await callJson("POST", `/api/packages/${results[1].id}`, { key: owner.apiKey, json: { trashed: true } });
    expect((await list(signer.apiKey, "query=inbox")).count).toBe(open - 2);
    await callJson("POST", `/api/packages/${results[1].id}`, { key: owner.apiKey, json: { trashed: false } });
    expect((await list(signer.apiKey, "query=inbox")).count).toBe(open - 1);
    expect(await awaiting()).toBe(open - 1);
  });

  it("pages a search, which is counted, from either end", async () => {
    Object.assign(listPaging, { nearEnd: 5 });
    const owner = await seedAccount();
    await seedOwned(owner, 200, "s");
    const expected = (await naiveOrder(owner, "", "name", "desc")).slice(0);
    const db = await getDb();
    const names = new Map(
      ((await db.execute(sql`select id, name from packages where account_id = ${owner.accountId}`)) as unknown as { rows: { id: string; name: string }[] }).rows.map((row) => [row.id, row.name]),
    );
    const matching = expected.filter((id) => names.get(id)!.includes("Contract 1"));
    for (const [from, to] of [[1, 4], [8, 20], [matching.length - 10, matching.length - 3], [matching.length - 2, matching.length]]) {
      const page = await list(owner.apiKey, `search=contract%201&sort=name&dir=desc&from=${from}&to=${to}`);
      expect(page.count).toBe(matching.length);
      expect(page.results.map((p) => p.id)).toEqual(matching.slice(from - 1, to));
    }
  });
});

