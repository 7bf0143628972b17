import { randomBytes } from "node:crypto";
import pg from "pg";

/**
 * A throwaway database `<prefix>_<random>` on the PostgreSQL server (TEST_DATABASE_URL, default the
 * local one), for tests that start a deployment of their own (servers, the migration command).
 */
export async function createThrowawayDatabase(prefix = "signet_e2e", createOptions = ""): Promise<{ url: string; drop: () => Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres";
  const name = `${prefix}_${randomBytes(6).toString("hex")}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name} ${createOptions}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}
