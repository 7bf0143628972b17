import { afterEach, describe, expect, it } from "vitest";
import pg from "pg";
import { eq, inArray, sql } from "drizzle-orm";
import { database, getDb } from "@/lib/db/client";
import { packages } from "@/lib/db/schema";
import { LIST_SORTS, PACKAGE_STATUSES } from "@/lib/api/packages";
import { listPaging } from "@/lib/esign/packages/list-paging";
import { foldPendingListChanges, listBuckets, maintainBuckets } from "@/lib/esign/packages/list-buckets";
import { callJson } from "../support/api-client";
import { seedAccount, type SeededAccount } from "../support/seed";

/**
 * Deep pages from the shared buckets (lib/esign/packages/list-buckets.ts), with tunables small
 * enough that a few hundred packages make many buckets: pages stay exact right after every kind
 * of write, before and after the changes are folded, and the buckets' counts stay exact under
 * concurrent writers and folds.
 */

type Listed = { results: { id: string }[]; count: number };
const list = (key: string, query: string) => callJson<Listed>("GET", `/api/packages?${query}`, { key });
const rowsOf = async <Row>(query: ReturnType<typeof sql>) => ((await (await getDb()).execute(query)) as unknown as { rows: Row[] }).rows;

const defaults = { paging: { ...listPaging }, buckets: { ...listBuckets } };
afterEach(() => {
  Object.assign(listPaging, defaults.paging);
  Object.assign(listBuckets, defaults.buckets);
});

/** `count` packages of the owner: names, times and due dates repeat (ties by id), a third without due date, statuses and the trash spread. */
async function seedOwned(owner: SeededAccount, count: number, prefix: string) {
  await (await getDb()).execute(sql`
    insert into packages (id, account_id, owner_user_id, type, status, trashed, name, due, created, updated)
    select ${prefix} || lpad(((g * 7919) % 100003)::text, 6, '0'), ${owner.accountId}, ${owner.userId}, 'PACKAGE',
           (array['DRAFT', 'SENT', 'COMPLETED', 'SENT', 'DECLINED', 'DELETED', 'EXPIRED'])[1 + g % 7], g % 13 = 0,
           'Contract ' || (g % 17),
           case when g % 3 <> 0 then timestamptz '2026-03-01' + (g % 5) * interval '1 day' end,
           timestamptz '2026-01-01' + (g / 6) * interval '1 second',
           timestamptz '2026-02-01' + (g % 40) * interval '1 millisecond' + (g % 3) * interval '1 microsecond'
    from generate_series(1, ${count}) as g`);
}

const FOLDERS: Record<string, ReturnType<typeof sql>> = {
  "": sql`trashed = false and status <> 'DELETED'`,
  "query=SENT": sql`trashed = false and status = 'SENT'`,
  "query=drafts": sql`trashed = false and status = 'DRAFT'`,
  "query=trashed": sql`trashed = true and status <> 'DELETED'`,
  "query=DECLINED,EXPIRED": sql`trashed = false and status in ('DECLINED', 'EXPIRED')`,
};

async function plainOrder(owner: SeededAccount, folder: string, sort: string, dir: "asc" | "desc"): Promise<string[]> {
  const rows = await rowsOf<{ id: string }>(sql`
    select id from packages where account_id = ${owner.accountId} and owner_user_id = ${owner.userId} and type = 'PACKAGE' and ${FOLDERS[folder]}
    order by ${sql.identifier(sort)} ${sql.raw(dir === "asc" ? "asc nulls last" : "desc nulls first")}, id asc`);
  return rows.map((row) => row.id);
}

/** Every deep window of the folder in the order is the plain order's slice (pages near the ends are plain OFFSETs). */
async function expectDeepPagesRight(owner: SeededAccount, folder: string, sort: string, dir: "asc" | "desc") {
  const expected = await plainOrder(owner, folder, sort, dir);
  const count = expected.length;
  for (const from of [listPaging.nearEnd + 2, Math.floor(count / 3), Math.floor(count / 2) + 1, count - listPaging.nearEnd - 9]) {
    if (from <= listPaging.nearEnd + 1 || from + 7 >= count - listPaging.nearEnd) continue;
    const query = `${folder}&sort=${sort}&dir=${dir}&from=${from}&to=${from + 6}`;
    const page = await list(owner.apiKey, query);
    expect(page.count, query).toBe(count);
    expect(page.results.map((p) => p.id), query).toEqual(expected.slice(from - 1, from + 6));
  }
}

