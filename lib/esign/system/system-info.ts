import { sql } from "drizzle-orm";
import type { Queryable } from "@/lib/db/client";
import packageJson from "@/package.json";

export interface SystemInfo {
  version: string;
  webappVersion: string;
  schemaVersion: string;
}

/**
 * `GET /api/sysinfo`: the running version (package.json) and the database schema's, the number of
 * migrations applied (the SDKs read `version`).
 */
export async function systemInfo(db: Queryable): Promise<SystemInfo> {
  const [{ applied }] = await db.select({ applied: sql<number>`count(*)::int` }).from(sql`drizzle.__drizzle_migrations`);
  return { version: packageJson.version, webappVersion: packageJson.version, schemaVersion: String(applied) };
}
