/**
 * What the list changes' triggers (migration 0034: package_list_changes, for the deep pages'
 * buckets) add to a write: single-row renames of a sender's packages (the row moves in the name and
 * updated orders: two change rows) and single-row inserts, each its own transaction, timed with the
 * triggers on and off in alternating blocks, on a throwaway PostgreSQL database.
 *
 * `npx tsx bench/list-write-cost.ts` (LIST_WRITE_PACKAGES: packages seeded first, 100,000).
 */
import { sql } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { seedAccount } from "@/tests/support/seed";
import { runMain, withPostgres } from "./environments";
import { percentile, round } from "./stats";

const BLOCKS = 6;
const WRITES_PER_BLOCK = 300;
const TRIGGERS = ["package_list_changes_insert", "package_list_changes_update", "package_list_changes_delete"];

async function main() {
  process.env.SIGNET_SECRET ||= "bench-secret-not-for-production";
  const seeded = Number(process.env.LIST_WRITE_PACKAGES) || 100_000;
  await withPostgres(async () => {
    const db = await getDb();
    const owner = await seedAccount("Write cost");
    await db.execute(sql`
      insert into packages (id, account_id, owner_user_id, type, status, name, created, updated)
      select 'w' || g, ${owner.accountId}, ${owner.userId}, 'PACKAGE', 'DRAFT', 'Contract ' || (g % 5000), now(), now()
      from generate_series(1, ${seeded}) as g`);
    await db.execute(sql`vacuum analyze packages`);
    const timings = { on: { rename: [] as number[], insert: [] as number[] }, off: { rename: [] as number[], insert: [] as number[] } };
    let next = 0;
    for (let block = 0; block < 2 * BLOCKS; block++) {
      const mode = block % 2 === 0 ? "on" : "off";
      for (const trigger of TRIGGERS) await db.execute(sql.raw(`alter table packages ${mode === "on" ? "enable" : "disable"} trigger ${trigger}`));
      for (let i = 0; i < WRITES_PER_BLOCK; i++) {
        const id = `w${1 + ((next * 7919) % seeded)}`;
        next++;
        let started = performance.now();
        await db.execute(sql`update packages set name = ${`Renamed ${next}`}, updated = now() where id = ${id}`);
        timings[mode].rename.push(performance.now() - started);
        started = performance.now();
        await db.execute(sql`insert into packages (id, account_id, owner_user_id, type, status, name) values (${`n${next}`}, ${owner.accountId}, ${owner.userId}, 'PACKAGE', 'DRAFT', 'New')`);
        timings[mode].insert.push(performance.now() - started);
      }
    }
    for (const trigger of TRIGGERS) await db.execute(sql.raw(`alter table packages enable trigger ${trigger}`));
    for (const kind of ["rename", "insert"] as const) {
      const on = timings.on[kind];
      const off = timings.off[kind];
      const line = (samples: number[]) => `p50 ${round(percentile(samples, 50), 3)} ms, p95 ${round(percentile(samples, 95), 3)} ms`;
      console.log(`${kind} (n=${on.length} each): triggers on ${line(on)}; off ${line(off)}; p50 added ${round(percentile(on, 50) - percentile(off, 50), 3)} ms`);
    }
  });
  return 0;
}

runMain(main);
