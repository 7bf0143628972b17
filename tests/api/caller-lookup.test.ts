import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { callJson } from "../support/api-client";
import { seedAccount } from "../support/seed";

/**
 * Every API request finds its caller with one prepared statement (lib/esign/accounts/caller.ts).
 * PostgreSQL refuses to run a prepared statement again once a column it returns has changed type
 * (a migration by another instance sharing the database); the lookup then reads unprepared.
 */
describe("the caller's lookup by API key", () => {
  it("keeps answering after a column it reads changes type under the running service", async () => {
    const account = await seedAccount("Prepared Lookups");
    const session = () => callJson<{ user: { id: string; company: string } }>("GET", "/api/session", { key: account.apiKey });
    // Several requests, so that each connection the pool opened has prepared the statement.
    for (let i = 0; i < 12; i++) expect((await session()).user.id).toBe(account.userId);
    const db = await getDb();
    await db.execute(sql`alter table users alter column company type varchar(500)`);
    await db.execute(sql`update users set company = 'Changed Type Ltd' where id = ${account.userId}`);
    for (let i = 0; i < 12; i++) expect((await session()).user.company).toBe("Changed Type Ltd");
  });

  it("refuses a key that is not one", async () => {
    const account = await seedAccount("Prepared Lookups");
    const forged = Buffer.from(`${account.userId}:${"x".repeat(43)}`).toString("base64");
    await callJson("GET", "/api/session", { key: forged, expect: 401 });
  });
});
