import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "../support/test";
import pg from "pg";
import { makePdf } from "../../tests/support/pdfs";
import { fullNameSignature, person } from "../support/package-payloads";
import { createThrowawayDatabase, freePort, logEntries, type Server, startServer, stopServer, waitUntilAnswering } from "../support/servers";
import { ServiceClient } from "../support/service-client";

/**
 * Security answers an earlier version stored as given are hashed by the server's own start
 * (lib/server-start.ts, hash-stored-answers.ts), found through the index of the roles holding one:
 * a role written back to that older form while the server is down holds only the hash after the
 * next start, and the start says how many roles it rewrote.
 */
test("a restart hashes the security answers stored as given, and leaves none readable", async () => {
  test.setTimeout(180_000);
  const database = await createThrowawayDatabase();
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "signet-e2e-plain-answers-"));
  const environment = { DATABASE_URL: database.url, SIGNET_SECRET: "e2e-plain-answers-secret", LOG_LEVEL: "info" };
  const client = new pg.Client({ connectionString: database.url });
  let server: Server | undefined;
  try {
    server = startServer(folder, await freePort(), environment);
    await waitUntilAnswering(server, 120_000);
    const signup = await fetch(`${server.url}/api/signup`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ accountName: "Answers", email: "answers@example.test", firstName: "An", lastName: "Swers", password: "plain-answers-1" }),
    });
    expect(signup.status).toBe(201);
    const { apiKey } = (await signup.json()) as { apiKey: string };
    const owner = ServiceClient.forKey(server.url, apiKey);
    const challenges = [{ question: "What is the name of your first pet?", answer: "Rex the Dog", maskInput: false }];
    const packageId = await owner.createPackage(
      {
        name: "Answers from before hashing",
        type: "PACKAGE",
        status: "DRAFT",
        roles: [{ id: "Client", type: "SIGNER", index: 1, signers: [{ ...person("Casey", "Client"), auth: { scheme: "CHALLENGE", challenges } }] }],
        documents: [{ id: "d1", name: "Contract", approvals: [{ role: "Client", fields: [fullNameSignature(72)] }] }],
      },
      [await makePdf({ pages: 1 })],
    );
    await stopServer(server);

    // The role as an earlier version stored it: the answer as given.
    await client.connect();
    const where = "package_id = $1 and id = 'Client'";
    await client.query(`update package_roles set signer = jsonb_set(signer, '{auth}', $2::jsonb) where ${where}`, [packageId, JSON.stringify({ scheme: "CHALLENGE", challenges })]);
    expect(JSON.stringify((await client.query(`select signer from package_roles where ${where}`, [packageId])).rows[0].signer)).toContain("Rex the Dog");

    server = startServer(folder, await freePort(), environment);
    await waitUntilAnswering(server, 120_000);
    const started = server;
    await expect.poll(() => started.output(), { timeout: 120_000 }).toContain("job queue started");
    const hashed = logEntries<{ msg: string; roles?: number }>(started).filter((entry) => entry.msg.startsWith("signers' security answers stored before hashing"));
    expect(hashed.map((entry) => entry.roles)).toEqual([1]);
    const [{ signer }] = (await client.query(`select signer from package_roles where ${where}`, [packageId])).rows;
    expect(JSON.stringify(signer)).not.toContain("Rex the Dog");
    expect(signer.auth.challenges[0].answerHash).toEqual(expect.any(String));
  } finally {
    if (server) await stopServer(server);
    await client.end().catch(() => {});
    await database.drop();
    fs.rmSync(folder, { recursive: true, force: true });
  }
});
