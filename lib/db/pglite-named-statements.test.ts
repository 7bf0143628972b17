import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PGlite, type QueryOptions, types } from "@electric-sql/pglite";
import { MAX_NAMED_STATEMENTS, PGliteWithNamedStatements } from "./pglite-named-statements";

let db: PGliteWithNamedStatements;
beforeAll(async () => {
  db = new PGliteWithNamedStatements("memory://");
  await db.exec("create table notes (id int primary key, body text, at timestamptz)");
});
afterAll(() => db.close());

const prepared = async () =>
  (await PGlite.prototype.query.call(db, "select name, statement from pg_prepared_statements order by prepare_time")).rows as { name: string; statement: string }[];
const preparedTexts = async () => (await prepared()).map((row) => row.statement);

/** As Drizzle's driver asks for a select's rows: arrays, timestamps as the database's text. */
const drizzleOptions: QueryOptions = {
  rowMode: "array",
  parsers: Object.fromEntries([types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1185].map((type) => [type, (value: string) => value])),
};

describe("PGliteWithNamedStatements", () => {
  it("parses a read once, then binds its values, and reads rows with the caller's options", async () => {
    await db.query("insert into notes values (1, 'one', '2026-12-03 10:00:00+00'), (2, 'two', null)");
    const text = "select id, body, at from notes where id = any($1::int[]) order by id";
    expect((await db.query(text, [[1, 2]], drizzleOptions)).rows).toEqual([
      [1, "one", "2026-12-03 10:00:00+00"],
      [2, "two", null],
    ]);
    expect((await db.query(text, [[2]])).rows).toEqual([{ id: 2, body: "two", at: null }]);
    expect((await preparedTexts()).filter((statement) => statement === text)).toHaveLength(1);
    expect((await prepared()).find((row) => row.statement === text)?.name).toMatch(/^signet_/);
  });

  it("reads each type as PGlite's own unnamed query does", async () => {
    const text = `select $1::text[] as texts, $2::int8 as big, $3::bool as flag, $4::json as document, array[1.5, 2]::numeric[] as numbers,
      interval '1 day 2 hours' as span, date '2026-12-03' as day, timestamptz '2026-12-03 10:00:00+00' as at,
      array[timestamptz '2026-12-03 10:00:00+00'] as ats, '\\x0102'::bytea as bytes, $5::int as nothing`;
    const params = [["a", "b"], 42, true, '{"k": [1, 2]}', null];
    for (const options of [drizzleOptions, undefined]) {
      const byName = (await db.query(text, params, options)).rows;
      expect(byName).toEqual((await PGlite.prototype.query.call(db, text, params, options)).rows);
    }
    expect(await preparedTexts()).toContain(text);
  });

  it("runs what is not a read or a write, or begins with a comment, as PGlite does, unnamed", async () => {
    await db.query("create table scratch (id int)");
    expect((await db.query("/* planned with its values */ select count(*)::int as n from scratch")).rows).toEqual([{ n: 0 }]);
    await db.query("drop table scratch");
    expect((await preparedTexts()).filter((statement) => statement.includes("scratch"))).toEqual([]);
  });

  it("keeps the session usable after a statement fails, and the statement runs again", async () => {
    const text = "select 10 / $1::int as quotient";
    await expect(db.query(text, [0])).rejects.toMatchObject({ code: "22012" });
    expect((await db.query(text, [2])).rows).toEqual([{ quotient: 5 }]);
    await expect(db.query("select from from", [])).rejects.toMatchObject({ code: "42601" });
    await expect(db.query("select from from", [])).rejects.toMatchObject({ code: "42601" });
    expect((await db.query("select count(*)::int as n from notes")).rows).toEqual([{ n: 2 }]);
  });

  it("inside a transaction sees its writes; outside one, waits until it ends; after it, runs nothing", async () => {
    const countText = "select count(*)::int as n from notes";
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let wrote!: () => void;
    const written = new Promise<void>((resolve) => (wrote = resolve));
    let ended: { query: PGlite["query"] } | undefined;
    const writing = db.transaction(async (tx) => {
      ended = tx;
      await tx.query("insert into notes values ($1, 'three', null)", [3]);
      const inside = (await tx.query(countText)).rows;
      wrote();
      await released;
      return inside;
    });
    await written;
    let outsideAnswered = false;
    const outside = db.query(countText).finally(() => (outsideAnswered = true));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(outsideAnswered).toBe(false); // run now, it would have been a statement of the transaction
    release();
    expect(await writing).toEqual([{ n: 3 }]);
    expect((await outside).rows).toEqual([{ n: 3 }]);
    await expect(ended!.query(countText)).rejects.toThrow("Transaction is closed");
    expect(await preparedTexts()).toContain("insert into notes values ($1, 'three', null)");

    await expect(
      db.transaction(async (tx) => {
        await tx.query("insert into notes values ($1, 'four', null)", [4]);
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect((await db.query(countText)).rows).toEqual([{ n: 3 }]);
  });

  it("after a failed statement in a transaction, rolls it back and goes on", async () => {
    await expect(
      db.transaction(async (tx) => {
        await tx.query("insert into notes values ($1, 'again', null)", [1]); // its key is taken
      }),
    ).rejects.toMatchObject({ code: "23505" });
    await expect(
      db.transaction(async (tx) => {
        await tx.query("insert into notes values ($1, 'five', null)", [1]).catch(() => {}); // taken: the transaction failed
        await tx.query("insert into notes values ($1, 'five again', null)", [5]); // a new text
      }),
    ).rejects.toMatchObject({ code: "25P02" });
    expect((await db.query("select count(*)::int as n from notes where id = 5")).rows).toEqual([{ n: 0 }]);
    const inserted = await db.query("insert into notes values ($1, 'five again', null)", [5]); // the text the failed transaction could not parse
    expect(inserted.affectedRows).toBe(1);
    expect((await db.query("update notes set body = $1 where id >= $2", ["later", 4])).affectedRows).toBe(1);
  });

  it("parses every statement anew after one turned stale: the refused one at once outside a transaction, at its next run inside one", async () => {
    await db.exec("create table drafts (id int)");
    const insert = "insert into drafts values ($1) returning *";
    const select = "select * from drafts order by id";
    expect((await db.query(insert, [1])).rows).toEqual([{ id: 1 }]);
    expect((await db.query(select)).rows).toEqual([{ id: 1 }]);
    await db.exec("alter table drafts add column title text default 'untitled'");
    // The write is refused before it runs (at Bind), then run once: one row more, not two.
    expect((await db.query(insert, [2])).rows).toEqual([{ id: 2, title: "untitled" }]);
    expect((await preparedTexts()).filter((text) => text === insert || text === select)).toEqual([insert]); // the read closed too

    expect((await db.query(select)).rows).toHaveLength(2);
    await db.exec("alter table drafts add column pages int default 3");
    // PostgreSQL refuses the statement prepared before (its result columns changed), which aborts the transaction.
    await expect(db.transaction((tx) => tx.query(select))).rejects.toMatchObject({ code: "0A000" });
    expect((await db.transaction((tx) => tx.query(select))).rows).toEqual([
      { id: 1, title: "untitled", pages: 3 },
      { id: 2, title: "untitled", pages: 3 },
    ]);
  });

  // Last: it fills the session's statements.
  it(`keeps at most ${MAX_NAMED_STATEMENTS} statements, closing the least recently run`, async () => {
    const kept = "select 'kept' as marker";
    await db.query(kept);
    for (let i = 0; i < MAX_NAMED_STATEMENTS + 20; i++) {
      await db.query(`select ${i} as variant`);
      if (i % 50 === 0) await db.query(kept);
    }
    const texts = await preparedTexts();
    expect(texts).toHaveLength(MAX_NAMED_STATEMENTS);
    expect(texts).toContain(kept);
    expect(texts).not.toContain("select 0 as variant");
    expect(texts).toContain(`select ${MAX_NAMED_STATEMENTS + 19} as variant`);
  });
});