async function bucketRows(owner: SeededAccount) {
  return rowsOf<{ list_order: string; trashed: boolean; n: number }>(sql`
    select list_order, trashed, count(*)::int as n from package_list_buckets where account_id = ${owner.accountId} group by 1, 2`);
}

/**
 * After a fold: every bucket of the owner holds, per status, exactly the packages whose keys fall
 * from its first key to the next bucket's (the first also those before it), counted from the
 * packages themselves; and every bucket but the first holds between a quarter of and twice
 * `bucketRows`.
 */
async function expectBucketsExact(owner: SeededAccount) {
  await foldPendingListChanges(await getDb());
  expect(await rowsOf(sql`select 1 from package_list_changes where account_id = ${owner.accountId}`)).toEqual([]);
  const sets = await rowsOf<{ list_order: string; trashed: boolean }>(sql`
    select distinct list_order, trashed from package_list_buckets where account_id = ${owner.accountId}`);
  expect(sets.length).toBeGreaterThan(0);
  for (const { list_order: listOrder, trashed } of sets) {
    const [sort, dir] = listOrder.split(" ");
    const lower = sql.raw(["name", "status"].includes(sort) ? "lower_text" : "lower_time");
    const direction = sql.raw(dir === "asc" ? "asc nulls last" : "desc nulls first");
    const stored = await rowsOf<Record<string, number>>(sql`
      select row_number() over (order by ${lower} ${direction}, lower_id)::int as seq, draft, sent, completed, archived, declined, opted_out, expired
      from package_list_buckets where account_id = ${owner.accountId} and owner_user_id = ${owner.userId} and trashed = ${trashed} and list_order = ${listOrder}
      order by seq`);
    const counted = await rowsOf<{ seq: number; status: string; n: number }>(sql`
      with b as (
        select ${lower} as key, lower_id as id, row_number() over (order by ${lower} ${direction}, lower_id) as seq
        from package_list_buckets where account_id = ${owner.accountId} and owner_user_id = ${owner.userId} and trashed = ${trashed} and list_order = ${listOrder}),
      keyed as (
        select key, id, seq, 0 as kind, null as status from b
        union all
        select ${sql.identifier(sort)}, id, null, 1, status from packages
        where account_id = ${owner.accountId} and owner_user_id = ${owner.userId} and trashed = ${trashed} and type = 'PACKAGE' and status <> 'DELETED'),
      placed as (select coalesce(max(seq) over (order by key ${direction}, id, kind rows between unbounded preceding and current row), 1)::int as seq, kind, status from keyed)
      select seq, status, count(*)::int as n from placed where kind = 1 group by seq, status`);
    const expected = stored.map((bucket) => {
      const row: Record<string, number> = { seq: bucket.seq };
      for (const status of PACKAGE_STATUSES) row[status.toLowerCase()] = counted.find((c) => c.seq === bucket.seq && c.status === status)?.n ?? 0;
      return row;
    });
    expect(stored, `${listOrder}, trashed ${trashed}`).toEqual(expected);
    for (const bucket of stored.slice(1)) {
      const total = PACKAGE_STATUSES.reduce((sum, status) => sum + bucket[status.toLowerCase()], 0);
      expect(total, `bucket ${bucket.seq} of ${listOrder}`).toBeGreaterThanOrEqual(Math.ceil(listBuckets.bucketRows / 4));
      expect(total, `bucket ${bucket.seq} of ${listOrder}`).toBeLessThanOrEqual(2 * listBuckets.bucketRows);
    }
  }
}

