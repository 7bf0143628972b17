import { eq } from "drizzle-orm";
import { database } from "@/lib/db/client";
import { packages } from "@/lib/db/schema";
import { logger } from "@/lib/observability/logger";
import { isSealable, unsealedDocuments } from "./sealable-documents";
import { dropIdleSealLease, releaseSealLease, renewSealLease, SEAL_HEARTBEAT_MS, takeSealLease } from "./seal-lease";

export interface SealPackageResult {
  /** Documents sealed by this call. */
  sealed: string[];
}

/**
 * Seals every document of a completed (or archived) package that is not sealed yet, the consent
 * document aside: each field's value stamped on its page, then the service's PAdES signature,
 * dated when the package completed. The heavy work (reading, stamping, signing) happens outside
 * any transaction; then one transaction per package locks the package, stores the sealed PDFs
 * (in the transaction with the `blobs` table) and sets each document's `sealedBlobSha256`, only where it is
 * still unset. So it is idempotent: sealed documents are skipped, and of two runs racing on one
 * package the second changes nothing. A run holds the package's seal lease while it works
 * (seal-lease.ts), renewed every few seconds: a run that finds it held by a live run leaves the
 * package to it, and a lease left by a run whose instance died is found within seconds and the
 * seal queued again. A package that is not complete, or purged, is left alone.
 * The run that seals the last document e-mails each signer their copy (emailSignerCopies).
 */
export async function sealPackage(packageId: string): Promise<SealPackageResult> {
  const { db } = await database();
  const [pkg] = await db.select().from(packages).where(eq(packages.id, packageId));
  if (!pkg || !isSealable(pkg) || (await unsealedDocuments(db, packageId)).length === 0) {
    if (pkg) await dropIdleSealLease(db, packageId);
    if (pkg?.awaitingSeal) await db.update(packages).set({ awaitingSeal: false }).where(eq(packages.id, packageId));
    return { sealed: [] };
  }
  // One run per package at a time: a live run elsewhere holds the lease and will store the seal.
  const runHolder = await takeSealLease(db, packageId);
  if (!runHolder) return { sealed: [] };
  logger().debug({ packageId, holder: runHolder }, "seal lease taken");
  const heartbeat = setInterval(() => {
    renewSealLease(db, packageId, runHolder).catch((error) => logger().warn({ err: error, packageId }, "renewing a seal's lease failed"));
  }, SEAL_HEARTBEAT_MS);
  heartbeat.unref();
  try {
    // The sealing code (field stamps, signer copies, the notary's, the PDF workers) loads under the
    // lease, at the first seal: a run killed while it loads holds a lease that goes stale, and
    // another instance takes the seal over within seconds instead of at the sweep's grace.
    const { sealUnderLease } = await import("./seal-under-lease");
    return await sealUnderLease(db, pkg, runHolder);
  } finally {
    clearInterval(heartbeat);
    // Still held after a failure: given up, so that the job's retry (or another run) takes it at once.
    await releaseSealLease(db, packageId, runHolder).catch((error) => logger().warn({ err: error, packageId }, "releasing a seal's lease failed"));
  }
}
