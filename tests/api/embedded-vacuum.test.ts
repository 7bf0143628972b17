import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { database, getDb } from "@/lib/db/client";
import { vacuumEmbeddedDatabase } from "@/lib/db/embedded-vacuum";

const CHURNED = 400;

/** The table's dead rows, as the statistics count them once the last transaction's are reported. */
async function deadRows(table: string): Promise<number> {
  const db = await getDb();
  await db.execute(sql`select pg_stat_force_next_flush()`);
  await db.execute(sql`select 1`);
  const { rows } = (await db.execute(sql`select n_dead_tup::int as dead from pg_stat_user_tables where relname = ${table}`)) as unknown as {
    rows: { dead: number }[];
  };
  return rows[0]!.dead;
}

async function relationBytes(table: string): Promise<number> {
  const { rows } = (await (await getDb()).execute(sql`select pg_relation_size(${table})::int as bytes`)) as unknown as { rows: { bytes: number }[] };
  return rows[0]!.bytes;
}

describe("autovacuum's work on the embedded database", () => {
  it("vacuums a table whose deleted rows pass autovacuum's threshold, and gives its pages back; on PostgreSQL leaves it to the server's autovacuum", async () => {
    const open = await database();
    const db = open.db;
    // Rows inserted and deleted, as the write intents of uploads are.
    await db.execute(sql`
      insert into blob_write_intents (id, sha256, expires)
      select 'churn-' || g, repeat('b', 64), now() + interval '1 hour' from generate_series(1, ${CHURNED}) as g`);
    await db.execute(sql`delete from blob_write_intents where id like 'churn-%'`);
    expect(await deadRows("blob_write_intents")).toBeGreaterThanOrEqual(CHURNED);
    expect(await relationBytes("blob_write_intents")).toBeGreaterThan(0);

    const maintained = await vacuumEmbeddedDatabase(open);

    if (open.kind === "postgres") {
      expect(maintained).toEqual({ vacuumed: [], analyzed: [] });
      return;
    }
    expect(maintained.vacuumed).toContain("public.blob_write_intents");
    expect(await deadRows("blob_write_intents")).toBe(0);
    // Every row was dead: the vacuum truncated the table to nothing.
    expect(await relationBytes("blob_write_intents")).toBe(0);
    // A table nothing happened to since is left alone the next time.
    const again = await vacuumEmbeddedDatabase(open);
    expect(again.vacuumed).not.toContain("public.blob_write_intents");
  });
});