describe("deep list pages from buckets", () => {
  it("are exact right after renames, status moves, trash, deletes and creates, before and after a fold", async () => {
    Object.assign(listPaging, { nearEnd: 5 });
    // Changes are not folded on read (foldAbove high) until the end: readers add them to the buckets.
    Object.assign(listBuckets, { bucketRows: 6, foldAbove: 1_000_000, buildInBackground: false });
    const owner = await seedAccount();
    await seedOwned(owner, 400, "b");
    // The first deep page of each order builds its buckets, once, in the database.
    for (const folder of ["", "query=trashed"]) for (const sort of LIST_SORTS) for (const dir of ["asc", "desc"] as const) await expectDeepPagesRight(owner, folder, sort, dir);
    await expectDeepPagesRight(owner, "query=SENT", "due", "asc");
    await expectDeepPagesRight(owner, "query=drafts", "name", "desc");
    await expectDeepPagesRight(owner, "query=DECLINED,EXPIRED", "status", "asc");
    const built = await bucketRows(owner);
    expect(built.length).toBe(2 * LIST_SORTS.length * 2); // each order, in the trash and out of it
    for (const set of built) expect(set.n).toBeGreaterThan(3);

    const db = await getDb();
    const byUpdated = await plainOrder(owner, "", "updated", "desc");
    const writes: [what: string, write: () => Promise<unknown>][] = [
      ["a rename to sort first", () => db.update(packages).set({ name: "Aaa first" }).where(eq(packages.id, byUpdated[150]))],
      ["a rename to sort last, touched", () => db.update(packages).set({ name: "Zzz last", updated: new Date("2027-01-01T00:00:00Z") }).where(eq(packages.id, byUpdated[40]))],
      ["a send", () => db.update(packages).set({ status: "SENT" }).where(eq(packages.id, byUpdated[90]))],
      ["a decline", () => db.update(packages).set({ status: "DECLINED" }).where(eq(packages.id, byUpdated[91]))],
      ["a trashing", () => db.update(packages).set({ trashed: true }).where(eq(packages.id, byUpdated[100]))],
      ["a due date removed", () => db.update(packages).set({ due: null }).where(eq(packages.id, byUpdated[200]))],
      ["a package marked DELETED", () => callJson("DELETE", `/api/packages/${byUpdated[120]}`, { key: owner.apiKey, expect: 204 })],
      ["packages removed outright", () => db.delete(packages).where(inArray(packages.id, byUpdated.slice(60, 75)))],
      ["a create through the API", () => callJson("POST", "/api/packages", { key: owner.apiKey, json: { name: "Contract 3" } })],
      ["creates in bulk", () => seedOwned(owner, 40, "c")],
    ];
    for (const [what, write] of writes) {
      await write();
      for (const [folder, sort, dir] of [["", "name", "asc"], ["query=SENT", "updated", "desc"], ["query=trashed", "due", "desc"], ["query=DECLINED,EXPIRED", "status", "desc"]] as const) {
        await expect(expectDeepPagesRight(owner, folder, sort, dir), `after ${what}`).resolves.toBeUndefined();
      }
    }
    expect((await rowsOf<{ n: number }>(sql`select count(*)::int as n from package_list_changes where account_id = ${owner.accountId}`))[0].n).toBeGreaterThan(50);

    // Folded (creates in bulk grew some buckets past twice their size: cut again), then read again.
    await expectBucketsExact(owner);
    for (const sort of LIST_SORTS) await expectDeepPagesRight(owner, "", sort, "desc");
    for (const folder of Object.keys(FOLDERS)) await expectDeepPagesRight(owner, folder, "created", "asc");
    // Most of the list removed: buckets emptied merge into the ones before them.
    await db.delete(packages).where(sql`${packages.accountId} = ${owner.accountId} and right(${packages.id}, 1) in ('1', '2', '3', '4', '5', '6')`);
    await expectBucketsExact(owner);
    for (const sort of LIST_SORTS) await expectDeepPagesRight(owner, "", sort, "asc");
  }, 120_000);

  it("fold on read when changes pile up, and the sweep folds the rest; a scope nobody reads deeply keeps no changes", async () => {
    Object.assign(listPaging, { nearEnd: 5 });
    Object.assign(listBuckets, { bucketRows: 8, foldAbove: 10, buildInBackground: false });
    const owner = await seedAccount();
    const quiet = await seedAccount();
    await seedOwned(owner, 200, "f");
    await seedOwned(quiet, 50, "q");
    await expectDeepPagesRight(owner, "", "name", "asc");
    // Per scope: the owner's packages out of the trash were built (their changes folded), those in it not.
    const pending = async (who: SeededAccount, trashed?: boolean) =>
      (await rowsOf<{ n: number }>(sql`select count(*)::int as n from package_list_changes where account_id = ${who.accountId} and ${trashed === undefined ? sql`true` : sql`trashed = ${trashed}`}`))[0].n;
    expect(await pending(owner, false)).toBe(0);
    expect(await pending(owner, true)).toBeGreaterThan(5);
    const db = await getDb();
    await db.execute(sql`update packages set name = 'Renamed ' || id where account_id = ${owner.accountId} and right(id, 1) = '7'`);
    expect(await pending(owner, false)).toBeGreaterThan(10);
    await expectDeepPagesRight(owner, "", "name", "asc");
    expect(await pending(owner, false)).toBe(0);
    expect(await pending(quiet)).toBe(43); // 50 but the 7 DELETED
    await foldPendingListChanges(db);
    expect(await pending(quiet)).toBe(0);
    expect(await pending(owner)).toBe(0);
    expect(await rowsOf(sql`select 1 from package_list_buckets where account_id = ${quiet.accountId}`)).toEqual([]);
    await expectBucketsExact(owner);
  });

  it("keep exact counts under concurrent writers, folds and readers", async () => {
    Object.assign(listPaging, { nearEnd: 5 });
    Object.assign(listBuckets, { bucketRows: 6, foldAbove: 12, buildInBackground: false });
    const owner = await seedAccount();
    await seedOwned(owner, 300, "w");
    for (const sort of LIST_SORTS) await expectDeepPagesRight(owner, "", sort, "asc");
    await expectDeepPagesRight(owner, "query=trashed", "updated", "desc");
    const db = await getDb();
    const scope = { accountId: owner.accountId, ownerUserId: owner.userId, trashed: false };
    const ids = await plainOrder(owner, "", "created", "asc");

    // Writers: each transaction moves a few packages (renames, status and trash moves, due dates,
    // deletes, creates) and holds its changes a moment before committing, while folds and deep
    // reads run beside them on other connections (PGlite runs them one after the other).
    const writer = async (w: number) => {
      for (let round = 0; round < 8; round++) {
        const mine = ids.filter((_, i) => i % 6 === w).slice(round * 4, round * 4 + 4);
        await db.transaction(async (tx) => {
          await tx.update(packages).set({ name: sql`'Moved ' || ${round} || ${packages.id}`, updated: sql`now()` }).where(inArray(packages.id, mine.slice(0, 2)));
          await tx.update(packages).set({ status: round % 2 ? "COMPLETED" : "DRAFT", due: null }).where(eq(packages.id, mine[2]));
          await tx.update(packages).set({ trashed: sql`not ${packages.trashed}` }).where(eq(packages.id, mine[3]));
          if (round % 3 === 0) await tx.delete(packages).where(eq(packages.id, mine[1]));
          await tx.execute(sql`insert into packages (id, account_id, owner_user_id, type, status, name, created, updated)
            values (${`n${w}-${round}`}, ${owner.accountId}, ${owner.userId}, 'PACKAGE', 'SENT', ${`New ${w} ${round}`}, now(), now())`);
          await tx.execute(sql`select pg_sleep(0.01)`);
        });
      }
    };
    const folder = async () => {
      for (let i = 0; i < 12; i++) {
        await maintainBuckets(db, scope);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    };
    const reader = async () => {
      for (let i = 0; i < 10; i++) {
        const page = await list(owner.apiKey, "sort=name&dir=asc&from=40&to=49");
        expect(page.results.length).toBe(10);
      }
    };
    await Promise.all([...[0, 1, 2, 3, 4, 5].map(writer), folder(), folder(), reader()]);
    await expectBucketsExact(owner);
    for (const sort of LIST_SORTS) for (const dir of ["asc", "desc"] as const) await expectDeepPagesRight(owner, "", sort, dir);
    await expectDeepPagesRight(owner, "query=trashed", "updated", "desc");
  }, 60_000);

  it("let a fold that finds another one running on the scope give way, with nothing folded twice", async ({ skip }) => {
    const { kind, url } = await database();
    if (kind !== "postgres") skip("PGlite runs one transaction at a time");
    Object.assign(listPaging, { nearEnd: 5 });
    Object.assign(listBuckets, { bucketRows: 6, foldAbove: 1_000_000, buildInBackground: false });
    const owner = await seedAccount();
    await seedOwned(owner, 120, "g");
    await expectDeepPagesRight(owner, "", "name", "asc");
    const db = await getDb();
    await db.execute(sql`update packages set name = 'Zz ' || id where account_id = ${owner.accountId} and right(id, 1) = '3'`);
    const scope = { accountId: owner.accountId, ownerUserId: owner.userId, trashed: false };
    // Another instance's fold of the scope, begun and not yet committed.
    const other = new pg.Client({ connectionString: url });
    await other.connect();
    try {
      await other.query("begin isolation level repeatable read");
      await other.query("update package_list_scopes set folds = folds + 1 where account_id = $1 and owner_user_id = $2 and trashed = false", [owner.accountId, owner.userId]);
      const waiting = maintainBuckets(db, scope);
      await new Promise((resolve) => setTimeout(resolve, 200));
      await other.query("commit");
      expect(await waiting).toBe(false);
    } finally {
      await other.end();
    }
    expect((await rowsOf<{ n: number }>(sql`select count(*)::int as n from package_list_changes where account_id = ${owner.accountId}`))[0].n).toBeGreaterThan(0);
    expect(await maintainBuckets(db, scope)).toBe(true);
    await expectBucketsExact(owner);
    await expectDeepPagesRight(owner, "", "name", "asc");
  });

  it("build an order's buckets behind its first deep page even when another fold of the scope holds it up", async ({ skip }) => {
    const { kind, url } = await database();
    if (kind !== "postgres") skip("PGlite runs one transaction at a time");
    Object.assign(listPaging, { nearEnd: 5 });
    Object.assign(listBuckets, { bucketRows: 6, buildInBackground: true });
    const owner = await seedAccount();
    await seedOwned(owner, 150, "k");
    // Another fold of the scope (another order's first deep page, the sweep), begun and not yet committed.
    const other = new pg.Client({ connectionString: url });
    await other.connect();
    try {
      await other.query("begin isolation level repeatable read");
      await other.query(
        "insert into package_list_scopes (account_id, owner_user_id, trashed, folds) values ($1, $2, false, 1) on conflict (account_id, owner_user_id, trashed) do update set folds = package_list_scopes.folds + 1",
        [owner.accountId, owner.userId],
      );
      await expectDeepPagesRight(owner, "", "created", "asc"); // answered by OFFSET; the build waits for the other fold
      const waitingForLock = sql`select 1 from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`;
      for (let waited = 0; (await rowsOf(waitingForLock)).length === 0; waited += 20) {
        expect(waited).toBeLessThan(10_000);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await other.query("commit");
    } finally {
      await other.end();
    }
    // The build gave way to it once, and was tried again.
    for (let waited = 0; !(await bucketRows(owner)).some((set) => set.list_order === "created asc"); waited += 50) {
      expect(waited).toBeLessThan(20_000);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await expectBucketsExact(owner);
    await expectDeepPagesRight(owner, "", "created", "asc");
  });

  it("answer the first deep page of an order by OFFSET while its buckets are built behind it", async () => {
    Object.assign(listPaging, { nearEnd: 5 });
    Object.assign(listBuckets, { bucketRows: 6, buildInBackground: true });
    const owner = await seedAccount();
    await seedOwned(owner, 150, "h");
    await expectDeepPagesRight(owner, "", "due", "desc");
    for (let waited = 0; !(await bucketRows(owner)).some((set) => set.list_order === "due desc"); waited += 50) {
      expect(waited).toBeLessThan(20_000);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await expectDeepPagesRight(owner, "", "due", "desc");
    await expectBucketsExact(owner);
  });
});
