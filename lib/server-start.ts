import { requeueStalledDeliveries } from "@/lib/callbacks/requeue-stalled-deliveries";
import { closeDatabase, database } from "@/lib/db/client";
import { now } from "@/lib/esign/clock";
import { closePdfPool, startPdfPool } from "@/lib/esign/pdf/pdf-pool";
import { serviceCertificate } from "@/lib/esign/sealing/service-certificate";
import { hashStoredAnswers } from "@/lib/esign/signing/authentication/hash-stored-answers";
import { serverSecret } from "@/lib/esign/security/server-secret";
import { startJobQueue, stopJobQueue } from "@/lib/jobs/queue";
import { config } from "@/lib/config";
import { describeBlobStore } from "@/lib/esign/storage/blob-store";
import { resolveClientAddressesOfServer, trustedProxies } from "@/lib/http/client-address";
import { logger } from "@/lib/observability/logger";

/**
 * Runs once when the server starts: creates the secret and opens the database (taking the
 * DATA_DIR lock in embedded mode and applying migrations), so that a second process on the same
 * folder refuses to start at once, with a clear message, instead of failing on its first request.
 * The seal certificate is loaded (or created) too, so a wrong SEAL_P12_PATH or passphrase stops
 * the start with its message instead of failing the first sealing; so is an S3 bucket that cannot
 * be read. The PDF workers are started
 * so that the first upload does not wait for them to load. Then starts the job queue's
 * workers, stopped cleanly (running jobs finish) on SIGTERM, and queues again the callback
 * deliveries an instance that died (SIGKILL, power loss) was holding.
 */
export async function startServer(): Promise<void> {
  try {
    resolveClientAddressesOfServer(trustedProxies(config().trustedProxies));
    serverSecret();
    const { kind, db } = await database();
    logger().info({ kind }, "database ready");
    const hashedAnswers = await hashStoredAnswers(db);
    if (hashedAnswers > 0) logger().info({ roles: hashedAnswers }, "signers' security answers stored before hashing are hashed now");
    logger().info(`documents stored ${await describeBlobStore()}`);
    const seal = await serviceCertificate();
    logger().info({ subject: seal.certificate.subject.replace(/\n/g, ", "), source: seal.source, validTo: seal.certificate.validTo }, "seal certificate loaded");
    startPdfPool();
    await startJobQueue();
    const requeued = await requeueStalledDeliveries(now(), 0);
    logger().info({ requeuedCallbackDeliveries: requeued }, "job queue started");
  } catch (error) {
    logger().fatal(`cannot start: ${(error as Error).message}`);
    process.exit(1);
  }
  process.once("SIGTERM", () => {
    void stopJobQueue()
      .then(() => closePdfPool())
      .then(() => closeDatabase())
      .catch((error) => logger().error({ err: error }, "stopping failed"))
      .finally(() => process.exit(0));
  });
}
