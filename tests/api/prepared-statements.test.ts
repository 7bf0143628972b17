import { afterAll, afterEach, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { MAX_NAMED_STATEMENTS } from "@/lib/db/pglite-named-statements";
import { preparedRows } from "@/lib/db/prepared-statements";
import { listPaging } from "@/lib/esign/packages/list-paging";
import { listBuckets } from "@/lib/esign/packages/list-buckets";
import { callJson } from "../support/api-client";
import { seedAccount, type SeededAccount } from "../support/seed";
import { createPackageWithFiles, packagePayload } from "../support/packages";

/**
 * The list's statements are named prepared statements on PostgreSQL and on PGlite
 * (lib/db/prepared-statements.ts; on PGlite every read and write is:
 * lib/db/pglite-named-statements.ts): each connection parses and plans a text once. A migration
 * that changes the type of a column they read makes the database refuse them; lists go on
 * answering, the same pages.
 */

// One pooled connection, so that every statement a list runs after the migration is one that
// connection prepared before it (with several, a statement may meet a connection preparing it anew).
const poolSize = process.env.DATABASE_POOL_SIZE;
process.env.DATABASE_POOL_SIZE = "1";
afterAll(() => {
  if (poolSize === undefined) delete process.env.DATABASE_POOL_SIZE;
  else process.env.DATABASE_POOL_SIZE = poolSize;
});

const onPostgres = process.env.DATABASE_URL?.startsWith("postgres");

type Listed = { results: { id: string; name: string }[]; count: number };
const list = (key: string, query: string) => callJson<Listed>("GET", `/api/packages?${query}`, { key });

const defaults = { paging: { ...listPaging }, buckets: { ...listBuckets } };
afterEach(() => {
  Object.assign(listPaging, defaults.paging);
  Object.assign(listBuckets, defaults.buckets);
});

async function seedOwned(owner: SeededAccount, count: number) {
  await (await getDb()).execute(sql`
    insert into packages (id, account_id, owner_user_id, type, status, name, created, updated)
    select 'prep' || lpad(g::text, 6, '0'), ${owner.accountId}, ${owner.userId}, 'PACKAGE', 'DRAFT', 'Contract ' || (g % 17),
           timestamptz '2026-01-01' + g * interval '1 second', timestamptz '2026-02-01' + g * interval '1 second'
    from generate_series(1, ${count}) as g`);
}

describe("prepared statements", () => {
  it("are prepared once on a connection and then run by name", async () => {
    const db = await getDb();
    const query = sql`select ${"prepared-statements test"}::text as marker, count(*)::int from packages`;
    const prepared = await db.transaction(async (tx) => {
      await preparedRows(tx, query);
      const [[marker]] = await preparedRows(tx, query);
      expect(marker).toBe("prepared-statements test");
      const { rows } = (await tx.execute(
        sql`select name, statement from pg_prepared_statements where statement like ${"%prepared-statements test%"} or statement like ${"%count(*)::int from packages%"}`,
      )) as unknown as { rows: { name: string; statement: string }[] };
      return rows;
    });
    expect(prepared).toHaveLength(1);
    expect(prepared[0].name).toMatch(/^signet_/);
  });

  it("read each type as the driver's own unnamed query reads it", async () => {
    const db = await getDb();
    const query = sql`select ${sql.param(["a", "b"])}::text[] as texts, ${42}::int8 as big, ${true}::bool as flag, ${"{\"k\": [1, 2]}"}::json as document,
      array[1.5, 2]::numeric[] as numbers, interval '1 day 2 hours' as span, date '2026-12-03' as day,
      timestamptz '2026-12-03 10:00:00+00' as at, array[timestamptz '2026-12-03 10:00:00+00'] as ats, '\\x0102'::bytea as bytes`;
    const byName = await preparedRows(db, query);
    expect(byName).toEqual(await preparedRows(db, query, { prepare: false }));
    expect(byName[0].slice(0, 4)).toEqual([["a", "b"], expect.anything(), true, { k: [1, 2] }]);
  });

  it("leave a text unnamed when asked to plan it with its values (a search)", async () => {
    const db = await getDb();
    const marker = "unnamed search test";
    const [[found]] = await preparedRows(db, sql`select ${marker}::text as unnamed_marker`, { prepare: false });
    expect(found).toBe(marker);
    const { rows } = (await db.execute(sql`select count(*)::int as n from pg_prepared_statements where statement like ${"%as unnamed_marker%"}`)) as unknown as {
      rows: { n: number }[];
    };
    expect(rows[0].n).toBe(0);
  });

  it("lists answer the same pages after migrations change a listed column's type", async () => {
    listPaging.nearEnd = 4;
    Object.assign(listBuckets, { bucketRows: 8, buildInBackground: false });
    const owner = await seedAccount("Prepared statements");
    await seedOwned(owner, 120);
    const first = "from=1&to=10";
    const deep = "sort=name&dir=asc&from=61&to=70"; // from a bucket, in its snapshot
    const expected = { first: await list(owner.apiKey, first), deep: await list(owner.apiKey, deep) };
    expect([expected.first.count, expected.deep.count]).toEqual([120, 120]);

    const db = await getDb();
    const migrate = async (type: string) => {
      await db.execute(sql`alter table packages alter column name type ${sql.raw(type)}`);
      // Pages from stored texts (list-texts.ts) read no changed column: without them, the page's
      // packages are read whole, by the statement that the migration makes stale.
      await db.execute(sql`delete from package_list_texts`);
      return ((await db.execute(sql`select clock_timestamp() as at`)) as unknown as { rows: { at: string }[] }).rows[0].at;
    };
    try {
      // A first page first: its stale read outside a transaction runs again unprepared.
      await migrate("varchar(500)");
      expect(await list(owner.apiKey, first)).toEqual(expected.first);
      expect(await list(owner.apiKey, deep)).toEqual(expected.deep);

      // A deep page first: its stale read inside the bucket's snapshot falls back to OFFSET, and
      // the next finds its buckets again. Its connection was kept, stale statements and all; the
      // bucket search, which reads no changed column, was not stale itself: prepared again after
      // the migration, it shows the names moved on (on PGlite: that every statement was closed).
      const migrated = await migrate("text");
      for (let i = 0; i < 2; i++) expect(await list(owner.apiKey, deep)).toEqual(expected.deep);
      const { rows } = (await db.execute(
        sql`select count(*)::int as n from pg_prepared_statements where statement like ${"%with b as%"} and prepare_time > ${migrated}`,
      )) as unknown as { rows: { n: number }[] };
      expect(rows[0].n).toBeGreaterThan(0);
      expect(await list(owner.apiKey, first)).toEqual(expected.first);
    } finally {
      await db.execute(sql`alter table packages alter column name type text`);
    }
  });

  it("read a package's one sender with a plan PostgreSQL makes once, not at every call", async () => {
    const owner = await seedAccount();
    const id = await createPackageWithFiles(owner.apiKey, packagePayload());
    for (let i = 0; i < 8; i++) await callJson("GET", `/api/packages/${id}`, { key: owner.apiKey });
    // On the pool's one connection, the one-sender text (the latest prepared of the senders' two;
    // nothing here reads several): after five calls planned with their values, its generic plan (an
    // array of ids would be planned anew every time, 0.5 ms).
    const { rows } = (await (await getDb()).execute(
      sql`select generic_plans::int, custom_plans::int from pg_prepared_statements
          where statement like ${"%json_build_object('groupId'%"} order by prepare_time desc limit 1`,
    )) as unknown as { rows: { generic_plans: number; custom_plans: number }[] };
    expect(rows).toEqual([{ generic_plans: expect.any(Number), custom_plans: 5 }]);
    expect(rows[0].generic_plans).toBeGreaterThanOrEqual(3);
  });

  it("read the caller behind each request's API key by name, and go on answering after a migration changes a column it reads", async () => {
    const owner = await seedAccount();
    const me = () => callJson<{ id: string }>("GET", "/api/account/senders?from=1&to=1", { key: owner.apiKey });
    for (let i = 0; i < 3; i++) await me();
    const db = await getDb();
    const lookups = async () =>
      (
        (await db.execute(
          sql`select (generic_plans + custom_plans)::int as runs from pg_prepared_statements where statement like ${'%from "api_keys" left join "access_tokens"%'}`,
        )) as unknown as { rows: { runs: number }[] }
      ).rows;
    expect((await lookups())[0].runs).toBeGreaterThanOrEqual(3);

    const before = await me();
    await db.execute(sql`alter table users alter column first_name type varchar(500)`);
    try {
      for (let i = 0; i < 3; i++) expect(await me()).toEqual(before);
      expect(await lookups()).toHaveLength(1); // prepared again under its name, the stale one gone
    } finally {
      await db.execute(sql`alter table users alter column first_name type text`);
    }
  });

  // Last: it uses up this process's names.
  it("are named for a bounded number of texts, so a client's choices cannot fill the database's memory", async () => {
    const db = await getDb();
    const named = await db.transaction(async (tx) => {
      for (let i = 0; i < 300; i++) await preparedRows(tx, sql`select ${sql.raw(String(i))} as folder_variant`);
      const { rows } = (await tx.execute(sql`select count(*)::int as n from pg_prepared_statements where statement like '%folder\_variant%'`)) as unknown as {
        rows: { n: number }[];
      };
      return rows[0].n;
    });
    // On PostgreSQL preparedRows names a hundred texts a process; PGlite keeps the most recently run statements.
    const bound = onPostgres ? 100 : MAX_NAMED_STATEMENTS;
    expect(named).toBeGreaterThan(50);
    expect(named).toBeLessThanOrEqual(bound);
  });
});
