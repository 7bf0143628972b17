import { and, eq, exists, inArray, isNotNull, isNull, lte, ne } from "drizzle-orm";
import { getDb, type Queryable } from "@/lib/db/client";
import { documents, packages } from "@/lib/db/schema";
import { CONSENT_DOCUMENT_ID } from "@/lib/esign/documents/consent-document-id";
import { inScope, type SweepScope } from "@/lib/esign/time-based/sweep-scope";
import { enqueueJob } from "@/lib/jobs/enqueue";
import { SEAL_PACKAGE_JOB } from "@/lib/jobs/names";

/** A package completed this long ago and still unsealed lost its sealing job (or every retry failed). */
export const UNSEALED_GRACE_MS = 5 * 60 * 1000;
/** How often the sweep queues the sealing of one package at most: once an hour, whatever the number of sweeps and instances. */
const SWEEP_SEAL_EVERY_SECONDS = 60 * 60;

/** The packages awaiting their seal, completed by `at` less the grace, with a document still unsealed: from their own index (packages_sweep_awaiting_seal_idx). */
export function awaitingSealQuery(q: Queryable, at: Date, scope: SweepScope = {}) {
  const unsealedDocument = q
    .select({ id: documents.id })
    .from(documents)
    .where(
      and(
        eq(documents.packageId, packages.id),
        ne(documents.id, CONSENT_DOCUMENT_ID),
        isNotNull(documents.blobSha256),
        isNull(documents.sealedBlobSha256),
      ),
    );
  return q
    .select({ id: packages.id })
    .from(packages)
    .where(
      and(
        eq(packages.awaitingSeal, true),
        eq(packages.type, "PACKAGE"),
        inArray(packages.status, ["COMPLETED", "ARCHIVED"]),
        isNull(packages.purged),
        isNotNull(packages.completed),
        lte(packages.completed, new Date(at.getTime() - UNSEALED_GRACE_MS)),
        exists(unsealedDocument),
        inScope(scope),
      ),
    );
}

/**
 * Queues the sealing of every complete (COMPLETED or ARCHIVED) package, not purged, completed
 * more than five minutes before `at`, with a document (the consent document aside) still without
 * its sealed PDF. Its own sealing job is gone: an instance died while running it, or every retry
 * failed (a certificate misconfigured, then fixed). Only packages marked as awaiting their seal
 * (queue-package-sealing.ts) are looked at, from their own index: the sweep's cost follows what
 * waits, not how many packages ever completed. A singleton key per package and hour keeps
 * sweeps from piling up jobs for a package that keeps failing. Answers how many jobs it queued.
 */
export async function queueUnsealedPackages(at: Date, scope: SweepScope = {}): Promise<number> {
  const db = await getDb();
  const unsealed = await awaitingSealQuery(db, at, scope);
  if (unsealed.length === 0) return 0;
  let queued = 0;
  await db.transaction(async (tx) => {
    for (const pkg of unsealed) {
      const options = { singletonKey: `sweep-seal:${pkg.id}`, singletonSeconds: SWEEP_SEAL_EVERY_SECONDS };
      const id = await enqueueJob(tx, SEAL_PACKAGE_JOB, { packageId: pkg.id }, options);
      if (id) queued++;
    }
  });
  return queued;
}
