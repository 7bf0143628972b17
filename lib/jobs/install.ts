import PgBoss from "pg-boss";
import type { SqlExecutor } from "@/lib/db/sql-executor";
import { config } from "@/lib/config";
import { JOB_QUEUE_POLICY, JOB_QUEUES } from "./names";

/**
 * Creates (or migrates) pg-boss's tables in the JOB_SCHEMA schema and the service's queues, on the
 * database's own connection. Runs when the database opens, outside any transaction: on PGlite a
 * query outside the transaction would wait for it, so queues cannot be created lazily on enqueue.
 */
export async function installJobQueue(executeSql: SqlExecutor, queues: readonly string[] = JOB_QUEUES): Promise<void> {
  const boss = new PgBoss({ db: { executeSql: (text, values) => executeSql(text, values) }, schema: config().jobSchema, supervise: false, schedule: false, migrate: true });
  await boss.start();
  for (const name of queues) await createQueue(boss, name);
  await boss.stop({ graceful: false, close: false, wait: true });
}

/** Creates a queue with its policy (names.ts); a queue created before its policy was set gets it now. */
export async function createQueue(boss: PgBoss, name: string): Promise<void> {
  const policy = (JOB_QUEUE_POLICY as Record<string, "stately" | undefined>)[name];
  await boss.createQueue(name, policy ? { name, policy } : undefined);
  if (policy) await boss.updateQueue(name, { name, policy });
}
