import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { packages } from "@/lib/db/schema";

/** What a refused request must not have stored: the account's packages, and the blob files on disk. */
export async function countPackages(accountId: string): Promise<number> {
  const db = await getDb();
  return (await db.select({ id: packages.id }).from(packages).where(eq(packages.accountId, accountId))).length;
}

export function blobFiles(): string[] {
  const root = path.join(process.env.DATA_DIR!, "blobs");
  if (!fs.existsSync(root)) return [];
  return fs.readdirSync(root, { recursive: true }).map(String).filter((name) => name.length > 60);
}
