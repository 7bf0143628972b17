import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { expect, test } from "../support/test";
import pg from "pg";
import { makePdf } from "../../tests/support/pdfs";
import { CallbackReceiver } from "../support/callback-receiver";
import { oneSignatureEachPackage, person } from "../support/package-payloads";
import { createThrowawayDatabase, freePort, type Server, startServer, stopServer, waitUntilAnswering } from "../support/servers";
import { fetchExplained, ServiceClient, signThroughCeremonyApi } from "../support/service-client";
import { SmtpReceiver } from "../../tests/support/smtp-receiver";

/**
 * What the service promises to do later, done by the running server on its own: a package expires
 * at its due date (and PACKAGE_EXPIRE reaches the callback receiver), a reminder is e-mailed, and
 * retention purges a completed package's documents (and the sweep deletes blob write intents a crash
 * left). Nothing here calls the sweep: the built server
 * runs it every SWEEP_INTERVAL_SECONDS (2 s here) through its job queue, as in production, on the
 * embedded database and on PostgreSQL.
 */

const SWEEP_SECONDS = 2;

const smtp = new SmtpReceiver();
const receiver = new CallbackReceiver();
let smtpUrl = "";
let hookUrl = "";

test.beforeAll(async () => {
  smtpUrl = await smtp.start();
  hookUrl = await receiver.start();
});
test.afterAll(async () => {
  await smtp.stop();
  await receiver.close();
});

/** Runs one statement on the stopped server's database: PGlite is opened on its folder. */
async function runOnStoppedServer(where: { dataDir: string } | { databaseUrl: string }, statement: string, params: unknown[] = []): Promise<unknown[]> {
  if ("databaseUrl" in where) {
    const client = new pg.Client({ connectionString: where.databaseUrl });
    await client.connect();
    return (await client.query(statement, params).finally(() => client.end())).rows;
  }
  const db = new PGlite(path.join(where.dataDir, "pgdata"));
  return (await db.query(statement, params).finally(() => db.close())).rows;
}

