import { eq } from "drizzle-orm";
import type { Queryable } from "@/lib/db/client";
import { packages } from "@/lib/db/schema";
import { retentionDays } from "@/lib/esign/time-based/purge-packages";
import { createSigningLink } from "../links/signing-links";
export { signerCopyPath, signerCopyPdfPath, signerCopyZipPath } from "./signer-copy-paths";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A new COPY link of one signer (a group's member named) of a completed package, as its token. A
 * signing link of its own kind: it only downloads (redeemSigningLink refuses it).
 */
export async function createSignerCopyLink(tx: Queryable, packageId: string, signer: { roleId: string; memberEmail: string | null }): Promise<string> {
  return createSigningLink(tx, { packageId, roleId: signer.roleId, kind: "COPY", memberEmail: signer.memberEmail });
}

/**
 * When retention removes the documents of a completed package, so when its signers' copy links
 * stop working: its completion plus the account's retention days (purge-packages.ts). Null for a
 * package not completed.
 */
export async function copiesAvailableUntil(tx: Queryable, packageId: string): Promise<Date | null> {
  const [row] = await tx
    .select({ completed: packages.completed, days: retentionDays().mapWith(Number) })
    .from(packages)
    .where(eq(packages.id, packageId));
  if (!row?.completed) return null;
  return new Date(row.completed.getTime() + row.days * DAY_MS);
}
