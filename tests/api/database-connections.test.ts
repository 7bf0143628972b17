import pg from "pg";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { database } from "@/lib/db/client";
import { openPostgres } from "@/lib/db/open-postgres";

/** What every pooled connection to PostgreSQL is set up with (lib/db/open-postgres.ts). */
describe("the database connections", () => {
  it("run with JIT compilation off on PostgreSQL, each connection of the pool, whatever the server's default", async () => {
    const { db, kind, url } = await database();
    if (kind !== "postgres") return; // PGlite has no JIT
    // The database's own default on, so that the pool's setting is what the test sees.
    await db.execute(sql.raw(`alter database "${new URL(url).pathname.slice(1)}" set jit = on`));
    const plain = new pg.Client({ connectionString: url });
    await plain.connect();
    try {
      expect((await plain.query("show jit")).rows[0].jit).toBe("on");
    } finally {
      await plain.end();
    }
    const opened = await openPostgres(url);
    try {
      // Transactions side by side, each holding a connection of its own.
      const settings = await Promise.all(
        Array.from({ length: 4 }, () =>
          opened.db.transaction(async (tx) => {
            const { rows } = (await tx.execute(sql`select current_setting('jit') as jit, pg_backend_pid() as pid, pg_sleep(0.05)`)) as unknown as { rows: { jit: string; pid: number }[] };
            return rows[0];
          }),
        ),
      );
      expect(new Set(settings.map((setting) => setting.pid)).size).toBe(4);
      expect(settings.map((setting) => setting.jit)).toEqual(["off", "off", "off", "off"]);
    } finally {
      await opened.close();
    }
  });
});
