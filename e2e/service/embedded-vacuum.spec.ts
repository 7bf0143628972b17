import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { expect, test } from "../support/test";
import { freePort, logEntries, startServer, stopServer, waitUntilAnswering } from "../support/servers";
import { ServiceClient } from "../support/service-client";

/**
 * PGlite has no autovacuum (one process, no background workers): the running server's sweep does
 * its work on the embedded database (lib/db/embedded-vacuum.ts). Packages are created and renamed
 * through the API until their table and the lists' pending changes pass autovacuum's thresholds;
 * the server's own sweep vacuums them, and the stopped server's database shows it: the packages'
 * pages are in the visibility map, which only a vacuum fills.
 */

const SWEEP_SECONDS = 2;
const PACKAGES = 100;

test("on PGlite, the running server's sweep vacuums the tables that writes churned, as autovacuum would", async () => {
  test.setTimeout(120_000);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "signet-e2e-vacuum-"));
  const server = startServer(dataDir, await freePort(), { SWEEP_INTERVAL_SECONDS: String(SWEEP_SECONDS), LOG_LEVEL: "info" });
  try {
    await waitUntilAnswering(server);
    const owner = await ServiceClient.signUp(server.url, "Vacuum on PGlite");
    // From here: a sweep may vacuum while the writes go on, once they have passed the threshold.
    const churnStarted = logEntries(server).length;
    const ids: string[] = [];
    for (let i = 0; i < PACKAGES; i++) {
      ids.push((await owner.json<{ id: string }>("POST", "/api/packages", { name: `Churned ${i}`, roles: [], documents: [] })).id);
    }
    for (const id of ids) await owner.json("PUT", `/api/packages/${id}`, { name: `Renamed ${id}` });

    const vacuumedSince = () =>
      logEntries<{ msg: string; vacuumed?: string[] }>(server)
        .slice(churnStarted)
        .filter((entry) => entry.msg === "embedded database tables vacuumed or analyzed")
        .flatMap((entry) => entry.vacuumed ?? []);
    await expect.poll(vacuumedSince, { timeout: 30_000, intervals: [500] }).toEqual(expect.arrayContaining(["public.packages", "public.package_list_changes"]));

    await stopServer(server);
    const db = new PGlite(path.join(dataDir, "pgdata"));
    try {
      const { rows } = await db.query<{ pages: number; visible: number }>("select relpages as pages, relallvisible as visible from pg_class where relname = 'packages'");
      expect(rows[0]!.pages).toBeGreaterThan(0);
      expect(rows[0]!.visible).toBeGreaterThan(0);
    } finally {
      await db.close();
    }
    expect(server.output(), "the server's warnings and errors").not.toMatch(/job failed|"level":50/);
  } finally {
    await stopServer(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
