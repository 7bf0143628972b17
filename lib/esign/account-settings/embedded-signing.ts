import { eq } from "drizzle-orm";
import { embeddingOrigin } from "@/lib/api/account-settings";
import type { Queryable } from "@/lib/db/client";
import { packages } from "@/lib/db/schema";
import { readSettingsDocument } from "./settings-documents";

/**
 * The origins the package's account allows to frame its ceremony (packageSettings'
 * embeddedSigningOrigins); none for a package that does not exist. Checked again on the way out,
 * as they go into a response header.
 */
export async function embeddedSigningOriginsOf(db: Queryable, packageId: string): Promise<string[]> {
  const [row] = await db.select({ accountId: packages.accountId }).from(packages).where(eq(packages.id, packageId));
  if (!row) return [];
  const { embeddedSigningOrigins } = await readSettingsDocument(db, row.accountId, "packageSettings");
  if (!Array.isArray(embeddedSigningOrigins)) return [];
  return embeddedSigningOrigins.filter((origin): origin is string => typeof origin === "string" && embeddingOrigin(origin) === origin);
}
