import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { database } from "@/lib/db/client";

/** What every pooled connection to PostgreSQL is set up with (lib/db/client.ts, openPostgres). */
describe("the database connections", () => {
  it("run with JIT compilation off on PostgreSQL, each connection of the pool", async () => {
    const { db, kind } = await database();
    if (kind !== "postgres") return; // PGlite has no JIT
    // Transactions side by side, each holding a connection of its own, new ones among them.
    const settings = await Promise.all(
      Array.from({ length: 6 }, () =>
        db.transaction(async (tx) => {
          const { rows } = (await tx.execute(sql`select current_setting('jit') as jit, pg_backend_pid() as pid, pg_sleep(0.05)`)) as unknown as { rows: { jit: string; pid: number }[] };
          return rows[0];
        }),
      ),
    );
    expect(new Set(settings.map((setting) => setting.pid)).size).toBe(6);
    expect(settings.map((setting) => setting.jit)).toEqual(Array(6).fill("off"));
  });
});
