import { config } from "@/lib/config";
import { serverSecret } from "@/lib/esign/security/server-secret";
import { resolveClientAddressesOfServer, trustedProxies } from "@/lib/http/client-address";
import { sendDeclaredLengths } from "@/lib/http/content-length";
import { countRequests, idleMoment } from "@/lib/idle-moment";
import { logger } from "@/lib/observability/logger";
import { recordStartWork } from "@/lib/start-work";

/**
 * Runs once when the server starts (instrumentation.ts), in two parts.
 *
 * Before the server takes its first request: the settings are read (a wrong one stops the start
 * with its message), client addresses are resolved from the trusted proxies, answers get their
 * Content-Length on the wire (lib/http/content-length.ts), the requests being answered are counted
 * (lib/idle-moment.ts), and the secret is created or read.
 *
 * Then, while Next.js already answers: the database is opened (taking the DATA_DIR lock in embedded
 * mode and applying migrations) and security answers stored before hashing are hashed. Then, in
 * steps, each at the thread's next idle moment (lib/idle-moment.ts: no request being answered; the
 * waits at most START_YIELDS_MS in all): the document store and the seal certificate are checked,
 * the PDF workers and the job queue's workers start, and callback deliveries an instance that died
 * was holding are queued again. That part is 150 to 410 ms of one thread's time on two cores, by
 * the machine (its modules' loading, the certificate's PKCS#12); run at once, it came between the
 * first request after a start and its answer, which needs none of it (the PDF workers, the
 * certificate and the store also start at their first use; a job queued meanwhile waits for the
 * workers); in one piece after the first idle moment, it held one request of each start that long.
 *
 * A request that needs the database waits for that same opening (`database()` is one promise), so
 * nothing is served from a database not yet migrated; a page that needs none (sign-in, the
 * ceremony's assets) does not wait. Any failure here still ends the process with its message: a
 * second process on the same folder, a wrong SEAL_P12_PATH or passphrase, an S3 bucket that cannot
 * be read. The modules of this part load here, not before the first request. Running jobs finish
 * on SIGTERM.
 */
export async function startServer(): Promise<void> {
  try {
    resolveClientAddressesOfServer(trustedProxies(config().trustedProxies));
    sendDeclaredLengths();
    countRequests();
    serverSecret();
  } catch (error) {
    cannotStart(error);
  }
  process.once("SIGTERM", () => void stop());
  // A failure once stopping began is the stop's closing, not the start's.
  const work = startInBackground();
  recordStartWork(work);
  void work.catch((error) => stopping || cannotStart(error));
}

/** The longest the start's steps after the database wait for idle moments, all together. */
const START_YIELDS_MS = 3_000;
/** After that, the most each step still waits for one: requests keep coming between the steps. */
const STEP_GAP_MS = 50;

/** Set by SIGTERM: the rest of the start, still to come, is not begun on a database being closed. */
let stopping = false;

async function startInBackground(): Promise<void> {
  // The database first and alone: requests wait for it, and the other modules' loading would share its time.
  const { database } = await import("@/lib/db/client");
  const { kind, db } = await database();
  logger().info({ kind }, "database ready");
  // Before any signer can answer against them.
  const { hashStoredAnswers } = await import("@/lib/esign/signing/authentication/hash-stored-answers");
  const hashedAnswers = await hashStoredAnswers(db);
  if (hashedAnswers > 0) logger().info({ roles: hashedAnswers }, "signers' security answers stored before hashing are hashed now");

  const step = stepsAtIdleMoments(performance.now() + START_YIELDS_MS);
  await step(async () => {
    const { describeBlobStore } = await import("@/lib/esign/storage/blob-store");
    logger().info(`documents stored ${await describeBlobStore()}`);
  });
  const { serviceCertificate } = await step(() => import("@/lib/esign/sealing/service-certificate"));
  const seal = await step(serviceCertificate);
  logger().info({ subject: seal.certificate.subject.replace(/\n/g, ", "), source: seal.source, validTo: seal.certificate.validTo }, "seal certificate loaded");
  const [{ startPdfPool }, { startJobQueue }] = await step(() => Promise.all([import("@/lib/esign/pdf/pdf-pool"), import("@/lib/jobs/queue")]));
  await step(async () => {
    startPdfPool();
    await startJobQueue();
  });
  await step(async () => {
    const [{ requeueStalledDeliveries }, { now }] = await Promise.all([import("@/lib/callbacks/requeue-stalled-deliveries"), import("@/lib/esign/clock")]);
    const requeued = await requeueStalledDeliveries(now(), 0);
    logger().info({ requeuedCallbackDeliveries: requeued }, "job queue started");
  });
}

/**
 * Runs each step of the start at the thread's next idle moment, waiting until `waitUntil` at most,
 * and STEP_GAP_MS at most once that has passed (a thread kept busy by requests back to back has
 * none): a request that comes in during the start's work waits mostly for one step (a module's
 * loading, the certificate's reading, the job queue's start: 15 to 50 ms each), not for all of them
 * (150 to 410 ms in one piece); requests answered back to back for less than START_YIELDS_MS wait
 * for none. Once SIGTERM has come, the next step is not begun
 * (its failure is the stop's, which the start's catch leaves alone).
 */
function stepsAtIdleMoments(waitUntil: number) {
  return async <T>(run: () => Promise<T>): Promise<T> => {
    await idleMoment(Math.max(STEP_GAP_MS, waitUntil - performance.now()));
    if (stopping) throw new Error("the server is stopping");
    return run();
  };
}

function cannotStart(error: unknown): never {
  logger().fatal(`cannot start: ${(error as Error).message}`);
  process.exit(1);
}

async function stop(): Promise<void> {
  stopping = true;
  try {
    const [{ stopJobQueue }, { closePdfPool }, { closeDatabase }] = await Promise.all([import("@/lib/jobs/queue"), import("@/lib/esign/pdf/pdf-pool"), import("@/lib/db/client")]);
    await stopJobQueue();
    await closePdfPool();
    await closeDatabase();
  } catch (error) {
    logger().error({ err: error }, "stopping failed");
  } finally {
    process.exit(0);
  }
}