for (const kind of ["PGlite", "PostgreSQL"] as const) {
  test(`on ${kind}, the running server expires, reminds and purges by itself every SWEEP_INTERVAL_SECONDS`, async () => {
    test.setTimeout(180_000);
    const database = kind === "PostgreSQL" ? await createThrowawayDatabase() : null;
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "signet-e2e-sweep-"));
    const environment = {
      SWEEP_INTERVAL_SECONDS: String(SWEEP_SECONDS),
      RETENTION_DAYS: "1",
      SMTP_URL: smtpUrl,
      CALLBACK_ALLOW_PRIVATE: "true",
      CALLBACK_HTTP_HOSTS: "127.0.0.1",
      ...(database ? { DATABASE_URL: database.url, SIGNET_SECRET: "e2e-sweep-secret" } : {}),
    };
    const servers: Server[] = [];
    const port = await freePort(); // the same after the restart, so the client's address holds
    const launch = async () => {
      const server = startServer(dataDir, port, environment);
      servers.push(server);
      await waitUntilAnswering(server);
      return server;
    };
    try {
      let server = await launch();
      const owner = await ServiceClient.signUp(server.url, `Sweep on ${kind}`, smtp);
      await owner.json("POST", "/api/callback", { url: hookUrl, events: ["PACKAGE_EXPIRE"] });
      const pdf = await makePdf({ pages: 1 });
      const onePackage = (name: string, signer: ReturnType<typeof person>) =>
        oneSignatureEachPackage({ name, document: { id: "doc1", name: "Agreement" }, roles: [{ id: "Client", index: 1, signers: [signer] }] });

      // Completed and sealed now; purged once it is more than RETENTION_DAYS old.
      const completedId = await owner.createPackage({ ...onePackage(`Completed on ${kind}`, person("Casey", "Client")), autocomplete: true }, [pdf]);
      await owner.send(completedId);
      await signThroughCeremonyApi(owner, completedId, "Client", "doc1");
      await expect.poll(() => owner.packageStatus(completedId), { timeout: 30_000 }).toBe("COMPLETED");
      const sealedPdf = () => owner.call("GET", `/api/packages/${completedId}/documents/doc1/pdf`).then(async (response) => (response.ok ? Buffer.from(await response.arrayBuffer()) : null));
      await expect.poll(async () => (await sealedPdf())?.includes("/ETSI.CAdES.detached") ?? false, { timeout: 60_000, intervals: [500] }).toBe(true);

      // Due in a few seconds: expires at the first sweep after.
      const expiringId = await owner.createPackage({ ...onePackage(`Expiring on ${kind}`, person("Evan", "Expiring")), due: new Date(Date.now() + 4_000).toISOString() }, [pdf]);
      await owner.send(expiringId);
      // A reminder due at once (no delay): e-mailed by the first sweep.
      const rita = person("Rita", `Reminded${kind}`);
      const remindedId = await owner.createPackage(onePackage(`Reminded on ${kind}`, rita), [pdf]);
      await owner.json("POST", `/api/packages/${remindedId}/reminders`, { startInDaysDelay: 0, intervalInDays: 1, repetitionsCount: 1 });
      await owner.send(remindedId);

      await expect.poll(() => owner.packageStatus(expiringId), { timeout: 30_000, intervals: [500] }).toBe("EXPIRED");
      await expect
        .poll(() => receiver.received.filter((callback) => callback.body.packageId === expiringId).map((callback) => callback.body.name), { timeout: 30_000 })
        .toEqual(["PACKAGE_EXPIRE"]);
      await smtp.waitFor(rita.email, new RegExp(`is still waiting for you to sign "Reminded on ${kind}"`), 30_000);
      expect(await owner.packageStatus(remindedId)).toBe("SENT");

      // The sweep's last success, as a monitor reads it: moving on with every sweep.
      type Health = { status: string; checks: { sweep: { status: string; lastSuccess: string; intervalSeconds: number } } };
      const health = async () => (await (await fetchExplained(`${server.url}/api/health`)).json()) as Health;
      const first = await health();
      expect(first.checks.sweep).toMatchObject({ status: "ok", intervalSeconds: SWEEP_SECONDS });
      await expect.poll(async () => Date.parse((await health()).checks.sweep.lastSuccess), { timeout: 15_000 }).toBeGreaterThan(Date.parse(first.checks.sweep.lastSuccess));

      // Two days later for the completed package: the server, started again, purges it.
      await stopServer(server);
      const where = database ? { databaseUrl: database.url } : { dataDir };
      // Its seal, stored by the server's job, no longer awaited: the sweep's lost-seal index holds it no more.
      expect(await runOnStoppedServer(where, "select awaiting_seal from packages where id = $1", [completedId])).toEqual([{ awaiting_seal: false }]);
      await runOnStoppedServer(where, "update packages set completed = completed - interval '2 days' where id = $1", [completedId]);
      // And the intent of a blob write a crash cut short, expired: the sweep deletes it.
      await runOnStoppedServer(where, "insert into blob_write_intents (id, sha256, expires) values ('crashed', repeat('a', 64), now() - interval '1 minute')");
      const restartedAt = Date.now();
      server = await launch();
      await expect.poll(async () => (await owner.call("GET", `/api/packages/${completedId}/documents/doc1/pdf`)).status, { timeout: 30_000, intervals: [500] }).toBe(410);
      expect(JSON.stringify(await owner.json("GET", `/api/packages/${completedId}/audit?events=all`))).toMatch(/Package Purge|PACKAGE_PURGE/);
      // A whole sweep of the restarted server has run (it deletes intents before recording its success).
      await expect.poll(async () => Date.parse((await health()).checks.sweep.lastSuccess), { timeout: 15_000 }).toBeGreaterThan(restartedAt);
      await stopServer(server);
      expect(await runOnStoppedServer(where, "select id from blob_write_intents")).toEqual([]);

      for (const each of servers) expect(each.output(), "the server's warnings and errors").not.toMatch(/job failed|scheduled job not queued/);
    } finally {
      await Promise.all(servers.map(stopServer));
      await database?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
}
