import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PGliteWithNamedStatements } from "./pglite-named-statements";
import type { NamedStatementRunner } from "./prepared-statements";

let db: PGliteWithNamedStatements;
beforeAll(async () => {
  db = new PGliteWithNamedStatements("memory://");
  await db.exec("create table notes (id int primary key, body text, at timestamptz)");
});
afterAll(() => db.close());

const preparedNames = async () => (await db.query<{ name: string }>("select name from pg_prepared_statements order by name")).rows.map((row) => row.name);

describe("PGliteWithNamedStatements", () => {
  it("parses a statement once per name, then binds its values, and reads rows as Drizzle does", async () => {
    await db.query("insert into notes values (1, 'one', '2026-12-03 10:00:00+00'), (2, 'two', null)");
    const text = "select id, body, at from notes where id = any($1::int[]) order by id";
    expect(await db.queryNamed("note_by_ids", text, [[1, 2]])).toEqual([
      [1, "one", "2026-12-03 10:00:00+00"],
      [2, "two", null],
    ]);
    expect(await db.queryNamed("note_by_ids", text, [[2]])).toEqual([[2, "two", null]]);
    expect(await preparedNames()).toEqual(["note_by_ids"]);
  });

  it("keeps the session usable after a statement fails, and the name runs again", async () => {
    const text = "select 10 / $1::int";
    await expect(db.queryNamed("divide", text, [0])).rejects.toMatchObject({ code: "22012" });
    expect(await db.queryNamed("divide", text, [2])).toEqual([[5]]);
    await expect(db.queryNamed("broken", "select from from", [])).rejects.toMatchObject({ code: "42601" });
    await expect(db.queryNamed("broken", "select from from", [])).rejects.toMatchObject({ code: "42601" });
    expect(await db.queryNamed("note_by_ids", "select id, body, at from notes where id = any($1::int[]) order by id", [[1]])).toHaveLength(1);
  });

  it("inside a transaction sees its writes; outside one, waits until it ends; after it, runs nothing", async () => {
    const count = (runner: NamedStatementRunner) => runner.queryNamed("count_notes", "select count(*)::int from notes", []);
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let wrote!: () => void;
    const written = new Promise<void>((resolve) => (wrote = resolve));
    let ended: NamedStatementRunner | undefined;
    const writing = db.transaction(async (tx) => {
      ended = tx as unknown as NamedStatementRunner;
      await tx.query("insert into notes values (3, 'three', null)");
      const inside = await count(ended);
      wrote();
      await released;
      return inside;
    });
    await written;
    let outsideAnswered = false;
    const outside = count(db).finally(() => (outsideAnswered = true));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(outsideAnswered).toBe(false); // run now, it would have been a statement of the transaction
    release();
    expect(await writing).toEqual([[3]]);
    expect(await outside).toEqual([[3]]);
    await expect(count(ended!)).rejects.toThrow("Transaction is closed");

    await expect(
      db.transaction(async (tx) => {
        await tx.query("insert into notes values (4, 'four', null)");
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect(await count(db)).toEqual([[3]]);
  });

  it("runs a text named with runByName by that name when it comes through query, with the caller's options", async () => {
    const text = "select id, body from notes where id = $1";
    expect((await db.query(text, [1])).rows).toEqual([{ id: 1, body: "one" }]); // not named yet: unnamed
    expect(await preparedNames()).not.toContain("note_by_id");
    db.runByName(text, "note_by_id");
    expect((await db.query(text, [1], { rowMode: "array" })).rows).toEqual([[1, "one"]]);
    expect((await db.query(text, [2])).rows).toEqual([{ id: 2, body: "two" }]);
    expect(await preparedNames()).toContain("note_by_id");
  });

  it("closes a statement that a change to what it reads made stale, and parses it again at its next run", async () => {
    await db.exec("create table drafts (id int)");
    await db.exec("insert into drafts values (1)");
    const text = "select * from drafts";
    expect(await db.queryNamed("all_drafts", text, [])).toEqual([[1]]);
    await db.exec("alter table drafts add column title text default 'untitled'");
    // PostgreSQL refuses the statement prepared before (its result columns changed), once.
    await expect(db.queryNamed("all_drafts", text, [])).rejects.toMatchObject({ code: "0A000" });
    expect(await db.queryNamed("all_drafts", text, [])).toEqual([[1, "untitled"]]);
  });
});
